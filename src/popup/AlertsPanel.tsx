import { useStore } from 'zustand';
import type { Alert } from '../contracts/alerts';
import { activeCount } from '../ui/alerts-store';
import { AlertHistory } from '../ui/AlertHistory';
import { ArmedAlerts } from './ArmedAlerts';
import type { PopupStore } from './store';

/** How many fired alerts the popup shows before "Show all". */
export const POPUP_HISTORY_SHOWN = 5;

const activeWords = (count: number) =>
  count === 0 ? 'No active alerts.' : count === 1 ? '1 active alert.' : `${String(count)} active alerts.`;

const paused = (alerts: readonly Alert[]) => alerts.filter((alert) => alert.paused).length;
const pausedWords = (count: number) =>
  count === 1
    ? '1 paused: resume it in Manage alerts.'
    : `${String(count)} paused: resume them in Manage alerts.`;

/**
 * The armed alerts, each with its instrument, condition and price and a Remove; the ones that fired lately;
 * and the way to the options page to set up, edit, pause or resume them.
 */
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
    <section className="perch-section perch-alerts-panel" aria-labelledby="perch-alerts-title">
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
          <ArmedAlerts store={store} alerts={view.list.alerts} />
          {paused(view.list.alerts) === 0 ? null : (
            <p className="perch-muted">{pausedWords(paused(view.list.alerts))}</p>
          )}
          <h3>Fired lately</h3>
          <AlertHistory history={view.list.history} shown={POPUP_HISTORY_SHOWN} now={now()} />
        </>
      ) : null}
    </section>
  );
}
