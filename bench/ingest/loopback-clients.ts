import WebSocket from 'ws';
import { createExchange, type StreamEvent } from '../../src/exchanges/index';
import { createCcxtExchange } from './ccxt-sink';
import { loadSdk, silentLogger, type SdkWebsocketClient } from './peers';
import type { LoopbackImpl } from './results';
import { BYBIT_BOOK_DEPTH, isMarketPush, STREAMS, type BenchExchange } from './stream-spec';

export interface SimAddress {
  readonly url: string;
  readonly wsUrl: string;
}

/** A connected client subscribed to every book and ticker: how many pushes it has processed, and its stop. */
export interface LoopbackClient {
  processed(): number;
  /** Books that failed a check and were fetched again (Perch only: the peers check nothing here). */
  resyncs(): number;
  stop(): Promise<void>;
}

/** Perch's real socket manager on a `ws` socket, subscribed through `streams` as the worker does. */
function perchClient(exchange: BenchExchange, sim: SimAddress): LoopbackClient {
  const client = createExchange({
    exchange,
    wsBaseUrl: sim.wsUrl,
    restBaseUrl: sim.url,
    fetch: (url, init) => fetch(url, init as RequestInit),
    createSocket: (url) => new WebSocket(url),
    timers: {
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => {
        clearTimeout(handle as number);
      },
    },
    clock: { now: () => Date.now() },
  });
  let processed = 0;
  let resyncs = 0;
  const count = (event: StreamEvent): void => {
    if (event.kind === 'book' || event.kind === 'ticker') processed++;
    if (event.kind === 'book-resync') resyncs++;
  };
  for (const symbol of STREAMS[exchange].symbols) {
    const instrument = { kind: 'perpetual', symbol, contractType: 'linear' } as const;
    client.streams.subscribe({ kind: 'book', instrument }, count);
    client.streams.subscribe({ kind: 'quote', instrument }, count);
  }
  return {
    processed: () => processed,
    resyncs: () => resyncs,
    stop: () => {
      client.close();
      return Promise.resolve();
    },
  };
}

/** ccxt pro with its REST and socket URLs on the simulator, a user's watch loop per book and ticker. */
async function ccxtClient(exchange: BenchExchange, sim: SimAddress): Promise<LoopbackClient> {
  const instance = await createCcxtExchange(exchange, sim.url, sim.wsUrl);
  let processed = 0;
  const handle = instance.handleMessage.bind(instance);
  instance.handleMessage = (client, message) => {
    if (isMarketPush(message)) processed++;
    handle(client, message);
  };
  let running = true;
  const limit = exchange === 'bybit' ? BYBIT_BOOK_DEPTH : undefined;
  const loop = async (watch: () => Promise<unknown>): Promise<void> => {
    while (running) await watch();
  };
  const loops = STREAMS[exchange].ccxtSymbols.flatMap((symbol) => [
    loop(() => instance.watchOrderBook(symbol, limit)),
    loop(() => instance.watchTicker(symbol)),
  ]);
  for (const looping of loops) looping.catch(() => undefined);
  return {
    processed: () => processed,
    resyncs: () => 0,
    stop: async () => {
      running = false;
      await instance.close();
    },
  };
}

function closeSdk(client: SdkWebsocketClient): Promise<void> {
  client.closeAll(true);
  return Promise.resolve();
}

/** okx-api / bybit-api's WebsocketClient with its custom socket URL on the simulator. */
async function sdkClient(exchange: BenchExchange, sim: SimAddress): Promise<LoopbackClient> {
  const { WebsocketClient } = await loadSdk(exchange);
  const wsUrl = `${sim.wsUrl}${STREAMS[exchange].path}`;
  const spec = STREAMS[exchange];
  let processed = 0;
  if (exchange === 'okx') {
    const client = new WebsocketClient({ wsUrl }, silentLogger);
    client.on('update', () => {
      processed++;
    });
    client.subscribe(
      spec.symbols.flatMap((instId) => [
        { channel: 'books', instId },
        { channel: 'tickers', instId },
      ]),
    );
    return { processed: () => processed, resyncs: () => 0, stop: () => closeSdk(client) };
  }
  const client = new WebsocketClient({ market: 'v5', wsUrl }, silentLogger);
  client.on('update', () => {
    processed++;
  });
  client.subscribeV5?.(
    spec.symbols.flatMap((symbol) => [`orderbook.${BYBIT_BOOK_DEPTH}.${symbol}`, `tickers.${symbol}`]),
    'linear',
  );
  return { processed: () => processed, resyncs: () => 0, stop: () => closeSdk(client) };
}

/** The transport ceiling: a bare `ws` socket and JSON.parse of each frame. */
function bareClient(exchange: BenchExchange, sim: SimAddress): LoopbackClient {
  const socket = new WebSocket(`${sim.wsUrl}${STREAMS[exchange].path}`);
  let processed = 0;
  socket.on('open', () => {
    socket.send(STREAMS[exchange].subscribeFrame);
  });
  socket.on('message', (data: Buffer) => {
    if (isMarketPush(JSON.parse(data.toString('utf8')))) processed++;
  });
  return {
    processed: () => processed,
    resyncs: () => 0,
    stop: () => {
      socket.close();
      return Promise.resolve();
    },
  };
}

export function startLoopbackClient(
  impl: LoopbackImpl,
  exchange: BenchExchange,
  sim: SimAddress,
): LoopbackClient | Promise<LoopbackClient> {
  switch (impl) {
    case 'perch':
      return perchClient(exchange, sim);
    case 'ccxt.pro':
      return ccxtClient(exchange, sim);
    case 'sdk':
      return sdkClient(exchange, sim);
    case 'JSON.parse':
      return bareClient(exchange, sim);
  }
}
