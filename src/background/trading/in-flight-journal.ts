/** Where a journal keeps one list: a versioned storage item (storage.session for every journal here). */
export interface JournalItem<T> {
  getValue(): Promise<T[]>;
  setValue(value: T[]): Promise<void>;
}

/**
 * Trading actions about to be sent, or sent without a definite answer yet, and how the ones an earlier
 * worker left ended. Written before the action leaves, so a worker that dies mid-way finds it on its next
 * start and asks the exchange instead of acting twice.
 */
export interface InFlightJournal<Entry, Settled extends Entry> {
  inFlight(): Promise<readonly Entry[]>;
  add(entry: Entry): Promise<void>;
  remove(id: string): Promise<void>;
  /** Keeps the outcome (the last `keep` of them) and drops its entry from the ones in flight. */
  settle(settled: Settled): Promise<void>;
  settled(): Promise<readonly Settled[]>;
}

/**
 * A journal over two storage items. Writes go one after another, so two actions starting together (on two
 * positions, or two kinds of one) cannot overwrite each other's entry.
 */
export function createInFlightJournal<Entry, Settled extends Entry>(options: {
  readonly inFlight: JournalItem<Entry>;
  readonly settled: JournalItem<Settled>;
  readonly idOf: (entry: Entry) => string;
  /** Oldest outcomes beyond this many are dropped: the UI shows the last few. */
  readonly keep: number;
}): InFlightJournal<Entry, Settled> {
  const { inFlight, settled, idOf, keep } = options;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (write: () => Promise<void>): Promise<void> => {
    const next = queue.then(write);
    queue = next.catch(() => undefined);
    return next;
  };
  const removeEntry = async (id: string) => {
    const entries = await inFlight.getValue();
    await inFlight.setValue(entries.filter((entry) => idOf(entry) !== id));
  };
  return {
    inFlight: () => inFlight.getValue(),
    add: (entry) => serial(async () => inFlight.setValue([...(await inFlight.getValue()), entry])),
    remove: (id) => serial(() => removeEntry(id)),
    settle: (outcome) =>
      serial(async () => {
        await settled.setValue([...(await settled.getValue()), outcome].slice(-keep));
        await removeEntry(idOf(outcome));
      }),
    settled: () => settled.getValue(),
  };
}

/**
 * Settles every entry an earlier worker (or an unanswered send) left in flight, one `settle` each; an
 * entry it cannot settle yet (undefined) stays for the next time. New actions wait for `idle()` first, so
 * none is sent beside one whose outcome is still being asked.
 */
export function createSettler<Entry, Settled>(
  journal: Pick<InFlightJournal<Entry, Entry>, 'inFlight'>,
  settle: (entry: Entry) => Promise<Settled | undefined>,
): { reconcile(): Promise<readonly Settled[]>; idle(): Promise<unknown> } {
  let running: Promise<unknown> = Promise.resolve();
  return {
    reconcile() {
      const run = (async () => {
        const settled = await Promise.all((await journal.inFlight()).map(settle));
        return settled.filter((item): item is Awaited<Settled> => item !== undefined);
      })();
      running = run;
      return run;
    },
    idle: () => running.catch(() => undefined),
  };
}
