import type { Market } from '../market/market.js';
import type { SimInstrument } from '../market/instruments.js';
import type { ExchangeName, MarketAccess, PriceSize, Side, TradableInstrument } from './types.js';

/** Perpetuals first: OKX instId and Bybit symbol name a perp and a spot pair alike on Bybit. */
const PERP_CATEGORY: Readonly<Record<ExchangeName, string>> = { okx: 'SWAP', bybit: 'linear' };
const SPOT_CATEGORY: Readonly<Record<ExchangeName, string>> = { okx: 'SPOT', bybit: 'spot' };

/**
 * Trading's view of the simulated market. Taker fills consume book liquidity and print public
 * trades, so a client sees its own market order in the trades stream, as on a real exchange.
 */
export function createMarketAccess(market: Market): MarketAccess {
  const resolve = (instrument: TradableInstrument): SimInstrument => {
    const found = market.find(instrument.exchange, instrument.category, instrument.symbol);
    if (!found) throw new Error(`Unknown instrument ${instrument.exchange}:${instrument.symbol}`);
    return found;
  };
  const best = (instrument: TradableInstrument, side: 'bid' | 'ask'): number | undefined => {
    const level = market.bestBidAsk(resolve(instrument))[side];
    return level ? Number(level.price) : undefined;
  };
  const walk = (
    instrument: TradableInstrument,
    side: Side,
    size: number,
    limitPrice: number | undefined,
    consume: boolean,
  ): PriceSize[] => {
    const options =
      limitPrice === undefined
        ? { consume }
        : { consume, limitPrice: limitPrice.toFixed(instrument.priceDecimals) };
    const result = market.walkBook(resolve(instrument), side, size.toFixed(instrument.sizeDecimals), options);
    return result.fills.map((fill) => ({ price: Number(fill.price), size: Number(fill.size) }));
  };
  return {
    instrument: (exchange, symbol) =>
      market.find(exchange, PERP_CATEGORY[exchange], symbol) ??
      market.find(exchange, SPOT_CATEGORY[exchange], symbol),
    markPrice: (instrument) => Number(market.markPrice(resolve(instrument))),
    bestBid: (instrument) => best(instrument, 'bid'),
    bestAsk: (instrument) => best(instrument, 'ask'),
    take: (instrument, side, size, limitPrice) => walk(instrument, side, size, limitPrice, true),
    peek: (instrument, side, size, limitPrice) => walk(instrument, side, size, limitPrice, false),
  };
}
