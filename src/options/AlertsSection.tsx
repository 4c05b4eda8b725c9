import { useState } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_ALERT_VALUES, repeatFor } from '../ui/alert-form-values';
import { AlertForm } from '../ui/AlertForm';
import { AlertHistory } from '../ui/AlertHistory';
import { ACCOUNT_KINDS, AlertItem } from './AlertItem';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';

/** How many fired alerts show before "Show all". */
const OPTIONS_HISTORY_SHOWN = 10;
const NEW_ALERT_VALUES = {
  ...DEFAULT_ALERT_VALUES,
  kind: 'liquidation' as const,
  ...repeatFor('liquidation'),
};

/**
 * Every alert, to pause, edit or delete; new alerts on the account (a price alert starts from a bell in the
 * popup); and what fired. The popup's "Manage alerts" opens the page here (options.html#alerts, routes.ts).
 */
export function AlertsSection({
  store,
  now = Date.now,
}: {
  readonly store: OptionsStore;
  readonly now?: () => number;
}) {
  const { alerts } = store.getState();
  const view = useStore(alerts, (state) => state.view);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <p className="perch-muted perch-page-words">
        Alerts fire from Perch&apos;s background as system notifications, even when the popup is closed.
        Alerts on your account (fills, stops, liquidation distance) need your keys unlocked; each price alert
        keeps that instrument&apos;s price stream open. Set a price alert with the bell on a quote or position
        in the popup.
      </p>
      <section className="perch-section" aria-labelledby="alerts-set-heading">
        <div className="perch-section-head">
          <h3 id="alerts-set-heading">Your alerts</h3>
          <button
            type="button"
            aria-expanded={adding}
            aria-controls="alert-new"
            onClick={() => {
              setAdding(!adding);
            }}
          >
            New alert
          </button>
        </div>
        {adding ? (
          <div id="alert-new">
            <AlertForm
              title="New alert on your account"
              kinds={ACCOUNT_KINDS}
              initial={NEW_ALERT_VALUES}
              market={undefined}
              scopeEditable
              save={alerts.getState().save}
              onClose={() => {
                setAdding(false);
              }}
            />
          </div>
        ) : null}
        {view.kind === 'loading' ? <p role="status">Reading your alerts…</p> : null}
        {view.kind === 'unreachable' ? (
          <FormAlert message={`Cannot read your alerts: ${view.reason}`} />
        ) : null}
        {view.kind === 'ready' && view.list.alerts.length === 0 ? (
          <p className="perch-muted">No alerts set.</p>
        ) : null}
        {view.kind === 'ready' && view.list.alerts.length > 0 ? (
          <ul className="perch-rows" aria-label="Your alerts">
            {view.list.alerts.map((alert) => (
              <AlertItem key={alert.id} alerts={alerts} alert={alert} />
            ))}
          </ul>
        ) : null}
      </section>
      <section className="perch-section" aria-labelledby="alerts-fired-heading">
        <h3 id="alerts-fired-heading">Fired alerts</h3>
        {view.kind === 'ready' ? (
          <AlertHistory history={view.list.history} shown={OPTIONS_HISTORY_SHOWN} now={now()} />
        ) : null}
      </section>
    </>
  );
}
