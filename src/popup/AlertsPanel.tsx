import { useStore } from 'zustand';
import { activeCount } from '../ui/alerts-store';
import { AlertHistory } from '../ui/AlertHistory';
import type { PopupStore } from './store';

/** How many fired alerts the popup shows before "Show all". */
export const POPUP_HISTORY_SHOWN = 5;

const activeWords = (count: number) =>
  count === 0 ? 'No active alerts.' : count === 1 ? '1 active alert.' : `${String(count)} active alerts.`;

/** The alerts that fired lately, how many are set, and the way to manage them in the options page. */
export function AlertsPanel({
  store,
  onManage,
  now = Date.now,
}: {
  readonly store: PopupStore;
  readonly onManage: () => void;
  readonly now?: () => number;
}) {
  const view = useStore(store.getState().alerts, (state) => state.view);
  return (
    <section className="perch-section" aria-labelledby="perch-alerts-title">
      <div className="perch-section-head">
        <h2 id="perch-alerts-title">Alerts</h2>
        <button type="button" className="perch-secondary" onClick={onManage}>
          Manage alerts
        </button>
      </div>
      {view.kind === 'loading' ? <p className="perch-muted">Loading alerts…</p> : null}
      {view.kind === 'unreachable' ? (
        <p className="perch-problem">Alerts unavailable: {view.reason}</p>
      ) : null}
      {view.kind === 'ready' ? (
        <>
          <p className="perch-muted">{activeWords(activeCount(view.list))}</p>
          <AlertHistory history={view.list.history} shown={POPUP_HISTORY_SHOWN} now={now()} />
        </>
      ) : null}
    </section>
  );
}
