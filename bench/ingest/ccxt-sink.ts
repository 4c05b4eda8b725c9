import { startSimulator } from '../../sim/index';
import type { FrameSink } from './frame-sink';
import { loadCcxt, type CcxtProExchange, type CcxtWsClient } from './peers';
import { BYBIT_BOOK_DEPTH, STREAMS, type BenchExchange } from './stream-spec';

/** Where ccxt's public socket for these instruments lives, under a given WebSocket origin. */
export function ccxtSocketUrl(exchange: BenchExchange, wsOrigin: string): string {
  return `${wsOrigin}${STREAMS[exchange].path}`;
}

/**
 * A ccxt pro exchange whose REST and socket URLs lead to the simulator's origin (markets are loaded from
 * its REST at once). ccxt builds its OKX socket URL as `api.ws` + `/public`, Bybit's from a table per
 * category.
 */
export async function createCcxtExchange(
  exchange: BenchExchange,
  restOrigin: string,
  wsOrigin: string,
): Promise<CcxtProExchange> {
  const ccxt = await loadCcxt();
  const instance = new ccxt.pro[exchange]({});
  const { api } = instance.urls;
  for (const key of Object.keys(api)) if (typeof api[key] === 'string') api[key] = restOrigin;
  if (exchange === 'okx') api.rest = restOrigin;
  await instance.loadMarkets();
  await instance.loadHttpProxyAgent();
  api.ws =
    exchange === 'okx'
      ? `${wsOrigin}/ws/v5`
      : { public: { linear: ccxtSocketUrl('bybit', wsOrigin) }, private: {} };
  return instance;
}

/** Subscribes every book and ticker as a ccxt user does; the first results are not awaited here. */
export function watchAll(instance: CcxtProExchange, exchange: BenchExchange): Promise<unknown>[] {
  const limit = exchange === 'bybit' ? BYBIT_BOOK_DEPTH : undefined;
  return STREAMS[exchange].ccxtSymbols.flatMap((symbol) => [
    instance.watchOrderBook(symbol, limit),
    instance.watchTicker(symbol),
  ]);
}

const settle = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/**
 * ccxt pro's per-frame path: its WebSocket client's message entry (JSON.parse, as ccxt does it) and the
 * exchange's handler, which applies the books and builds the tickers. The client never connects: the
 * subscriptions are set up by watchOrderBook/watchTicker as usual, then each frame is handed to it as
 * its socket would. Markets come from a simulator started only for that and stopped before any frame.
 */
export async function createCcxtSink(exchange: BenchExchange): Promise<FrameSink> {
  const sim = await startSimulator({ seed: 7 });
  const deadOrigin = 'ws://127.0.0.1:9';
  let instance: CcxtProExchange;
  try {
    instance = await createCcxtExchange(exchange, sim.url, deadOrigin);
  } finally {
    await sim.stop();
  }
  let delivered = 0;
  const handle = instance.handleMessage.bind(instance);
  instance.handleMessage = (client, message) => {
    delivered++;
    handle(client, message);
  };
  const client: CcxtWsClient = instance.client(ccxtSocketUrl(exchange, deadOrigin));
  client.connect = () => new Promise(() => undefined);
  for (const watching of watchAll(instance, exchange)) watching.catch(() => undefined);
  await settle();
  const [first = ''] = STREAMS[exchange].ccxtSymbols;
  return {
    push: (text) => {
      client.onMessage({ data: text });
    },
    delivered: () => delivered,
    bestBid: () => {
      const bid = instance.orderbooks[first]?.bids[0]?.[0];
      return bid === undefined ? undefined : String(bid);
    },
  };
}
