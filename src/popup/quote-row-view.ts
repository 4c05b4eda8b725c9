import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { PortQuote } from '../contracts/ports';
import type { WatchlistEntry } from '../contracts/portfolio';
import { changePercent, formatSignedPercent, signTone } from '../ui/format-signed';
import { formatPriceByTick } from '../ui/format-step';
import type { TickDirection } from './tick-direction';

/**
 * What a watchlist row shows, as text and classes: the React row and the page's first script (the early
 * painter, which paints the rows before React loads) both draw from it, so the row reads the same when
 * React takes it over. No schema or React here: it is in the popup's first chunk.
 */
export interface QuoteRowView {
  readonly rowClass: string;
  readonly exchangeName: string;
  /** "OKX BTC-USDT-SWAP perpetual": what the row's alert bell names. */
  readonly what: string;
  readonly last: string;
  readonly priceClass: string;
  readonly change: string;
  readonly changeClass: string;
  readonly book: string;
}

export function quoteRowView(
  entry: WatchlistEntry,
  quote: PortQuote | undefined,
  stale: boolean,
  flash?: TickDirection,
): QuoteRowView {
  const tick = quote?.tickSize;
  const change = changePercent(quote?.last, quote?.open24h);
  const exchangeName = EXCHANGE_NAMES[entry.exchange];
  return {
    rowClass: `perch-quote${stale ? ' perch-stale' : ''}`,
    exchangeName,
    what: `${exchangeName} ${entry.symbol} ${entry.kind}`,
    last: quote?.last === undefined ? '—' : formatPriceByTick(quote.last, tick),
    priceClass: `perch-price${flash === undefined ? '' : ` perch-tick-${flash}`}`,
    change: change === undefined ? '' : formatSignedPercent(change),
    changeClass: `perch-change ${change === undefined ? 'perch-flat' : signTone(change)}`,
    book:
      quote?.bid === undefined || quote.ask === undefined
        ? 'No bid/ask yet'
        : `Bid ${formatPriceByTick(quote.bid, tick)} · Ask ${formatPriceByTick(quote.ask, tick)}`,
  };
}

/** The alert bell's drawing (drawn, not an emoji: a system without a colour emoji font shows a blank box). */
export const BELL_PATH =
  'M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4v3l1.2 1.6a.6.6 0 0 1-.5 1H2.8a.6.6 0 0 1-.5-1l1.2-1.6v-3A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1ZM6.3 14h3.4a1.7 1.7 0 0 1-3.4 0Z';
