import type { MarketAccess, PriceSize, Side, TradableInstrument } from './types.js';

/** BTC-USDT-SWAP-like instrument: contracts of 0.01 BTC, as OKX lists it. */
export const okxBtcSwap: TradableInstrument = {
  exchange: 'okx',
  kind: 'perp',
  category: 'SWAP',
  symbol: 'BTC-USDT-SWAP',
  quote: 'USDT',
  tickSize: '0.1',
  priceDecimals: 1,
  lotSize: '0.01',
  sizeDecimals: 2,
  minSize: '0.01',
  maxLimitSize: '100000000',
  maxMarketSize: '12000',
  contractValue: '0.01',
  maxLeverage: 100,
};

/** A market with a hand-set book around one mid price; taking does not consume liquidity. */
export class FakeMarket implements MarketAccess {
  bids: PriceSize[] = [];
  asks: PriceSize[] = [];
  mark = 0;

  constructor(readonly instruments: TradableInstrument[] = [okxBtcSwap]) {
    this.setMid(50_000);
  }

  /** Books of 1 tick spread and 10 levels of `levelSize` each side. */
  setMid(mid: number, levelSize = 5): void {
    this.mark = mid;
    this.bids = Array.from({ length: 10 }, (_, i) => ({ price: mid - 0.5 - i, size: levelSize }));
    this.asks = Array.from({ length: 10 }, (_, i) => ({ price: mid + 0.5 + i, size: levelSize }));
  }

  instrument(exchange: string, symbol: string): TradableInstrument | undefined {
    return this.instruments.find((i) => i.exchange === exchange && i.symbol === symbol);
  }

  markPrice(): number {
    return this.mark;
  }

  bestBid(): number | undefined {
    return this.bids[0]?.price;
  }

  bestAsk(): number | undefined {
    return this.asks[0]?.price;
  }

  peek(instrument: TradableInstrument, side: Side, size: number, limitPrice?: number): PriceSize[] {
    return this.take(instrument, side, size, limitPrice);
  }

  take(_instrument: TradableInstrument, side: Side, size: number, limitPrice?: number): PriceSize[] {
    const levels = side === 'buy' ? this.asks : this.bids;
    const fills: PriceSize[] = [];
    let remaining = size;
    for (const level of levels) {
      if (remaining <= 0) break;
      if (limitPrice !== undefined && (side === 'buy' ? level.price > limitPrice : level.price < limitPrice))
        break;
      const taken = Math.min(level.size, remaining);
      fills.push({ price: level.price, size: taken });
      remaining = Math.round((remaining - taken) * 1e9) / 1e9;
    }
    return fills;
  }
}
