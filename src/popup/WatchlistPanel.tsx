import { useStore } from 'zustand';
import type { WatchlistEntry } from '../contracts/portfolio';
import { instrumentKey } from '../contracts/instrument-key';
import type { PopupStore } from './store';
import { AlertBell, useRowAlert } from './AlertBell';
import { QuoteAlertForm } from './RowAlertForms';
import { useIsFocused } from './focus-context';
import { quoteRowView } from './quote-row-view';
import { quoteStale } from './quote-state';

export interface QuoteRowProps {
  readonly store: PopupStore;
  readonly entry: WatchlistEntry;
}

export function QuoteRow({ store, entry }: QuoteRowProps) {
  const key = instrumentKey(entry);
  const quote = useStore(store, (state) => state.quotes[key]);
  const flash = useStore(store, (state) => state.flashes[key]);
  // A quote kept from the last page is stale until the stream brings it again.
  const stale = useStore(store, (state) => quoteStale(state, entry));
  const view = quoteRowView(entry, quote, stale, flash);
  const { id: alertId, open: alertOpen, bell, toggle: toggleAlert, close: closeAlert } = useRowAlert();
  const focused = useIsFocused(entry.exchange, entry);
  return (
    <li
      className={view.rowClass}
      data-exchange={entry.exchange}
      data-kind={entry.kind}
      data-symbol={entry.symbol}
      data-stale={stale ? 'true' : undefined}
      aria-current={focused ? 'true' : undefined}
    >
      <span className="perch-exchange">{view.exchangeName}</span>
      {/* The kind tells apart what an exchange names alike: Bybit's spot and perpetual BTCUSDT. */}
      <span className="perch-symbol">
        {entry.symbol} <span className="perch-muted">{entry.kind}</span>
      </span>
      <strong data-field="last" className={view.priceClass}>
        {view.last}
      </strong>
      <span data-field="change" className={view.changeClass}>
        {view.change}
      </span>
      <span className="perch-book perch-muted">{view.book}</span>
      <AlertBell what={view.what} ref={bell} open={alertOpen} controls={alertId} onToggle={toggleAlert} />
      {stale ? <span className="perch-stale-tag">stale</span> : null}
      {alertOpen ? (
        <QuoteAlertForm id={alertId} store={store} what={view.what} entry={entry} onClose={closeAlert} />
      ) : null}
    </li>
  );
}

/** The trader's watchlist, each price live from the hub port. */
export function WatchlistPanel({ store }: { store: PopupStore }) {
  const watchlist = useStore(store, (state) => state.watchlist);
  return (
    <section className="perch-section" aria-labelledby="perch-watchlist-title">
      <h2 id="perch-watchlist-title">Watchlist</h2>
      {watchlist.kind === 'loading' ? <p className="perch-muted">Loading the watchlist…</p> : null}
      {watchlist.kind === 'unreachable' ? (
        <p className="perch-problem">Watchlist unavailable: {watchlist.reason}</p>
      ) : null}
      {watchlist.kind === 'ready' && watchlist.instruments.length === 0 ? (
        <p className="perch-muted">Your watchlist is empty: add instruments in Perch's settings.</p>
      ) : null}
      {watchlist.kind === 'ready' && watchlist.instruments.length > 0 ? (
        <ul className="perch-quotes">
          {watchlist.instruments.map((entry) => (
            <QuoteRow key={instrumentKey(entry)} store={store} entry={entry} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
