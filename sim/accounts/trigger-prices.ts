import type { Market } from '../market/market.js';
import type { PriceOf } from './protection-triggers.js';

/** The simulated market's mark, last and index prices, as stops and targets watch them. */
export function createPriceOf(market: Market): PriceOf {
  return (instrument, source) => {
    const state = market.find(instrument.exchange, instrument.category, instrument.symbol);
    if (!state) throw new Error(`Unknown instrument ${instrument.exchange}:${instrument.symbol}`);
    if (source === 'last') return Number(market.lastPrice(state));
    return Number(source === 'index' ? market.indexPrice(state) : market.markPrice(state));
  };
}
