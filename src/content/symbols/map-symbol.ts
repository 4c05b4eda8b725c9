import type { WantedInstrument } from '../../contracts/ports';
import { parseChartSymbol, type ChartSymbol } from './chart-symbol';

/** What a chart shows, as the trader's exchanges name it. */
export interface ChartInstruments {
  /** The chart's ticker without the venue (`BTCUSDT.P`), for the badge's label. */
  readonly ticker: string;
  /** The chart's own exchange first; on any other venue, the same market on OKX and on Bybit. */
  readonly instruments: readonly WantedInstrument[];
}

/**
 * Bybit writes these coins' multiplier after the name (`SHIB1000USDT`) where other venues write it before
 * (`1000SHIBUSDT`): https://bybit-exchange.github.io/docs/v5/enum#symbol lists its symbols.
 */
const BYBIT_SCALE_AFTER = new Set(['SHIB']);

function okxInstrument({ coin, scale, quote, contract }: ChartSymbol): WantedInstrument | undefined {
  // OKX lists no multiplied coins (docs/protocol.md "Instruments and tickers" instrument ids): PEPE-USDT-SWAP is per PEPE, so the
  // badge names the OKX instrument with its own price rather than pretend it is the ×1000 chart.
  const base = `${coin}-${quote}`;
  if (contract === 'perpetual') return { exchange: 'okx', kind: 'perpetual', symbol: `${base}-SWAP` };
  return scale === 1 && quote !== 'USD' ? { exchange: 'okx', kind: 'spot', symbol: base } : undefined;
}

function bybitInstrument(symbol: ChartSymbol): WantedInstrument | undefined {
  const { coin, scale, scaleAfter, quote, contract } = symbol;
  const after = symbol.venue === 'BYBIT' ? scaleAfter : BYBIT_SCALE_AFTER.has(coin);
  const base = scale === 1 ? coin : after ? `${coin}${scale}` : `${scale}${coin}`;
  if (contract === 'spot')
    return quote === 'USD' ? undefined : { exchange: 'bybit', kind: 'spot', symbol: `${base}${quote}` };
  // Bybit's USDC perpetuals are named BTCPERP, its coin-margined ones BTCUSD (docs/protocol.md "Instruments and tickers").
  if (quote === 'USDC')
    return { exchange: 'bybit', kind: 'perpetual', symbol: `${base}PERP`, contractType: 'linear' };
  return {
    exchange: 'bybit',
    kind: 'perpetual',
    symbol: `${base}${quote}`,
    contractType: quote === 'USD' ? 'inverse' : 'linear',
  };
}

/**
 * Maps a chart symbol to the instruments Perch follows for it. Undefined when the chart shows nothing a
 * trader can hold on OKX or Bybit (docs/overlay.md "Mapping rules").
 */
export function mapChartSymbol(text: string): ChartInstruments | undefined {
  const symbol = parseChartSymbol(text);
  if (symbol === undefined) return undefined;
  const okx = okxInstrument(symbol);
  const bybit = bybitInstrument(symbol);
  const ordered = symbol.venue === 'OKX' ? [okx] : symbol.venue === 'BYBIT' ? [bybit] : [okx, bybit];
  const instruments = ordered.filter((instrument) => instrument !== undefined);
  return instruments.length === 0 ? undefined : { ticker: symbol.ticker, instruments };
}
