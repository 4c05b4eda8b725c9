import { useState } from 'react';
import { ALERT_HISTORY_SIZE } from '../contracts/alert-history-size';
import type { FiredAlert } from '../contracts/alerts';
import { firedWhen } from './alert-time';
import './alerts.css';

/** A catch-up after the worker was stopped tells later than it happened: said when it is a minute or more. */
const LATE_AFTER_MS = 60_000;

/** The fired alerts newest first, at most the history's size. */
export function newestFirst(history: readonly FiredAlert[]): FiredAlert[] {
  return [...history].sort((a, b) => b.firedAt - a.firedAt || b.at - a.at).slice(0, ALERT_HISTORY_SIZE);
}

function FiredRow({ fired, now }: { fired: FiredAlert; now: number }) {
  const late = fired.firedAt - fired.at >= LATE_AFTER_MS;
  return (
    <li>
      <p>
        <strong>{fired.title}</strong>{' '}
        <time className="perch-muted" dateTime={new Date(fired.at).toISOString()}>
          {firedWhen(fired.at, now)}
        </time>
      </p>
      <p>{fired.message}</p>
      {late ? (
        <p className="perch-muted">Told at {firedWhen(fired.firedAt, now)}, when Perch caught up.</p>
      ) : null}
    </li>
  );
}

export interface AlertHistoryProps {
  readonly history: readonly FiredAlert[];
  /** How many show until the trader asks for all. */
  readonly shown: number;
  /** The time now, to say "today" apart from earlier days. */
  readonly now: number;
}

/** The alerts that fired, newest first: the last few, and all of them on request. */
export function AlertHistory({ history, shown, now }: AlertHistoryProps) {
  const [all, setAll] = useState(false);
  const list = newestFirst(history);
  if (list.length === 0) return <p className="perch-muted">No alert has fired yet.</p>;
  const visible = all ? list : list.slice(0, shown);
  return (
    <>
      <ol className="perch-alert-history" aria-label="Fired alerts, newest first">
        {visible.map((fired) => (
          <FiredRow key={fired.id} fired={fired} now={now} />
        ))}
      </ol>
      {list.length > shown ? (
        <button
          type="button"
          className="perch-secondary"
          aria-expanded={all}
          onClick={() => {
            setAll(!all);
          }}
        >
          {all ? 'Show fewer' : `Show all (${String(list.length)})`}
        </button>
      ) : null}
    </>
  );
}
