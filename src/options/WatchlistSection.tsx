import { useState } from 'react';
import { useStore } from 'zustand';
import { instrumentKey } from '../contracts/instrument-key';
import type { InstrumentSummary } from '../contracts/instruments';
import { WATCHLIST_MAX, type WatchlistEntry } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { FormAlert } from './FormAlert';
import { LoadState } from './LoadState';
import { InstrumentSearch } from './InstrumentSearch';
import type { OptionsStore } from './store';
import { useAction } from './use-action';

const sameEntry = (a: WatchlistEntry, b: WatchlistEntry) => instrumentKey(a) === instrumentKey(b);

const entryOf = (instrument: InstrumentSummary): WatchlistEntry => ({
  exchange: instrument.exchange,
  kind: instrument.kind,
  symbol: instrument.symbol,
  ...(instrument.contractType === undefined ? {} : { contractType: instrument.contractType }),
});

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The first-run path's last step: its button saves (if anything changed) and then finishes. */
export interface Finish {
  readonly label: string;
  readonly then: () => void;
}

function Editor({
  store,
  saved,
  finish,
}: {
  readonly store: OptionsStore;
  readonly saved: readonly WatchlistEntry[];
  readonly finish: Finish | undefined;
}) {
  const [entries, setEntries] = useState(saved);
  const [changed, setChanged] = useState(false);
  const [notice, setNotice] = useState<string>();
  const { pending, failure, run } = useAction();
  const edit = (next: readonly WatchlistEntry[]) => {
    setEntries(next);
    setChanged(true);
    setNotice(undefined);
  };
  const add = (instrument: InstrumentSummary) => {
    const entry = entryOf(instrument);
    if (entries.some((item) => sameEntry(item, entry))) {
      setNotice(
        `${EXCHANGE_NAMES[entry.exchange]} ${entry.symbol} (${entry.kind}) is already on the watchlist.`,
      );
      return;
    }
    edit([...entries, entry]);
  };
  const save = () =>
    void run(async () => {
      if (changed || finish === undefined) {
        await store.getState().saveWatchlist(entries);
        setChanged(false);
        setNotice('Watchlist saved.');
      }
      finish?.then();
    });
  const full = entries.length >= WATCHLIST_MAX;

  return (
    <>
      {entries.length === 0 ? <p>The watchlist is empty: add an instrument below.</p> : null}
      <ol className="perch-rows" aria-label="Watched instruments">
        {entries.map((entry, index) => {
          const name = `${EXCHANGE_NAMES[entry.exchange]} ${entry.symbol}`;
          // With the kind, as the same symbol may be listed twice (Bybit's spot and perpetual BTCUSDT).
          const label = `${name} ${entry.kind}`;
          return (
            <li key={instrumentKey(entry)}>
              <span>
                {name} <span className="perch-muted">{entry.kind}</span>
              </span>
              <span className="perch-row-actions">
                <button
                  type="button"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => {
                    edit(moved(entries, index, index - 1));
                  }}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${label} down`}
                  disabled={index === entries.length - 1}
                  onClick={() => {
                    edit(moved(entries, index, index + 1));
                  }}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="perch-danger"
                  aria-label={`Remove ${label}`}
                  onClick={() => {
                    edit(entries.filter((_, i) => i !== index));
                  }}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {full ? (
        <p>The watchlist holds at most {WATCHLIST_MAX} instruments: remove one to add another.</p>
      ) : null}
      <InstrumentSearch store={store} onPick={add} disabled={full} />
      <FormAlert message={failure?.message} />
      {notice === undefined ? null : <p role="status">{notice}</p>}
      <button
        type="button"
        className="perch-primary"
        disabled={pending || (finish === undefined && !changed)}
        onClick={save}
      >
        {pending ? 'Saving…' : (finish?.label ?? 'Save watchlist')}
      </button>
    </>
  );
}

/** The watchlist's editor once it is read: reorder, remove, add through search, then save. */
export function WatchlistEditor({
  store,
  finish,
}: {
  readonly store: OptionsStore;
  readonly finish?: Finish;
}) {
  const watchlist = useStore(store, (state) => state.watchlist);
  return (
    <>
      <LoadState what="the watchlist" loadable={watchlist} />
      {watchlist.kind === 'ready' ? <Editor store={store} saved={watchlist.value} finish={finish} /> : null}
    </>
  );
}

/** The instruments the popup watches, in one card. */
export function WatchlistSection({ store }: { readonly store: OptionsStore }) {
  return (
    <section className="perch-section" aria-labelledby="watched-heading">
      <h3 id="watched-heading">Watched instruments</h3>
      <p className="perch-muted">The popup shows these prices, in this order.</p>
      <WatchlistEditor store={store} />
    </section>
  );
}
