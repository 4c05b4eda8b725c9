import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';
import { createSimFakeTime } from '../server/fake-time.test-helper';

interface BybitBody {
  retCode: number;
  retMsg: string;
  result: Record<string, unknown>;
  retExtInfo: unknown;
  time: number;
}
type Row = Record<string, unknown>;

// Fake time: the market moves only when a test advances it, and server time is exact.
const time = createSimFakeTime();
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 22, clock: time.clock, timers: time.timers });
});
afterAll(async () => {
  await sim.stop();
});

async function get(path: string): Promise<{ status: number; body: BybitBody }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, body: (await response.json()) as BybitBody };
}

async function list(path: string): Promise<Row[]> {
  const { body } = await get(path);
  expect(body.retCode).toBe(0);
  return body.result.list as Row[];
}

const decimalString: unknown = expect.stringMatching(/^\d+(\.\d+)?$/);

describe('Bybit public REST', () => {
  it('answers server time in seconds and nanoseconds, with the envelope time in ms', async () => {
    const { body } = await get('/v5/market/time');
    expect(body).toMatchObject({ retCode: 0, retMsg: 'OK', retExtInfo: {} });
    expect(typeof body.time).toBe('number');
    expect(Number(body.result.timeSecond)).toBe(Math.floor(Number(body.result.timeNano) / 1e9));
  });

  it('lists linear instruments with price and lot filters', async () => {
    const { body } = await get('/v5/market/instruments-info?category=linear');
    expect(body.result).toMatchObject({ category: 'linear', nextPageCursor: '' });
    const btc = (body.result.list as Row[]).find((i) => i.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({
      contractType: 'LinearPerpetual',
      status: 'Trading',
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      settleCoin: 'USDT',
      priceScale: '2',
      priceFilter: { tickSize: '0.10' },
      lotSizeFilter: { qtyStep: '0.001', minOrderQty: '0.001' },
    });
  });

  it('pages linear instruments with limit and cursor', async () => {
    const first = (await get('/v5/market/instruments-info?category=linear&limit=2')).body.result;
    expect(first.list).toHaveLength(2);
    expect(first.nextPageCursor).not.toBe('');
    const second = (
      await get(`/v5/market/instruments-info?category=linear&limit=2&cursor=${String(first.nextPageCursor)}`)
    ).body.result;
    expect(second.list).toHaveLength(1);
    expect(second.nextPageCursor).toBe('');
  });

  it('filters instruments by symbol and status, and lists spot without pagination', async () => {
    expect(
      (await list('/v5/market/instruments-info?category=spot&symbol=ETHUSDT')).map((i) => i.symbol),
    ).toEqual(['ETHUSDT']);
    expect(await list('/v5/market/instruments-info?category=linear&status=PreLaunch')).toEqual([]);
    const spot = await list('/v5/market/instruments-info?category=spot');
    expect(spot[0]).toMatchObject({
      lotSizeFilter: { basePrecision: decimalString },
      priceFilter: { tickSize: decimalString },
    });
  });

  it('answers an empty list, not an error, when a category has no market matching the filter', async () => {
    for (const category of ['linear', 'inverse', 'option']) {
      const { status, body } = await get(`/v5/market/instruments-info?category=${category}&baseCoin=XRP`);
      expect({ status, retCode: body.retCode, list: body.result.list }).toEqual({
        status: 200,
        retCode: 0,
        list: [],
      });
    }
    expect(await list('/v5/market/tickers?category=option&baseCoin=XRP')).toEqual([]);
  });

  it('rejects a missing or unknown category with 10001', async () => {
    expect((await get('/v5/market/instruments-info')).body.retCode).toBe(10001);
    expect((await get('/v5/market/tickers?category=futures')).body).toMatchObject({
      retCode: 10001,
      retMsg: 'Illegal category',
    });
  });

  it('answers linear tickers with mark, index, funding and open interest, spot without', async () => {
    const [linear] = await list('/v5/market/tickers?category=linear&symbol=BTCUSDT');
    expect(linear).toMatchObject({
      symbol: 'BTCUSDT',
      lastPrice: decimalString,
      prevPrice24h: decimalString,
      markPrice: decimalString,
      indexPrice: decimalString,
      fundingRate: expect.any(String) as unknown,
      openInterest: decimalString,
      bid1Price: decimalString,
      ask1Price: decimalString,
    });
    expect(Number(linear?.nextFundingTime) % (8 * 3_600_000)).toBe(0);
    const spot = await list('/v5/market/tickers?category=spot');
    expect(spot).toHaveLength(3);
    expect(spot[0]).not.toHaveProperty('markPrice');
    expect(spot[0]).toHaveProperty('usdIndexPrice');
    expect(spot[0]).toMatchObject({ prevPrice24h: decimalString });
    expect((await get('/v5/market/tickers?category=linear&symbol=DOGEUSDT')).body).toMatchObject({
      retCode: 10001,
      retMsg: 'Not supported symbols',
    });
  });

  it('answers the order book with limit, u and seq', async () => {
    const { body } = await get('/v5/market/orderbook?category=linear&symbol=ETHUSDT&limit=50');
    const book = body.result as {
      s: string;
      b: string[][];
      a: string[][];
      u: number;
      seq: number;
      ts: number;
    };
    expect(book.s).toBe('ETHUSDT');
    expect(book.b).toHaveLength(50);
    expect(book.a[0]).toEqual([expect.any(String), expect.any(String)]);
    expect(Number(book.b[0]![0])).toBeLessThan(Number(book.a[0]![0]));
    expect(Number.isInteger(book.u) && Number.isInteger(book.seq)).toBe(true);
    expect(
      ((await get('/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=500')).body.result.b as unknown[])
        .length,
    ).toBe(200);
  });

  it('answers klines newest first as 7 strings, mark/index klines as 5', async () => {
    const rows = (await list(
      '/v5/market/kline?category=linear&symbol=SOLUSDT&interval=15&limit=4',
    )) as unknown as string[][];
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveLength(7);
    expect(Number(rows[0]![0]) - Number(rows[1]![0])).toBe(15 * 60_000);
    expect(
      (
        (await list(
          '/v5/market/mark-price-kline?category=linear&symbol=SOLUSDT&interval=D&limit=2',
        )) as unknown as string[][]
      )[0],
    ).toHaveLength(5);
    expect((await get('/v5/market/kline?category=linear&symbol=SOLUSDT&interval=2')).body.retCode).toBe(
      10001,
    );
  });

  it('answers recent trades, funding history and open interest', async () => {
    // Each heartbeat prints a trade with some probability: run heartbeats until three are there.
    let trades: Row[] = [];
    for (let beat = 0; trades.length < 3 && beat < 50; beat++) {
      time.advance(100);
      trades = await list('/v5/market/recent-trade?category=linear&symbol=BTCUSDT&limit=3');
    }
    expect(trades[0]).toMatchObject({
      symbol: 'BTCUSDT',
      price: decimalString,
      size: decimalString,
      isBlockTrade: false,
    });
    expect(['Buy', 'Sell']).toContain(trades[0]?.side);
    const funding = await list('/v5/market/funding/history?category=linear&symbol=BTCUSDT&limit=3');
    expect(Number(funding[0]?.fundingRateTimestamp) - Number(funding[1]?.fundingRateTimestamp)).toBe(
      8 * 3_600_000,
    );
    const oi = await list('/v5/market/open-interest?category=linear&symbol=BTCUSDT&intervalTime=1h&limit=2');
    expect(oi[0]).toMatchObject({ openInterest: decimalString, timestamp: expect.any(String) as unknown });
  });
});
