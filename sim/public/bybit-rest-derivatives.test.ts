import { describe, expect, it } from 'vitest';
import { createSimFakeTime } from '../server/fake-time.test-helper';
import { useSimulator } from '../server/sim-harness.test-helper';

type Row = Record<string, unknown>;
interface BybitBody {
  retCode: number;
  result: { category?: string; list: Row[] } & Row;
}

// Fake time starts on Monday 2026-01-05 00:00 UTC, so the listed options' expiry is a fixed date.
const time = createSimFakeTime();
const harness = useSimulator({ seed: 23, clock: time.clock, timers: time.timers });
const decimalString: unknown = expect.stringMatching(/^-?\d+(\.\d+)?$/);
const OPTION = /^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+-[CP]$/;

async function get(path: string): Promise<BybitBody> {
  const body = (await (await fetch(`${harness.sim().url}${path}`)).json()) as BybitBody;
  expect(body.retCode, path).toBe(0);
  return body;
}

async function optionSymbols(): Promise<string[]> {
  return (await get('/v5/market/instruments-info?category=option')).result.list.map((i) => String(i.symbol));
}

describe('Bybit public REST: inverse BTCUSD and BTC options', () => {
  it('lists BTCUSD as an inverse perpetual in USD contracts settled in BTC', async () => {
    const { result } = await get('/v5/market/instruments-info?category=inverse');
    expect(result).toMatchObject({ category: 'inverse', nextPageCursor: '' });
    expect(result.list).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSD',
        contractType: 'InversePerpetual',
        status: 'Trading',
        baseCoin: 'BTC',
        quoteCoin: 'USD',
        settleCoin: 'BTC',
        priceScale: '2',
        priceFilter: expect.objectContaining({ tickSize: '0.50' }) as unknown,
        lotSizeFilter: expect.objectContaining({ qtyStep: '1', minOrderQty: '1' }) as unknown,
      }),
    ]);
  });

  it('lists a BTC call and put settled in USDC, with their own price and lot filters', async () => {
    const { result } = await get('/v5/market/instruments-info?category=option&baseCoin=BTC');
    expect(result.list.map((i) => i.optionsType).sort()).toEqual(['Call', 'Put']);
    for (const option of result.list) {
      expect(option.symbol).toMatch(OPTION);
      expect(option).toMatchObject({
        status: 'Trading',
        baseCoin: 'BTC',
        settleCoin: 'USDC',
        priceFilter: { minPrice: '5', maxPrice: decimalString, tickSize: '5' },
        lotSizeFilter: { maxOrderQty: decimalString, minOrderQty: '0.01', qtyStep: '0.01' },
      });
      expect(String(option.symbol).endsWith(option.optionsType === 'Call' ? '-C' : '-P')).toBe(true);
      // The first Friday 08:00 UTC at least 28 days after listing.
      expect(option.deliveryTime).toBe(String(Date.UTC(2026, 1, 6, 8)));
    }
  });

  it('answers the inverse ticker near the linear BTCUSDT price, with open interest valued in BTC', async () => {
    const [inverse] = (await get('/v5/market/tickers?category=inverse&symbol=BTCUSD')).result.list;
    const [linear] = (await get('/v5/market/tickers?category=linear&symbol=BTCUSDT')).result.list;
    expect(inverse).toMatchObject({
      symbol: 'BTCUSD',
      lastPrice: decimalString,
      markPrice: decimalString,
      indexPrice: decimalString,
      fundingRate: decimalString,
      openInterest: expect.stringMatching(/^\d+$/) as unknown,
      bid1Price: decimalString,
      ask1Price: decimalString,
    });
    expect(Number(inverse?.lastPrice) / Number(linear?.lastPrice)).toBeCloseTo(1, 2);
    expect(Number(inverse?.openInterestValue)).toBeCloseTo(
      Number(inverse?.openInterest) / Number(inverse?.markPrice),
      4,
    );
  });

  it('answers option tickers with IVs and greeks: a call delta in (0, 1), a put delta in (-1, 0)', async () => {
    const list = (await get('/v5/market/tickers?category=option&baseCoin=BTC')).result.list;
    expect(list).toHaveLength(2);
    for (const ticker of list) {
      expect(ticker).toMatchObject({
        bid1Price: decimalString,
        bid1Size: decimalString,
        bid1Iv: decimalString,
        ask1Price: decimalString,
        ask1Size: decimalString,
        ask1Iv: decimalString,
        lastPrice: decimalString,
        markPrice: decimalString,
        indexPrice: decimalString,
        markIv: '0.5000',
        underlyingPrice: decimalString,
        openInterest: decimalString,
        gamma: decimalString,
        vega: decimalString,
        theta: expect.stringMatching(/^-\d+\.\d+$/) as unknown,
        totalVolume: decimalString,
        predictedDeliveryPrice: '0',
        change24h: decimalString,
      });
      expect(Number(ticker.markPrice) % 5).toBe(0);
      expect(Number(ticker.bid1Iv)).toBeLessThanOrEqual(Number(ticker.ask1Iv));
      const delta = Number(ticker.delta);
      if (String(ticker.symbol).endsWith('-C')) expect(delta > 0 && delta < 1).toBe(true);
      else expect(delta > -1 && delta < 0).toBe(true);
    }
  });

  it('answers an option with no bid as bid1Price "0" at size "0", like Bybit', async () => {
    const [symbol = ''] = await optionSymbols();
    const { market } = harness.sim().ctx;
    const { book } = market.state(market.find('bybit', 'option', symbol)!);
    const bids = book.bids.splice(0);
    try {
      const [ticker] = (await get(`/v5/market/tickers?category=option&symbol=${symbol}`)).result.list;
      expect(ticker).toMatchObject({ bid1Price: '0', bid1Size: '0', ask1Price: decimalString });
      expect(Number(ticker?.ask1Price)).toBeGreaterThan(0);
    } finally {
      book.bids.push(...bids);
    }
  });

  it('answers option order books with 1 level by default and at most 25', async () => {
    const [symbol = ''] = await optionSymbols();
    const book = (path: string) =>
      get(path).then((b) => b.result as unknown as { s: string; b: string[][]; a: string[][] });
    const top = await book(`/v5/market/orderbook?category=option&symbol=${symbol}`);
    expect([top.s, top.b.length, top.a.length]).toEqual([symbol, 1, 1]);
    const deep = await book(`/v5/market/orderbook?category=option&symbol=${symbol}&limit=100`);
    expect(deep.b).toHaveLength(25);
    expect(Number(deep.b[0]![0])).toBeLessThan(Number(deep.a[0]![0]));
    const inverse = await book('/v5/market/orderbook?category=inverse&symbol=BTCUSD&limit=500');
    expect(inverse.a).toHaveLength(500);
    expect(inverse.a[0]![1]).toMatch(/^\d+$/);
  });
});
