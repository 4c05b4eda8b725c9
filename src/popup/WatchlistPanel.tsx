import { useStore } from 'zustand';
import type { WatchlistEntry } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { formatPriceByTick } from '../ui/format-step';
import { changePercent, formatSignedPercent, signTone } from '../ui/format-signed';
import { quotesStale } from './connection-health';
import { instrumentKey } from '../contracts/instrument-key';
import type { PopupStore } from './store';
import { AlertBell, useRowAlert } from './AlertBell';
import { QuoteAlertForm } from './RowAlertForms';
import { useIsFocused } from './focus-context';

export interface QuoteRowProps {
  readonly store: PopupStore;
  readonly entry: WatchlistEntry;
}

export function QuoteRow({ store, entry }: QuoteRowProps) {
  const key = instrumentKey(entry);
  const quote = useStore(store, (state) => state.quotes[key]);
  const flash = useStore(store, (state) => state.flashes[key]);
  // A quote kept from the last page is stale until the stream brings it again.
  const stale = useStore(
    store,
    (state) => state.keptOnly[key] === true || quotesStale(state.connections, entry.exchange),
  );
  const tick = quote?.tickSize;
  const change = changePercent(quote?.last, quote?.open24h);
  const { id: alertId, open: alertOpen, bell, toggle: toggleAlert, close: closeAlert } = useRowAlert();
  const what = `${EXCHANGE_NAMES[entry.exchange]} ${entry.symbol} ${entry.kind}`;
  const focused = useIsFocused(entry.exchange, entry);
  return (
    <li
      className={`perch-quote${stale ? ' perch-stale' : ''}`}
      data-exchange={entry.exchange}
      data-kind={entry.kind}
      data-symbol={entry.symbol}
      data-stale={stale ? 'true' : undefined}
      aria-current={focused ? 'true' : undefined}
    >
      <span className="perch-exchange">{EXCHANGE_NAMES[entry.exchange]}</span>
      {/* The kind tells apart what an exchange names alike: Bybit's spot and perpetual BTCUSDT. */}
      <span className="perch-symbol">
        {entry.symbol} <span className="perch-muted">{entry.kind}</span>
      </span>
      <strong data-field="last" className={`perch-price${flash === undefined ? '' : ` perch-tick-${flash}`}`}>
        {quote?.last === undefined ? '—' : formatPriceByTick(quote.last, tick)}
      </strong>
      <span
        data-field="change"
        className={`perch-change ${change === undefined ? 'perch-flat' : signTone(change)}`}
      >
        {change === undefined ? '' : formatSignedPercent(change)}
      </span>
      <span className="perch-book perch-muted">
        {quote?.bid === undefined || quote.ask === undefined
          ? 'No bid/ask yet'
          : `Bid ${formatPriceByTick(quote.bid, tick)} · Ask ${formatPriceByTick(quote.ask, tick)}`}
      </span>
      <AlertBell what={what} ref={bell} open={alertOpen} controls={alertId} onToggle={toggleAlert} />
      {stale ? <span className="perch-stale-tag">stale</span> : null}
      {alertOpen ? (
        <QuoteAlertForm id={alertId} store={store} what={what} entry={entry} onClose={closeAlert} />
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
