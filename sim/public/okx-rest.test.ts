import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';
import { createSimFakeTime } from '../server/fake-time.test-helper';

interface OkxBody {
  code: string;
  msg: string;
  data: Record<string, unknown>[];
}

// Fake time: the market moves only when a test advances it, and server time is exact.
const time = createSimFakeTime();
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 21, clock: time.clock, timers: time.timers });
});
afterAll(async () => {
  await sim.stop();
});

async function get(path: string): Promise<{ status: number; body: OkxBody }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, body: (await response.json()) as OkxBody };
}

const decimal = /^\d+(\.\d+)?$/;
const decimalString: unknown = expect.stringMatching(decimal);
const anyString: unknown = expect.any(String);

describe('OKX public REST', () => {
  it('answers server time as a millisecond string of the server clock', async () => {
    const { body } = await get('/api/v5/public/time');
    expect(body.code).toBe('0');
    expect(body.data[0]?.ts).toBe(String(time.clock.now()));
  });

  it('follows the skewed clock', async () => {
    sim.ctx.faults.clockSkewMs = 60_000;
    const { body } = await get('/api/v5/public/time');
    sim.ctx.faults.clockSkewMs = 0;
    expect(body.data[0]?.ts).toBe(String(time.clock.now() + 60_000));
  });

  it('lists the three USDT swaps with real contract values', async () => {
    const { body } = await get('/api/v5/public/instruments?instType=SWAP');
    const byId = new Map(body.data.map((i) => [String(i.instId), i]));
    expect([...byId.keys()].sort()).toEqual(['BTC-USDT-SWAP', 'ETH-USDT-SWAP', 'SOL-USDT-SWAP']);
    expect(byId.get('BTC-USDT-SWAP')).toMatchObject({
      instType: 'SWAP',
      ctVal: '0.01',
      ctValCcy: 'BTC',
      settleCcy: 'USDT',
      tickSz: '0.1',
      lotSz: '0.01',
      minSz: '0.01',
      state: 'live',
      ctType: 'linear',
      instFamily: 'BTC-USDT',
    });
    expect(byId.get('ETH-USDT-SWAP')?.ctVal).toBe('0.1');
    expect(byId.get('SOL-USDT-SWAP')?.ctVal).toBe('1');
  });

  it('filters instruments by instId and instFamily, and lists spot pairs as SPOT and MARGIN', async () => {
    expect(
      (await get('/api/v5/public/instruments?instType=SWAP&instId=ETH-USDT-SWAP')).body.data.map(
        (i) => i.instId,
      ),
    ).toEqual(['ETH-USDT-SWAP']);
    expect(
      (await get('/api/v5/public/instruments?instType=SWAP&instFamily=SOL-USDT')).body.data.map(
        (i) => i.instId,
      ),
    ).toEqual(['SOL-USDT-SWAP']);
    const spot = (await get('/api/v5/public/instruments?instType=SPOT')).body.data;
    expect(spot.map((i) => i.instId).sort()).toEqual(['BTC-USDT', 'ETH-USDT', 'SOL-USDT']);
    expect(spot[0]).toMatchObject({ baseCcy: anyString, quoteCcy: 'USDT', ctVal: '' });
    expect(
      (await get('/api/v5/public/instruments?instType=MARGIN')).body.data.every(
        (i) => i.instType === 'MARGIN',
      ),
    ).toBe(true);
  });

  it('answers an empty list for instrument types it has none of', async () => {
    for (const instType of ['FUTURES', 'OPTION']) {
      const { status, body } = await get(`/api/v5/public/instruments?instType=${instType}`);
      expect({ status, code: body.code, data: body.data }).toEqual({ status: 200, code: '0', data: [] });
    }
  });

  it('rejects a missing instType with 50014 and an unknown one with 51000', async () => {
    expect((await get('/api/v5/public/instruments')).body).toMatchObject({
      code: '50014',
      msg: 'Parameter instType can not be empty',
    });
    expect((await get('/api/v5/public/instruments?instType=BOND')).body).toMatchObject({
      code: '51000',
      msg: 'Parameter instType error',
    });
  });

  it('answers a ticker with every number as a string', async () => {
    const { body } = await get('/api/v5/market/ticker?instId=BTC-USDT-SWAP');
    const ticker = body.data[0]!;
    for (const field of [
      'last',
      'lastSz',
      'askPx',
      'askSz',
      'bidPx',
      'bidSz',
      'open24h',
      'high24h',
      'low24h',
      'volCcy24h',
      'vol24h',
      'ts',
    ]) {
      expect(ticker[field], field).toMatch(decimal);
    }
    expect(Number(ticker.bidPx)).toBeLessThan(Number(ticker.askPx));
  });

  it('lists all tickers of a type, and 51001 for an unknown instrument', async () => {
    expect((await get('/api/v5/market/tickers?instType=SPOT')).body.data).toHaveLength(3);
    expect((await get('/api/v5/market/tickers?instType=OPTION')).body.data).toEqual([]);
    expect((await get('/api/v5/market/ticker?instId=DOGE-USDT-SWAP')).body).toMatchObject({
      code: '51001',
      msg: 'Instrument ID does not exist',
    });
  });

  it('answers the order book to the requested depth, up to 400', async () => {
    const small = (await get('/api/v5/market/books?instId=ETH-USDT-SWAP&sz=5')).body.data[0]!;
    expect(small.bids).toHaveLength(5);
    const level = (small.asks as string[][])[0]!;
    expect(level).toHaveLength(4);
    expect(level[2]).toBe('0');
    const deep = (await get('/api/v5/market/books?instId=ETH-USDT-SWAP&sz=1000')).body.data[0]!;
    expect(deep.asks).toHaveLength(400);
    const prices = (deep.bids as string[][]).map((l) => Number(l[0]));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('answers candles newest first with 9 string fields and honours bar and limit', async () => {
    const rows = (await get('/api/v5/market/candles?instId=SOL-USDT-SWAP&bar=1H&limit=3')).body
      .data as unknown as string[][];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveLength(9);
    expect(Number(rows[0]![0]) - Number(rows[1]![0])).toBe(3_600_000);
    expect(rows[0]![8]).toBe('0');
    expect(rows[1]![8]).toBe('1');
    expect((await get('/api/v5/market/candles?instId=SOL-USDT-SWAP&bar=7m')).body.code).toBe('51000');
  });

  it('answers recent trades newest first', async () => {
    // Three heartbeats of the market walk, each of which may print trades.
    time.advance(300);
    const trades = (await get('/api/v5/market/trades?instId=BTC-USDT&limit=5')).body.data;
    expect(trades.length).toBeGreaterThan(0);
    expect(['buy', 'sell']).toContain(trades[0]?.side);
    expect(trades[0]).toMatchObject({ instId: 'BTC-USDT', px: decimalString, sz: decimalString });
  });

  it('answers mark price, index tickers, funding rate and open interest', async () => {
    expect(
      (await get('/api/v5/public/mark-price?instType=SWAP&instId=BTC-USDT-SWAP')).body.data[0],
    ).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP', markPx: decimalString });
    expect((await get('/api/v5/market/index-tickers?instId=BTC-USDT')).body.data[0]).toMatchObject({
      instId: 'BTC-USDT',
      idxPx: decimalString,
    });
    const funding = (await get('/api/v5/public/funding-rate?instId=ETH-USDT-SWAP')).body.data[0]!;
    expect(Number(funding.nextFundingTime) - Number(funding.fundingTime)).toBe(8 * 3_600_000);
    expect((await get('/api/v5/public/open-interest?instType=SWAP')).body.data).toHaveLength(3);
  });

  it('answers an unknown path with 404', async () => {
    const { status, body } = await get('/api/v5/market/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe('404');
  });
});
