import type { KeptQuotes } from '../contracts/kept-quotes';
import type { HubPortMessage } from '../contracts/ports';
import { instrumentKey } from '../contracts/instrument-key';
import type { WatchlistEntry } from '../contracts/portfolio';
import { quotesStale } from './connection-health';
import type { PopupState } from './store';

/** What a page shows of the quotes. */
export type QuoteState = Pick<PopupState, 'quotes' | 'keptOnly' | 'connections' | 'watchlist'>;

/** A hub message that carries data (an `error` carries none). */
export type HubData = Exclude<HubPortMessage, { type: 'error' }>;

/**
 * The quote state with the quotes the worker kept from the last page, shown before the worker answers:
 * each is stale until the stream brings it again (`keptOnly`; the rows say so), each exchange they came
 * from is connecting, and the saved watchlist they carry lists them unless the page knows the list
 * already. What the page holds of a quote wins.
 */
export function withKeptQuotes(state: QuoteState, kept: KeptQuotes): QuoteState {
  const quotes = { ...state.quotes };
  const keptOnly = { ...state.keptOnly };
  for (const quote of kept.quotes) {
    const key = instrumentKey(quote);
    if (quotes[key] !== undefined) continue;
    quotes[key] = quote;
    keptOnly[key] = true;
  }
  const connections = { ...state.connections };
  for (const exchange of kept.exchanges)
    connections[exchange] ??= { exchange, state: 'connecting', stale: false };
  const watchlist =
    state.watchlist.kind !== 'ready' && kept.watchlist !== undefined
      ? { kind: 'ready' as const, instruments: kept.watchlist }
      : state.watchlist;
  return { quotes, keptOnly, connections, watchlist };
}

/**
 * The quote state with a hub message laid over it: a snapshot's watchlist lists the rows, each quote's
 * fields lay over what the page held of it (a change carries only what moved) and it is no longer only
 * kept, and each exchange's status replaces the last.
 */
export function withHubQuotes(state: QuoteState, message: HubData): QuoteState {
  const watchlist =
    message.type === 'snapshot' && message.watchlist !== undefined
      ? { kind: 'ready' as const, instruments: message.watchlist }
      : state.watchlist;
  const quotes = { ...state.quotes };
  const keptOnly = { ...state.keptOnly };
  for (const quote of message.quotes) {
    const key = instrumentKey(quote);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy keyed by instrument, the stream's quote replaces the kept one
    delete keptOnly[key];
    quotes[key] = { ...quotes[key], ...quote };
  }
  const connections = { ...state.connections };
  for (const connection of message.status) connections[connection.exchange] = connection;
  return { quotes, keptOnly, connections, watchlist };
}

/** A row's quote may be out of date: only kept from the last page, or its exchange's stream is stale or down. */
export function quoteStale(state: QuoteState, entry: WatchlistEntry): boolean {
  return state.keptOnly[instrumentKey(entry)] === true || quotesStale(state.connections, entry.exchange);
}

/**
 * A hub port message as Perch's own worker sent it, not checked against its schema again: the port is
 * extension-internal (docs/architecture.md "Conventions", schemas at the boundary). Undefined for a refusal.
 */
export function hubData(raw: unknown): HubData | undefined {
  const message = raw as HubPortMessage | null;
  return message === null || message.type === 'error' ? undefined : message;
}

/**
 * The quotes the worker kept, as it wrote them in session storage (ours alone, of this very version:
 * the browser empties session storage when the extension updates). Undefined when nothing was kept.
 */
export function keptData(raw: unknown): KeptQuotes | undefined {
  return raw === null || raw === undefined ? undefined : (raw as KeptQuotes);
}
