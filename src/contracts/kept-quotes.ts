import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { portQuote } from './ports';
import { watchlistEntry } from './portfolio';

/**
 * What the worker keeps of the quotes its extension pages were last sent: the quotes (latest value of
 * each), the saved watchlist, the exchanges that had a status, and when it was kept. Never the account:
 * a locked vault must not paint positions, and a close acts only on a position the stream shows.
 */
export const keptQuotes = z.object({
  keptAt: z.number(),
  quotes: z.array(portQuote),
  watchlist: z.optional(z.array(watchlistEntry)),
  exchanges: z.array(exchangeId),
});
export type KeptQuotes = z.infer<typeof keptQuotes>;
