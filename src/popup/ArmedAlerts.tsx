import { useState } from 'react';
import { useStore } from 'zustand';
import type { Alert } from '../contracts/alerts';
import { instrumentKey } from '../contracts/instrument-key';
import { errorMessage } from '../contracts/perch-error';
import { conditionWords } from '../ui/alert-words';
import { alertSummary } from './alert-summary';
import { ConfirmButton } from './ConfirmButton';
import { NoticeLine } from './NoticeLine';
import type { Notice, PopupStore } from './store';

/** The tick size of a price alert's instrument, when the popup follows its quote: the level on its tick. */
function useTickSize(store: PopupStore, alert: Alert): string | undefined {
  const { condition } = alert;
  const instrument = condition.kind === 'price' ? condition.instrument : undefined;
  return useStore(store, (state) =>
    instrument === undefined ? undefined : state.quotes[instrumentKey(instrument)]?.tickSize,
  );
}

/** One armed alert: the instrument and exchange, what it waits for with its price and unit, and Remove. */
function ArmedRow({ store, alert }: { store: PopupStore; alert: Alert }) {
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const tickSize = useTickSize(store, alert);
  const { exchanges, instrument, condition } = alertSummary(alert, tickSize);
  async function remove() {
    setPending(true);
    setNotice(undefined);
    try {
      await store.getState().alerts.getState().remove(alert.id);
    } catch (error) {
      setNotice({ tone: 'problem', text: `Not removed: ${errorMessage(error)}` });
    } finally {
      setPending(false);
    }
  }
  return (
    <li className="perch-armed-alert" data-alert-id={alert.id} aria-busy={pending}>
      <span className="perch-exchange">{exchanges}</span>
      <span className="perch-symbol">{instrument}</span>
      <span className="perch-alert-condition">{condition}</span>
      <ConfirmButton
        words="Remove"
        busyWords="Removing…"
        what={`alert when ${conditionWords(alert.condition, tickSize)}`}
        pending={pending}
        onConfirm={() => void remove()}
      />
      <NoticeLine notice={notice} />
    </li>
  );
}

/** The alerts that can fire now, each on one aligned line a trader scans, removable in two clicks. */
export function ArmedAlerts({ store, alerts }: { store: PopupStore; alerts: readonly Alert[] }) {
  const armed = alerts.filter((alert) => !alert.paused);
  if (armed.length === 0) return null;
  return (
    <ul className="perch-armed-alerts" aria-label="Armed alerts">
      {armed.map((alert) => (
        <ArmedRow key={alert.id} store={store} alert={alert} />
      ))}
    </ul>
  );
}
