import type { Clock, Exchange, Instrument, InstrumentKind } from '../../exchanges';

/** Instrument lists change when a contract is listed or delisted: an hour old is fresh enough to search. */
export const INSTRUMENT_LISTS_KEEP_MS = 3_600_000;
/** After a failed fetch, quotes go on without steps and the list is asked for again no sooner than this. */
export const INSTRUMENT_LISTS_RETRY_MS = 60_000;

/**
 * Each Exchange's instrument lists, one per kind, shared by the hub (tick and lot sizes on quotes) and
 * instrument search. A rebuilt Exchange (another environment or region) starts with none.
 */
export interface InstrumentLists {
  /** The kind's list: kept for an hour; a failed fetch rejects, and the next call asks again. */
  list(from: Exchange, kind: InstrumentKind): Promise<readonly Instrument[]>;
  /**
   * The kept list without waiting; undefined until it has arrived. Asks for it when there is none (or
   * it is over an hour old), unless a fetch failed less than INSTRUMENT_LISTS_RETRY_MS ago.
   */
  known(from: Exchange, kind: InstrumentKind): readonly Instrument[] | undefined;
}

interface Kept {
  /** The last list that arrived, and when. */
  value: readonly Instrument[] | undefined;
  fetchedAt: number | undefined;
  /** The fetch under way. */
  pending: Promise<readonly Instrument[]> | undefined;
  failedAt: number | undefined;
}

export function createInstrumentLists(clock: Clock): InstrumentLists {
  const byExchange = new WeakMap<Exchange, Map<InstrumentKind, Kept>>();

  function keptOf(from: Exchange, kind: InstrumentKind): Kept {
    let kinds = byExchange.get(from);
    if (kinds === undefined) {
      kinds = new Map();
      byExchange.set(from, kinds);
    }
    let kept = kinds.get(kind);
    if (kept === undefined) {
      kept = { value: undefined, fetchedAt: undefined, pending: undefined, failedAt: undefined };
      kinds.set(kind, kept);
    }
    return kept;
  }

  const fresh = (kept: Kept) =>
    kept.fetchedAt !== undefined && clock.now() - kept.fetchedAt < INSTRUMENT_LISTS_KEEP_MS;

  function fetchList(from: Exchange, kind: InstrumentKind, kept: Kept): Promise<readonly Instrument[]> {
    if (kept.pending !== undefined) return kept.pending;
    // A list kept before is out of date: the Exchange must ask the exchange, not hand back its own copy.
    const options = kept.value === undefined ? undefined : { refresh: true };
    // Called inside an async function so that a throw becomes a rejection like any failed fetch.
    const pending = (async () => from.rest.getInstruments(kind, options))().then(
      (value) => {
        kept.value = value;
        kept.fetchedAt = clock.now();
        kept.pending = undefined;
        kept.failedAt = undefined;
        return value;
      },
      (error: unknown) => {
        kept.pending = undefined;
        kept.failedAt = clock.now();
        throw error;
      },
    );
    kept.pending = pending;
    return pending;
  }

  return {
    list(from, kind) {
      const kept = keptOf(from, kind);
      return fresh(kept) && kept.value !== undefined
        ? Promise.resolve(kept.value)
        : fetchList(from, kind, kept);
    },
    known(from, kind) {
      const kept = keptOf(from, kind);
      const resting = kept.failedAt !== undefined && clock.now() - kept.failedAt < INSTRUMENT_LISTS_RETRY_MS;
      if (!fresh(kept) && !resting) fetchList(from, kind, kept).catch(() => undefined);
      return kept.value;
    },
  };
}
