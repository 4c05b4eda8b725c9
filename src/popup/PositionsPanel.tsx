import { useStore } from 'zustand';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { EmptyState } from './EmptyState';
import { NoticeLine } from './NoticeLine';
import { ClosedRow } from './ClosedRow';
import { dangerFirst } from './position-order';
import { PositionRow } from './PositionRow';
import { positionKey } from '../contracts/instrument-key';
import { exchangesChecking } from './positions-known';
import { noticeRow, type PopupStore } from './store';
import { UnlockForm } from './UnlockForm';

/** "Checking positions with OKX and Bybit…" while any exchange with keys has not confirmed its own. */
function CheckingLine({ exchanges }: { exchanges: string }) {
  return <p className="perch-muted perch-checking">Checking positions with {exchanges}…</p>;
}

function PositionList({ store }: { store: PopupStore }) {
  const positions = useStore(store, (state) => state.account.positions);
  const risk = useStore(store, (state) => state.risk);
  const closed = useStore(store, (state) => state.closed);
  // Joined into one string: a selector's answer must compare equal while nothing changed.
  const checking = useStore(store, (state) =>
    exchangesChecking(state.account, state.keyedExchanges)
      .map((exchange) => EXCHANGE_NAMES[exchange])
      .join(' and '),
  );
  if (positions === undefined) return <p className="perch-muted">Loading positions…</p>;
  const closedRows = Object.entries(closed).map(([key, view]) => <ClosedRow key={key} closed={view} />);
  if (positions.length === 0)
    // An empty list before every exchange confirmed its positions says nothing about them.
    return (
      <>
        {closedRows.length === 0 ? null : <ul className="perch-positions">{closedRows}</ul>}
        {checking === '' ? (
          <p className="perch-muted">No open positions.</p>
        ) : (
          <CheckingLine exchanges={checking} />
        )}
      </>
    );
  return (
    <>
      {checking === '' ? null : <CheckingLine exchanges={checking} />}
      <ul className="perch-positions">
        {dangerFirst(positions, risk).map((position) => (
          <PositionRow key={positionKey(position)} store={store} position={position} />
        ))}
        {closedRows}
      </ul>
    </>
  );
}

/** The notice no row shows: a lock's answer, or a close's once its position has left the list. */
function PanelNotice({ store }: { store: PopupStore }) {
  // A close the stream confirmed is said on its closed row instead.
  const notice = useStore(store, (state) =>
    noticeRow(state) === undefined && state.closed[state.notice?.about ?? ''] === undefined
      ? state.notice
      : undefined,
  );
  return <NoticeLine notice={notice} />;
}

export interface PositionsPanelProps {
  readonly store: PopupStore;
  readonly onOpenOptions: () => void;
  readonly demoChartUrl?: string | undefined;
}

/** Both exchanges' positions, or what stands between the trader and them (no keys, a locked vault). */
export function PositionsPanel({ store, onOpenOptions, demoChartUrl }: PositionsPanelProps) {
  const vault = useStore(store, (state) => state.vault);
  return (
    <section className="perch-section" aria-labelledby="perch-positions-title">
      <div className="perch-section-head">
        <h2 id="perch-positions-title">Positions</h2>
        {vault.kind === 'unlocked' ? (
          <button type="button" className="perch-secondary" onClick={() => void store.getState().lockVault()}>
            Lock
          </button>
        ) : null}
      </div>
      {vault.kind === 'loading' ? <p className="perch-muted">Loading…</p> : null}
      {vault.kind === 'unreachable' ? (
        <div>
          <p className="perch-problem">Perch's background is not answering: {vault.reason}</p>
          <button type="button" onClick={() => void store.getState().load()}>
            Try again
          </button>
        </div>
      ) : null}
      {vault.kind === 'empty' ? (
        <EmptyState onOpenOptions={onOpenOptions} {...(demoChartUrl === undefined ? {} : { demoChartUrl })} />
      ) : null}
      {vault.kind === 'locked' ? <UnlockForm store={store} /> : null}
      {vault.kind === 'unlocked' ? <PositionList store={store} /> : null}
      <PanelNotice store={store} />
    </section>
  );
}
