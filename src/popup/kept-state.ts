import type { KeptQuotes } from '../contracts/kept-quotes';
import { instrumentKey } from '../contracts/instrument-key';
import type { PopupState } from './store';

type KeptParts = 'quotes' | 'keptOnly' | 'connections' | 'watchlist';

/**
 * The popup's state with the quotes the worker kept from the last page, shown before the worker answers:
 * each is stale until the stream brings it again (`keptOnly`; the rows say so), each exchange they came
 * from is connecting, and the saved watchlist they carry lists them unless the page knows the list
 * already. What the page holds of a quote wins.
 */
export function withKeptQuotes(
  state: Pick<PopupState, KeptParts>,
  kept: KeptQuotes,
): Pick<PopupState, KeptParts> {
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
