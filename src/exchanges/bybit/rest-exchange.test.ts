import { describe, expect, it } from 'vitest';
import {
  createFakeFetch,
  createManualTime,
  fakeResponse,
  type RecordedRequest,
} from '../transport/http-fake.test-helper';
import { bybitLinearRow } from './instrument-fake.test-helper';
import { createBybitExchangeRest } from './rest-exchange';

const instrument = bybitLinearRow;

const row = (symbol: string, side: string, size: string, positionIdx: number) => ({
  symbol,
  side,
  size,
  positionIdx,
  avgPrice: '30000',
  markPrice: '30000',
});

/** Linear USDT positions come in two pages (cursor "p2"); every other list is empty. */
function positionPage(query: URLSearchParams) {
  const category = query.get('category');
  if (category !== 'linear' || query.get('settleCoin') !== 'USDT')
    return { category, list: [], nextPageCursor: '' };
  return query.get('cursor') === 'p2'
    ? { category, list: [row('SOLUSDT', 'Buy', '3', 1)], nextPageCursor: '' }
    : {
        category,
        list: [row('BTCUSDT', 'Sell', '0.5', 2), row('ETHUSDT', '', '0', 0)],
        nextPageCursor: 'p2',
      };
}

function route(request: RecordedRequest) {
  const url = new URL(request.url);
  const results: Record<string, unknown> = {
    '/v5/market/instruments-info':
      url.searchParams.get('category') !== 'linear'
        ? { category: url.searchParams.get('category'), list: [], nextPageCursor: '' }
        : url.searchParams.get('cursor') === 'page2'
          ? { category: 'linear', list: [instrument('ETHUSDT')], nextPageCursor: '' }
          : { category: 'linear', list: [instrument('BTCUSDT')], nextPageCursor: 'page2' },
    '/v5/position/list': positionPage(url.searchParams),
    '/v5/market/tickers': { category: 'linear', list: [{ symbol: 'ETHUSDT', lastPrice: '2000' }] },
    '/v5/order/create': { orderId: 'o-1', orderLinkId: 'close-1' },
    '/v5/order/cancel': { orderId: 'o-2', orderLinkId: '' },
    '/v5/order/realtime': {
      category: 'linear',
      list: [
        {
          symbol: 'BTCUSDT',
          orderId: 'o-2',
          side: 'Buy',
          orderType: 'Limit',
          price: '20000',
          qty: '0.1',
          orderStatus: 'New',
        },
      ],
    },
    '/v5/user/query-api': { readOnly: 0, userID: 5, permissions: { ContractTrade: ['Order'] } },
  };
  return fakeResponse(200, { retCode: 0, retMsg: 'OK', result: results[url.pathname] ?? {}, time: 7 });
}

function setup() {
  const time = createManualTime();
  const fake = createFakeFetch(route);
  return {
    fake,
    exchange: createBybitExchangeRest({
      credentials: { apiKey: 'k', secret: 's' },
      fetch: fake.fetch,
      timers: time,
      clock: time,
    }),
  };
}

const linear = { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' } as const;
/** Request paths, sorted: lists are read in parallel and signing may finish in any order. */
const paths = (requests: readonly RecordedRequest[]) =>
  requests.map((request) => request.url.replace('https://api.bybit.com', '')).sort();

describe('Bybit exchange', () => {
  it('follows instrument pages to the end', async () => {
    const { exchange } = setup();
    expect((await exchange.getInstruments('perpetual')).map((item) => item.id)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
    ]);
  });

  it('keeps the instrument lists, and fetches them again when asked to refresh', async () => {
    const { fake, exchange } = setup();
    const pages = () => fake.requests.filter((request) => request.url.includes('/instruments-info')).length;
    await exchange.getInstruments('perpetual');
    const once = pages();
    await exchange.getInstruments('perpetual');
    expect(pages()).toBe(once);
    await exchange.getInstruments('perpetual', { refresh: true });
    await exchange.getInstruments('perpetual');
    expect(pages()).toBe(2 * once);
  });

  it('lists positions of every category and settle coin, every page, leaving flat rows out', async () => {
    const { fake, exchange } = setup();
    const positions = await exchange.getPositions();
    expect(paths(fake.requests)).toEqual(
      [
        '/v5/position/list?category=linear&settleCoin=USDT&limit=200',
        '/v5/position/list?category=linear&settleCoin=USDC&limit=200',
        '/v5/position/list?category=inverse&limit=200',
        '/v5/position/list?category=option&limit=200',
        '/v5/position/list?category=linear&settleCoin=USDT&limit=200&cursor=p2',
      ].sort(),
    );
    expect(positions.map((p) => [p.symbol, p.side, p.positionSlot, p.instrumentKind])).toEqual([
      ['BTCUSDT', 'short', 'short', 'perpetual'],
      ['SOLUSDT', 'long', 'long', 'perpetual'],
    ]);
  });

  it('asks only the categories that hold a kind', async () => {
    const { fake, exchange } = setup();
    await exchange.getPositions({ kind: 'option' });
    expect(paths(fake.requests)).toEqual(['/v5/position/list?category=option&limit=200']);
  });

  it('closes with a reduce-only market order the other way, in the position slot', async () => {
    const { fake, exchange } = setup();
    const [position] = await exchange.getPositions();
    const ack = await exchange.closePosition(position!, 'close-1');
    expect(fake.requests.at(-1)?.init.body).toBe(
      '{"category":"linear","symbol":"BTCUSDT","side":"Buy","orderType":"Market","qty":"0.5","reduceOnly":true,"positionIdx":2,"orderLinkId":"close-1"}',
    );
    expect(ack).toEqual({
      exchange: 'bybit',
      orderId: 'o-1',
      clientOrderId: 'close-1',
      code: '0',
      message: '',
    });
  });

  it('refuses to close a position of a category Bybit does not have, naming the valid ones', async () => {
    const { exchange } = setup();
    const [position] = await exchange.getPositions();
    await expect(exchange.closePosition({ ...position!, category: 'futures' })).rejects.toThrow(
      'Bybit has no category "futures". Valid categories: spot, linear, inverse, option.',
    );
  });

  it('lists open orders of every category and cancels one', async () => {
    const { fake, exchange } = setup();
    const orders = await exchange.getOpenOrders();
    expect(paths(fake.requests)).toEqual(
      [
        '/v5/order/realtime?category=spot&limit=50',
        '/v5/order/realtime?category=linear&settleCoin=USDT&limit=50',
        '/v5/order/realtime?category=linear&settleCoin=USDC&limit=50',
        '/v5/order/realtime?category=inverse&limit=50',
        '/v5/order/realtime?category=option&limit=50',
      ].sort(),
    );
    expect(orders[0]).toMatchObject({ orderId: 'o-2', side: 'buy', status: 'open', price: '20000' });
    const ack = await exchange.cancelOrder(linear, 'o-2');
    expect(fake.requests.at(-1)?.init.body).toBe('{"category":"linear","symbol":"BTCUSDT","orderId":"o-2"}');
    expect(ack).toMatchObject({ orderId: 'o-2', code: '0' });
  });

  it('asks for positions of one instrument in its own category', async () => {
    const { fake, exchange } = setup();
    await exchange.getPositions({
      instrument: { kind: 'perpetual', symbol: 'BTCUSD', contractType: 'inverse' },
    });
    expect(paths(fake.requests)).toEqual(['/v5/position/list?category=inverse&symbol=BTCUSD&limit=200']);
  });

  it('asks nothing for positions of a spot pair, which Bybit keeps no positions of', async () => {
    const { fake, exchange } = setup();
    expect(await exchange.getPositions({ instrument: { kind: 'spot', symbol: 'BTCUSDT' } })).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it('finds whether a perpetual is linear or inverse in the instrument lists', async () => {
    const { fake, exchange } = setup();
    await exchange.getQuote({ kind: 'perpetual', symbol: 'ETHUSDT' });
    expect(paths(fake.requests).at(-1)).toBe('/v5/market/tickers?category=linear&symbol=ETHUSDT');
    await expect(exchange.getQuote({ kind: 'perpetual', symbol: 'XRPUSD' })).rejects.toThrow(
      'Bybit lists no perpetual "XRPUSD" among its linear or inverse contracts.',
    );
  });

  it('reads the server time from the envelope and key permissions from query-api', async () => {
    const { exchange } = setup();
    expect(await exchange.getServerTime()).toBe(7);
    expect((await exchange.getAccountConfig()).permissions.canTrade).toBe(true);
  });
});
