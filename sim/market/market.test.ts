import { describe, expect, it } from 'vitest';
import type { SimInstrument } from './instruments';
import { Market } from './market';
import { createRng } from './rng';

function createMarket(seed = 5): Market {
  return new Market(createRng(seed), () => 1_800_000_000_000);
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
  it('lists BTC, ETH and SOL perpetuals and spot pairs on both exchanges', () => {
    const keys = createMarket()
      .list()
      .map((i) => i.key);
    expect(keys).toHaveLength(12);
    expect(keys).toContain('okx:SWAP:SOL-USDT-SWAP');
    expect(keys).toContain('okx:SPOT:ETH-USDT');
    expect(keys).toContain('bybit:linear:BTCUSDT');
    expect(keys).toContain('bybit:spot:SOLUSDT');
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
      const target = Number(market.indexPrice(instrument)) * factor;
      market.setPrice(instrument, target.toFixed(instrument.priceDecimals));
      expectLadderAround(market, instrument, target);
    }
  });

  it('keeps every book a ladder around the walking price, with no stale levels left behind', () => {
    const market = createMarket();
    for (let i = 0; i < 300; i++) {
      market.tick(60_000);
      for (const instrument of market.list())
        expectLadderAround(market, instrument, Number(market.indexPrice(instrument)));
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
});
