import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import { instrumentKey } from '../../contracts/instrument-key';
import {
  INSTRUMENT_SYMBOL,
  WATCHLIST_MAX,
  watchlistEntry,
  type WatchlistEntry,
} from '../../contracts/portfolio';
import { INSTRUMENT_KINDS } from '../../exchanges';
import { trustedStorage } from '../../platform/trusted-storage';
import { quotedInput } from '../quoted-input';

/** The USDT perpetuals most traders watch, on both exchanges. */
export const DEFAULT_WATCHLIST: readonly WatchlistEntry[] = [
  { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', contractType: 'linear' },
  { exchange: 'okx', kind: 'perpetual', symbol: 'ETH-USDT-SWAP', contractType: 'linear' },
  { exchange: 'okx', kind: 'perpetual', symbol: 'SOL-USDT-SWAP', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'SOLUSDT', contractType: 'linear' },
];

export const watchlistItem = trustedStorage.defineItem<readonly WatchlistEntry[]>('watchlist', {
  version: 1,
  fallback: DEFAULT_WATCHLIST,
});

/** Why one entry is not a watchable instrument, in a trader's words; undefined when it is one. */
function problemOf(entry: unknown): string | undefined {
  if (watchlistEntry.safeParse(entry).success) return undefined;
  if (typeof entry !== 'object' || entry === null) return 'is not an instrument';
  const { exchange, kind, symbol, contractType, ...rest } = entry as Record<string, unknown>;
  if (!EXCHANGE_IDS.includes(exchange as never)) {
    return `has exchange ${quotedInput(exchange)}; choose one of ${EXCHANGE_IDS.join(', ')}`;
  }
  if (!INSTRUMENT_KINDS.includes(kind as never)) {
    return `has kind ${quotedInput(kind)}; choose one of ${INSTRUMENT_KINDS.join(', ')}`;
  }
  if (typeof symbol !== 'string' || !INSTRUMENT_SYMBOL.test(symbol)) {
    return `has symbol ${quotedInput(symbol)}; use the exchange's own id in capitals, like BTC-USDT-SWAP on OKX or BTCUSDT on Bybit`;
  }
  if (contractType !== undefined && contractType !== 'linear' && contractType !== 'inverse') {
    return `has contract type ${quotedInput(contractType)}; choose linear or inverse`;
  }
  return `has fields a watchlist entry does not take (${Object.keys(rest).join(', ')})`;
}

const sameInstrument = (a: WatchlistEntry, b: WatchlistEntry) => instrumentKey(a) === instrumentKey(b);

/**
 * Checks a watchlist a trader saves: every problem is named with the entry's position, so nothing is
 * silently dropped. Duplicates are folded into one entry.
 */
export function validateWatchlist(
  entries: readonly unknown[],
): { ok: true; entries: WatchlistEntry[] } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (entries.length > WATCHLIST_MAX) {
    problems.push(`A watchlist holds at most ${WATCHLIST_MAX} instruments; this one has ${entries.length}.`);
  }
  entries.forEach((entry, index) => {
    const problem = problemOf(entry);
    if (problem !== undefined) problems.push(`Instrument ${index + 1} ${problem}.`);
  });
  if (problems.length > 0) return { ok: false, problems };
  const unique: WatchlistEntry[] = [];
  for (const entry of entries as WatchlistEntry[]) {
    if (!unique.some((kept) => sameInstrument(kept, entry))) unique.push(entry);
  }
  return { ok: true, entries: unique };
}

/**
 * Reads the watchlist. Any extension context can write the store, so what is stored counts only entry by
 * entry: bad entries are dropped with a warning, duplicates folded, and at most WATCHLIST_MAX kept. A
 * stored value that is not a list gives the default.
 */
export async function readWatchlist(): Promise<WatchlistEntry[]> {
  const stored: unknown = await watchlistItem.getValue();
  if (!Array.isArray(stored)) {
    console.warn('Perch ignored a saved watchlist that is not a list:', stored);
    return [...DEFAULT_WATCHLIST];
  }
  const kept: WatchlistEntry[] = [];
  for (const entry of stored as unknown[]) {
    const parsed = watchlistEntry.safeParse(entry);
    if (!parsed.success) console.warn('Perch ignored a saved watchlist entry:', entry);
    else if (!kept.some((other) => sameInstrument(other, parsed.data))) kept.push(parsed.data);
  }
  if (kept.length > WATCHLIST_MAX) {
    console.warn(`Perch kept the first ${WATCHLIST_MAX} of ${kept.length} saved watchlist entries.`);
  }
  return kept.slice(0, WATCHLIST_MAX);
}

/** Listens for watchlist saves (from the options page or popup). Returns the function that stops it. */
export function onWatchlistChange(listener: () => void): () => void {
  return watchlistItem.watch(() => {
    listener();
  });
}
