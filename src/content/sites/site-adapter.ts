import type { OverlaySiteId } from '../../contracts/settings';
import { parseChartSymbol } from '../symbols/chart-symbol';

/** One charting site: how to tell which symbol its page shows now. */
export interface SiteAdapter {
  /** A site the trader can turn off in options, a site the trader added, or the simulator's demo chart. */
  readonly site: OverlaySiteId | 'extra' | 'demo';
  /** The symbol on screen (`BYBIT:BTCUSDT.P` or a bare `BTCUSDT.P`); undefined when the page shows none. */
  readSymbol(doc: Document, url: URL): string | undefined;
}

/**
 * The ticker a charting site puts first in the tab title (`BTCUSD.P 63,982.5 ▼ −0.63% Unnamed`): the
 * rest is a price and a layout name. Undefined when the first word is not a ticker (`TradingView`).
 */
export function titleTicker(title: string): string | undefined {
  const first = title.trim().split(/\s+/, 1)[0] ?? '';
  return parseChartSymbol(first) === undefined ? undefined : first.toUpperCase();
}

/** The `?symbol=` a charting page was opened with, if it names a tradable symbol. */
export function querySymbol(url: URL): string | undefined {
  const symbol = url.searchParams.get('symbol');
  return symbol !== null && parseChartSymbol(symbol) !== undefined ? symbol.toUpperCase() : undefined;
}
