import type { SimInstrument } from '../market/instruments';
import type { Market } from '../market/market';

/** A chart-site symbol resolved to a simulator market. */
export interface ChartSymbol {
  instrument: SimInstrument;
  /** As a charting site shows it: `BTCUSDT.P` for a Bybit perp, `BTC-USDT-SWAP` on OKX. */
  display: string;
  exchangeName: 'Bybit' | 'OKX';
}

/**
 * Parses `BYBIT:BTCUSDT.P` (perp; `.P` is the charting sites' perpetual suffix), `BYBIT:BTCUSDT`
 * (spot), `OKX:BTC-USDT-SWAP` (perp) and `OKX:BTC-USDT` (spot). Case-insensitive prefix.
 */
export function parseChartSymbol(market: Market, text: string): ChartSymbol | undefined {
  const match = /^(bybit|okx):([A-Za-z0-9.-]+)$/i.exec(text.trim());
  if (!match) return undefined;
  const exchange = (match[1] ?? '').toLowerCase();
  const symbol = (match[2] ?? '').toUpperCase();
  if (exchange === 'bybit') {
    const perp = symbol.endsWith('.P');
    const instrument = market.find('bybit', perp ? 'linear' : 'spot', perp ? symbol.slice(0, -2) : symbol);
    return instrument && { instrument, display: symbol, exchangeName: 'Bybit' };
  }
  const instrument = market.find('okx', symbol.endsWith('-SWAP') ? 'SWAP' : 'SPOT', symbol);
  return instrument && { instrument, display: symbol, exchangeName: 'OKX' };
}

/** Every symbol the demo page accepts, for the "unknown symbol" page. */
export function chartSymbols(market: Market): string[] {
  // The page charts linear perpetuals and spot only (inverse and options are not charted).
  return market
    .list()
    .filter((i) => i.exchange === 'okx' || i.category === 'linear' || i.category === 'spot')
    .map((i) => {
      if (i.exchange === 'okx') return `OKX:${i.symbol}`;
      return i.category === 'linear' ? `BYBIT:${i.symbol}.P` : `BYBIT:${i.symbol}`;
    });
}
