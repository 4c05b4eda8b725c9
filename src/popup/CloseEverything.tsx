import { useEffect, useState } from 'react';
import type { FlattenItem } from '../contracts/flatten';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { MessageClient } from '../platform/message-client';
import { createRuntimeClient } from '../platform/runtime-client';
import type { Timers } from './store';
import { HoldButton } from '../ui/HoldButton';
import { useFlattenRun } from './use-flatten-run';

export interface CloseEverythingProps {
  /** Opens the confirmation at once (the "close everything" hotkey): it still has to be held. */
  readonly askNow?: boolean;
  /** Told once the confirmation has opened for `askNow`, so it is asked once per shortcut. */
  readonly onAsked?: () => void;
  readonly client?: MessageClient;
  readonly timers?: Timers;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

let runtimeClient: MessageClient | undefined;
const defaultClient = () => (runtimeClient ??= createRuntimeClient());

const STATE_WORDS: Record<FlattenItem['state'], string> = {
  waiting: 'waiting',
  working: 'working',
  done: 'done',
  refused: 'refused',
  open: 'still open',
};

function HoldToFlatten({ onConfirm }: { readonly onConfirm: () => void }) {
  return (
    <HoldButton
      className="perch-danger perch-close perch-flatten-hold"
      words={(holding) => (holding ? 'Keep holding…' : 'Hold to close everything')}
      onConfirm={onConfirm}
    />
  );
}

function ProgressList({ items }: { readonly items: readonly FlattenItem[] }) {
  return (
    <ul className="perch-flatten-list" aria-label="Close everything: progress">
      {items.map((item) => (
        <li key={item.id} data-state={item.state} data-kind={item.kind}>
          <span className="perch-flatten-what">
            {item.kind === 'exchange' ? item.what : `${EXCHANGE_NAMES[item.exchange]} ${item.what}`}
          </span>{' '}
          <span className="perch-flatten-state">{STATE_WORDS[item.state]}</span>
          {item.words === '' ? null : <span className="perch-flatten-words"> — {item.words}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Close everything": every position on both exchanges closed at market (reduce-only) and every resting
 * order cancelled. Asked in two steps, the second a hold, so a stray click cannot start it; then the
 * progress of each position and order, and the outcome in words.
 */
export function CloseEverything({
  askNow = false,
  onAsked,
  client,
  timers = browserTimers,
}: CloseEverythingProps) {
  const [asking, setAsking] = useState(askNow);
  // The shortcut's intent reaches the popup after its first paint: the confirmation opens when it does.
  const [askedNow, setAskedNow] = useState(askNow);
  if (askNow && !askedNow) {
    setAskedNow(true);
    setAsking(true);
  }
  useEffect(() => {
    if (askNow) onAsked?.();
  }, [askNow, onAsked]);
  const { run, problem, start } = useFlattenRun(client ?? defaultClient(), timers);
  const confirm = () => {
    setAsking(false);
    start();
  };
  return (
    <section className="perch-flatten" aria-label="Close everything">
      {asking ? (
        <div role="group" aria-label="Confirm close everything" className="perch-flatten-ask">
          <p>
            Close every position on OKX and Bybit at market and cancel every resting order? This cannot be
            undone.
          </p>
          <HoldToFlatten onConfirm={confirm} />
          <button
            type="button"
            onClick={() => {
              setAsking(false);
            }}
          >
            Keep everything
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="perch-flatten-open"
          disabled={run?.phase === 'running'}
          onClick={() => {
            setAsking(true);
          }}
        >
          {run?.phase === 'running' ? 'Closing everything…' : 'Close everything…'}
        </button>
      )}
      {problem === undefined ? null : (
        <p role="alert" className="perch-notice">
          {problem}
        </p>
      )}
      {run === undefined ? null : <ProgressList items={run.items} />}
      {run?.phase === 'done' ? (
        <div role="status" className="perch-flatten-report">
          {run.report.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
