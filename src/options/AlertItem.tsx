import { useState } from 'react';
import { ALERT_KINDS, type Alert, type AlertKind } from '../contracts/alerts';
import { errorMessage } from '../contracts/perch-error';
import { isMarketKind, MARKET_KINDS, valuesFromAlert, type AlertMarket } from '../ui/alert-form-values';
import { conditionWords, repeatWords } from '../ui/alert-words';
import { AlertForm } from '../ui/AlertForm';
import type { AlertsStore } from '../ui/alerts-store';
import { FormAlert } from './FormAlert';

/** The kinds an alert on the account can become when edited; a market alert stays on its instrument. */
export const ACCOUNT_KINDS: readonly AlertKind[] = ALERT_KINDS.filter((kind) => !isMarketKind(kind));

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The instrument a market alert watches, without live prices: the options page follows no quote. */
function marketOf(alert: Alert): AlertMarket | undefined {
  const { condition } = alert;
  return condition.kind === 'price' || condition.kind === 'move'
    ? { instrument: condition.instrument }
    : undefined;
}

/**
 * One alert in words, with Pause or Resume, Edit (the popup's form) and Delete, which asks first. A refusal
 * stays under the alert in words.
 */
export function AlertItem({ alerts, alert }: { readonly alerts: AlertsStore; readonly alert: Alert }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const words = capital(conditionWords(alert.condition));
  const editId = `alert-edit-${alert.id}`;

  async function act(action: () => Promise<void>) {
    setPending(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="perch-alert-item" data-alert-id={alert.id} aria-busy={pending}>
      <div className="perch-row-main">
        <p>
          <strong>{words}</strong>
        </p>
        <p className="perch-muted">
          {capital(repeatWords(alert.repeat))} · {alert.sound ? 'with sound' : 'silent'}
          {alert.paused ? ' · Paused' : ''}
          {alert.note === undefined ? '' : ` · ${alert.note}`}
        </p>
      </div>
      <div className="perch-alert-actions">
        <button
          type="button"
          className="perch-secondary"
          disabled={pending}
          aria-label={`${alert.paused ? 'Resume' : 'Pause'} alert: ${words}`}
          onClick={() => void act(() => alerts.getState().setPaused(alert.id, !alert.paused))}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          className="perch-secondary"
          aria-expanded={editing}
          aria-controls={editId}
          aria-label={`Edit alert: ${words}`}
          onClick={() => {
            setEditing(!editing);
          }}
        >
          Edit
        </button>
        {deleting ? (
          <>
            <span>Delete this alert?</span>
            <button
              type="button"
              className="perch-danger"
              disabled={pending}
              aria-label={`Yes, delete alert: ${words}`}
              onClick={() => void act(() => alerts.getState().remove(alert.id))}
            >
              Yes, delete
            </button>
            <button
              type="button"
              className="perch-secondary"
              onClick={() => {
                setDeleting(false);
              }}
            >
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            className="perch-danger"
            aria-label={`Delete alert: ${words}`}
            onClick={() => {
              setDeleting(true);
            }}
          >
            Delete
          </button>
        )}
      </div>
      <FormAlert message={failure} />
      {editing ? (
        <div id={editId}>
          <AlertForm
            title={`Edit alert: ${words}`}
            kinds={isMarketKind(alert.condition.kind) ? MARKET_KINDS : ACCOUNT_KINDS}
            initial={valuesFromAlert(alert)}
            market={marketOf(alert)}
            scopeEditable
            editing={alert.id}
            save={alerts.getState().save}
            onClose={() => {
              setEditing(false);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}
