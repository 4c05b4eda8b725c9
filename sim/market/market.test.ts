import { describe, expect, it } from 'vitest';
import type { SimInstrument } from './instruments';
import { Market } from './market';
import { createRng } from './rng';

function createMarket(seed = 5): Market {
  return new Market(createRng(seed), () => 1_800_000_000_000);
}

/** Where a book should centre: the coin's index, or an option's Black–Scholes mark. */
function centreOf(market: Market, instrument: SimInstrument): number {
  return Number(instrument.option ? market.markPrice(instrument) : market.indexPrice(instrument));
}

function isMultipleOfStep(value: string, step: string): boolean {
  const scale = 10 ** 8;
  return Math.round(Number(value) * scale) % Math.round(Number(step) * scale) === 0;
}

/**
 * A realistic book around `price`: full depth, uncrossed, the best levels a few ticks from the price
 * (cancelled best levels may widen the spread a little) and no level further out than a dense ladder
 * of that depth reaches (1-3 ticks apart, with room for cancelled levels).
 */
function expectLadderAround(market: Market, instrument: SimInstrument, price: number): void {
  const { book } = market.state(instrument);
  const tick = Number(instrument.tickSize);
  const reach = instrument.bookDepth * 4 * tick;
  const label = `${instrument.key} around ${String(price)}`;
  expect(book.bids, label).toHaveLength(instrument.bookDepth);
  expect(book.asks, label).toHaveLength(instrument.bookDepth);
  const px = (units: number) => units / 10 ** instrument.priceDecimals;
  const bestBid = px(book.bids[0]!.px);
  const bestAsk = px(book.asks[0]!.px);
  expect(bestBid, label).toBeLessThan(bestAsk);
  expect(price - bestBid, label).toBeLessThanOrEqual(10 * tick);
  expect(bestAsk - price, label).toBeLessThanOrEqual(10 * tick);
  expect(price - px(book.bids[book.bids.length - 1]!.px), label).toBeLessThanOrEqual(reach);
  expect(px(book.asks[book.asks.length - 1]!.px) - price, label).toBeLessThanOrEqual(reach);
}

describe('Market', () => {
  it('lists BTC, ETH and SOL perpetuals and spot pairs on both exchanges, plus Bybit BTCUSD and BTC options', () => {
    const keys = createMarket()
      .list()
      .map((i) => i.key);
    expect(keys).toHaveLength(15);
    expect(keys).toContain('okx:SWAP:SOL-USDT-SWAP');
    expect(keys).toContain('okx:SPOT:ETH-USDT');
    expect(keys).toContain('bybit:linear:BTCUSDT');
    expect(keys).toContain('bybit:spot:SOLUSDT');
    expect(keys).toContain('bybit:inverse:BTCUSD');
    expect(keys.filter((k) => k.startsWith('bybit:option:BTC-'))).toHaveLength(2);
    expect(keys.filter((k) => k.startsWith('okx:') && !/:(SWAP|SPOT):/.test(k))).toEqual([]);
  });

  it('lists a BTC call above and a put below the price, delivering on a Friday 08:00 UTC four to five weeks out', () => {
    const market = createMarket();
    const btc = Number(market.indexPrice(market.find('bybit', 'linear', 'BTCUSDT')!));
    const options = market.list('bybit').filter((i) => i.category === 'option');
    const [call, put] = [
      options.find((i) => i.option?.type === 'Call'),
      options.find((i) => i.option?.type === 'Put'),
    ];
    expect(call?.option?.strike).toBe(Math.ceil(btc / 1000) * 1000);
    expect(put?.option?.strike).toBe(Math.floor(btc / 1000) * 1000);
    const expiry = new Date(call!.option!.expiry);
    expect([expiry.getUTCDay(), expiry.getUTCHours(), expiry.getUTCMinutes()]).toEqual([5, 8, 0]);
    const days = (expiry.getTime() - 1_800_000_000_000) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThan(36);
    const date = `${expiry.getUTCDate()}${['DEC', 'JAN', 'FEB'][(expiry.getUTCMonth() + 1) % 12] ?? '?'}`;
    expect(call!.symbol).toBe(`BTC-${date}27-${call!.option!.strike}-C`);
    expect(put!.symbol).toBe(`BTC-${date}27-${put!.option!.strike}-P`);
  });

  it('marks options by Black–Scholes: the call gains and the put loses when BTC rises, greeks signed', () => {
    const market = createMarket();
    const perp = market.find('bybit', 'linear', 'BTCUSDT')!;
    const [call, put] = ['Call', 'Put'].map((type) =>
      market.list('bybit').find((i) => i.option?.type === type)!,
    ) as [SimInstrument, SimInstrument];
    const before = [Number(market.markPrice(call)), Number(market.markPrice(put))];
    expect(before[0]).toBeGreaterThan(1_000);
    expect(before[1]).toBeGreaterThan(1_000);
    const quote = market.optionQuote(call)!;
    expect(quote.delta).toBeGreaterThan(0.3);
    expect(quote.delta).toBeLessThan(0.7);
    expect(market.optionQuote(put)!.delta).toBeLessThan(0);
    expect(quote.gamma).toBeGreaterThan(0);
    expect(quote.vega).toBeGreaterThan(0);
    expect(quote.theta).toBeLessThan(0);
    market.setPrice(perp, (Number(market.indexPrice(perp)) * 1.05).toFixed(2));
    expect(Number(market.markPrice(call))).toBeGreaterThan(before[0]!);
    expect(Number(market.markPrice(put))).toBeLessThan(before[1]!);
    expect(() => {
      market.setPrice(call, '100');
    }).toThrow('Set the price on a BTC perpetual, not on an option');
  });

  it('trades inverse BTCUSD at the linear BTCUSDT price, in whole USD contracts on a 0.50 tick', () => {
    const market = createMarket();
    for (let i = 0; i < 20; i++) market.tick(1_000);
    const inverse = market.find('bybit', 'inverse', 'BTCUSD')!;
    const linear = market.find('bybit', 'linear', 'BTCUSDT')!;
    expect(Number(market.lastPrice(inverse)) / Number(market.lastPrice(linear))).toBeCloseTo(1, 2);
    const { bid, ask } = market.bestBidAsk(inverse);
    expect(bid!.price).toMatch(/^\d+\.(00|50)$/);
    expect(ask!.size).toMatch(/^[1-9]\d*$/);
  });

  it('keeps every book at full depth, sorted, uncrossed and on the tick/lot grid while prices walk', () => {
    const market = createMarket();
    for (let i = 0; i < 200; i++) market.tick(1_000);
    for (const instrument of market.list()) {
      const { book } = market.state(instrument);
      expect(book.bids).toHaveLength(instrument.bookDepth);
      expect(book.asks).toHaveLength(instrument.bookDepth);
      expect(book.bids[0]!.px).toBeLessThan(book.asks[0]!.px);
      for (let j = 1; j < book.bids.length; j++) expect(book.bids[j]!.px).toBeLessThan(book.bids[j - 1]!.px);
      const best = market.bestBidAsk(instrument);
      expect(
        isMultipleOfStep(best.bid!.price, instrument.tickSize),
        `${instrument.key} ${best.bid!.price}`,
      ).toBe(true);
      expect(
        isMultipleOfStep(best.ask!.size, instrument.lotSize),
        `${instrument.key} ${best.ask!.size}`,
      ).toBe(true);
    }
  });

  it('replays the same market for the same seed', () => {
    const [a, b] = [createMarket(9), createMarket(9)];
    for (let i = 0; i < 20; i++) {
      a.tick(500);
      b.tick(500);
    }
    const btc = a.find('okx', 'SWAP', 'BTC-USDT-SWAP')!;
    expect(a.bestBidAsk(btc)).toEqual(b.bestBidAsk(btc));
  });

  it('walks the book best price first and reports the size-weighted average', () => {
    const market = createMarket();
    const eth = market.find('bybit', 'linear', 'ETHUSDT')!;
    const { ask } = market.bestBidAsk(eth);
    const walk = market.walkBook(eth, 'buy', '500');
    expect(walk.fills[0]).toEqual(ask);
    expect(walk.filledSize).toBe('500.00');
    const prices = walk.fills.map((f) => Number(f.price));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(Number(walk.averagePrice)).toBeGreaterThanOrEqual(prices[0]!);
    expect(Number(walk.averagePrice)).toBeLessThanOrEqual(prices[prices.length - 1]!);
    expect(market.bestBidAsk(eth).ask, 'a walk without consume leaves the book as it was').toEqual(ask);
  });

  it('stops at the limit price and consumes liquidity only when asked, printing public trades', () => {
    const market = createMarket();
    const btc = market.find('okx', 'SWAP', 'BTC-USDT-SWAP')!;
    const { bid } = market.bestBidAsk(btc);
    const limited = market.walkBook(btc, 'sell', '1000000', { limitPrice: bid!.price });
    expect(limited.fills).toEqual([bid]);
    const before = market.state(btc).trades.length;
    market.walkBook(btc, 'sell', bid!.size, { consume: true });
    expect(market.bestBidAsk(btc).bid!.price).not.toBe(bid!.price);
    expect(market.state(btc).trades.length).toBe(before + 1);
    expect(market.lastPrice(btc)).toBe(bid!.price);
  });

  it.each([
    ['up', 1.05],
    ['down', 0.95],
  ])('rebuilds both sides as a full ladder around the new price after a 5% jump %s', (_, factor) => {
    const market = createMarket();
    for (const instrument of market.list()) {
      // Options follow their coin's price; nobody sets theirs directly.
      if (instrument.option) continue;
      const target = Number(market.indexPrice(instrument)) * factor;
      market.setPrice(instrument, target.toFixed(instrument.priceDecimals));
      expectLadderAround(market, instrument, target);
    }
    // Options re-centre on their new mark; one move of BTC keeps both strikes near the money.
    const fresh = createMarket();
    const perp = fresh.find('bybit', 'linear', 'BTCUSDT')!;
    fresh.setPrice(perp, (Number(fresh.indexPrice(perp)) * factor).toFixed(2));
    for (const option of fresh.list('bybit').filter((i) => i.option))
      expectLadderAround(fresh, option, centreOf(fresh, option));
  });

  it('keeps every book a ladder around the walking price, with no stale levels left behind', () => {
    const market = createMarket();
    // A hundred minutes of walk moves every book through many re-centrings; each is checked whole.
    for (let i = 0; i < 100; i++) {
      market.tick(60_000);
      for (const instrument of market.list())
        expectLadderAround(market, instrument, centreOf(market, instrument));
    }
  });

  it('moves every market of a coin when a price is set, mark following', () => {
    const market = createMarket();
    const okxSwap = market.find('okx', 'SWAP', 'SOL-USDT-SWAP')!;
    const bybitSpot = market.find('bybit', 'spot', 'SOLUSDT')!;
    market.setPrice(okxSwap, '200');
    expect(market.indexPrice(bybitSpot)).toBe('200.00');
    expect(Number(market.markPrice(okxSwap))).toBeCloseTo(200, 0);
    const { bid, ask } = market.bestBidAsk(bybitSpot);
    expect(Number(bid!.price)).toBeLessThan(200);
    expect(Number(ask!.price)).toBeGreaterThan(200);
    expect(() => {
      market.setPrice(okxSwap, '-1');
    }).toThrow('Price must be a positive decimal, got "-1"');
  });

  it('pushes a ticker with the new last price as soon as a price is set', () => {
    const market = createMarket();
    const perp = market.find('bybit', 'linear', 'BTCUSDT')!;
    const tickedLast: string[] = [];
    market.subscribe((event) => {
      if (event.type === 'ticker' && event.state.instrument === perp) tickedLast.push(market.lastPrice(perp));
    });
    market.setPrice(perp, '61234.5');
    expect(tickedLast.at(-1)).toBe('61234.50');
  });

  it('lists each extra coin on the four markets SOL trades on, walking on its own and moved by a set price', () => {
    const market = new Market(createRng(5), () => 1_800_000_000_000, 2);
    const extra = market.list().filter((instrument) => instrument.coin.startsWith('ALT'));
    expect(extra.map((instrument) => instrument.key)).toEqual([
      'okx:SWAP:ALT1-USDT-SWAP',
      'okx:SPOT:ALT1-USDT',
      'bybit:linear:ALT1USDT',
      'bybit:spot:ALT1USDT',
      'okx:SWAP:ALT2-USDT-SWAP',
      'okx:SPOT:ALT2-USDT',
      'bybit:linear:ALT2USDT',
      'bybit:spot:ALT2USDT',
    ]);
    expect(market.list()).toHaveLength(createMarket().list().length + 8);
    const alt1 = market.find('bybit', 'linear', 'ALT1USDT')!;
    const before = market.indexPrice(alt1);
    market.tick(60_000);
    expect(market.indexPrice(alt1)).not.toBe(before);
    market.setPrice(alt1, '12.34');
    expect(market.lastPrice(alt1)).toBe('12.340');
    expect(market.indexPrice(market.find('okx', 'SWAP', 'ALT1-USDT-SWAP')!)).toBe('12.34');
  });
});
