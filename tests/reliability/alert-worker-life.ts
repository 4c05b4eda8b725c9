import type { Alert, FiredAlert } from '../../src/contracts/alerts';
import { startAlertWorker, type AlertWorker } from '../../src/background/alerts/alert-worker';
import type { AlertWatch } from '../../src/background/alerts/alert-store';
import { createPortfolio } from '../../src/background/portfolio/portfolio-state';
import type { Clock, Exchange, Timers } from '../../src/exchanges/index';

/**
 * The alert worker as the browser runs it, on the trusted store's items kept in memory: a worker can be
 * killed at any await, and a new one started over the same items. A killed worker's pending writes and
 * notifications never happen (its promises hang), as when the browser stops a service worker.
 */

/** Where, inside storing a firing, the next worker dies. */
export type StoringKill = 'before-history' | 'after-history' | 'before-notify' | 'after-notify';

/** A stored item, plain values in memory, with the worker's own life in front of it. */
class MemoryItem<T> {
  private listeners: (() => void)[] = [];
  constructor(public value: T) {}
  get = (): Promise<unknown> => Promise.resolve(structuredClone(this.value));
  set = (next: T): Promise<void> => {
    this.value = structuredClone(next);
    for (const listener of this.listeners) listener();
    return Promise.resolve();
  };
  watch = (listener: () => void): void => {
    this.listeners.push(listener);
  };
}

const never = <T>() => new Promise<T>(() => undefined);

export interface AlertWorkerLifeOptions {
  readonly alert: Alert;
  readonly exchange: Exchange;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly formatTime: (ms: number) => string;
}

export function alertWorkerLife(options: AlertWorkerLifeOptions) {
  const alerts = new MemoryItem<Alert[]>([options.alert]);
  const history = new MemoryItem<FiredAlert[]>([]);
  const watch = new MemoryItem<AlertWatch | null>(null);
  /** Every firing ever written to history, in order (the stored list keeps the last 100 only). */
  const everStored: FiredAlert[] = [];
  /** Every notification shown, in order (one shown again under its id replaces it on screen). */
  const notified: FiredAlert[] = [];
  const logged: unknown[] = [];
  let current: { worker: AlertWorker; alive: { value: boolean } } | undefined;
  let killWhileStoring: StoringKill | undefined;
  let storingKills = 0;

  function kill(): void {
    killWhileStoring = undefined;
    if (current !== undefined) current.alive.value = false;
    current = undefined;
  }

  function start(): AlertWorker {
    kill();
    const alive = { value: true };
    const living =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        alive.value ? run(...args) : never<R>();
    /** Kills this worker at the named point of storing a firing, once, if the test armed it. */
    const killHere = (point: StoringKill): boolean => {
      if (!alive.value || killWhileStoring !== point) return false;
      killWhileStoring = undefined;
      storingKills += 1;
      kill();
      return true;
    };
    const worker = startAlertWorker({
      items: {
        alerts: { getValue: living(alerts.get), setValue: living(alerts.set), watch: alerts.watch },
        history: {
          getValue: living(history.get),
          setValue: living(async (next: FiredAlert[]) => {
            if (killHere('before-history')) return never();
            const known = new Set(history.value.map((fired) => fired.id));
            everStored.push(...next.filter((fired) => !known.has(fired.id)));
            await history.set(next);
            if (killHere('after-history')) return never();
          }),
        },
        watch: {
          getValue: living(watch.get),
          setValue: living(async (next: AlertWatch | null) => {
            await watch.set(next);
          }),
        },
      },
      book: {
        pause: living(() => Promise.reject(new Error('an every-time alert is never paused'))),
      },
      registry: {
        exchange: (id) => Promise.resolve(id === options.exchange.id ? options.exchange : undefined),
        onRebuild: () => () => undefined,
      },
      hasCredentials: () => Promise.resolve(true),
      portfolio: createPortfolio({ clock: options.clock }),
      watchQuotes: () => undefined,
      needAccount: () => undefined,
      onKeysChange: () => undefined,
      notify: living(async (fired: FiredAlert) => {
        if (killHere('before-notify')) return never();
        notified.push(fired);
        if (killHere('after-notify')) return never();
      }),
      playSound: () => Promise.resolve(),
      clock: options.clock,
      timers: options.timers,
      formatTime: options.formatTime,
      logger: { warn: (...args) => logged.push(args), error: (...args) => logged.push(args) },
    });
    current = { worker, alive };
    return worker;
  }

  return {
    start,
    kill,
    /** The running worker, if any. */
    worker: (): AlertWorker | undefined => current?.worker,
    /** The next firing kills the worker at `point` of storing it. */
    killWhileStoring(point: StoringKill): void {
      killWhileStoring = point;
    },
    storingKills: () => storingKills,
    everStored,
    notified,
    logged,
  };
}
