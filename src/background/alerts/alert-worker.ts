import { ALERT_HISTORY_SIZE, type Alert, type FiredAlert } from '../../contracts/alerts';
import type { PortfolioView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import type { Clock, Quote, StreamEvent, Timers, TimerHandle } from '../../exchanges';
import type { ProtectionEvent } from '../../exchanges';
import { createSerialQueue } from '../serial-queue';
import type { AlertBook } from './alert-book';
import { readAlerts, readHistory } from './alert-book-store';
import { readWhatHappenedSince, watchesAccount, type CatchUpDeps } from './alert-catch-up-reader';
import { createAlertEngine, type AlertFiring, type AlertMemory } from './alert-engine';
import { createAlertFeed } from './alert-feed';
import type { AlertInput } from './alert-inputs';
import type { AlertWatch } from './alert-store';

interface Item<T> {
  getValue(): Promise<unknown>;
  setValue(value: T): Promise<void>;
}

export interface AlertWorkerDeps extends CatchUpDeps {
  readonly items: {
    readonly alerts: Item<Alert[]> & { watch(listener: () => void): unknown };
    readonly history: Item<FiredAlert[]>;
    readonly watch: Item<AlertWatch | null>;
  };
  readonly book: Pick<AlertBook, 'pause'>;
  readonly portfolio: { snapshot(): PortfolioView; onChange(listener: () => void): unknown };
  /** The quotes the price alerts need, and whether any alert needs the account streams. */
  readonly watchQuotes: (instruments: readonly WantedInstrument[]) => void;
  readonly needAccount: (on: boolean) => void;
  readonly notify: (fired: FiredAlert) => Promise<void>;
  readonly playSound: () => Promise<void>;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly formatTime: (ms: number) => string;
  readonly logger: Pick<Console, 'warn' | 'error'>;
}

/** How often the portfolio's figures (liquidation distance, margin, funding) are checked at most. */
const FIGURES_EVERY_MS = 1_000;

/**
 * The alerts in the worker: the rules fed from the streams the hub already holds and the portfolio's
 * figures; on every start, what happened while no worker ran is read over REST first. What fired is
 * stored (with the rules' memory) before it is shown, so a worker stopped at any moment neither misses
 * an alert nor shows one twice (docs/alerts.md).
 */
export function startAlertWorker(deps: AlertWorkerDeps) {
  const { clock, timers } = deps;
  const feed = createAlertFeed();
  const serial = createSerialQueue();
  let engine = createAlertEngine({ clock, formatTime: deps.formatTime });
  let alerts: Alert[] = [];
  /** Inputs that came before the catch-up finished: handled after it, in order. */
  let waiting: AlertInput[] | undefined = [];
  let figuresTimer: { readonly handle: TimerHandle } | undefined;

  function applyAlerts(next: Alert[]): void {
    alerts = next;
    engine.setAlerts(next);
    const quotes: WantedInstrument[] = engine.wantedInstruments();
    deps.watchQuotes(quotes);
    deps.needAccount(next.some(watchesAccount));
  }

  async function record(firings: readonly AlertFiring[]): Promise<void> {
    const fired = firings.map((firing) => firing.fired);
    const ids = new Set(fired.map((one) => one.id));
    const history = (await readHistory(deps.items)).filter((old) => !ids.has(old.id));
    await deps.items.history.setValue([...fired.slice().reverse(), ...history].slice(0, ALERT_HISTORY_SIZE));
    await saveWatch();
    for (const firing of firings) if (firing.pause) await deps.book.pause(firing.alert.id, true);
    for (const firing of firings) {
      await deps.notify(firing.fired).catch((error: unknown) => {
        deps.logger.error('Perch could not show an alert:', error);
      });
      // Not waited for: a chime the browser holds back (an audio context that never starts, as in
      // Firefox's event page with no audio device) must not hold up the alerts after it.
      if (firing.alert.sound) void deps.playSound().catch(() => undefined);
    }
  }

  function saveWatch(): Promise<void> {
    return deps.items.watch.setValue({ memory: engine.memory(), watchedUntil: clock.now() });
  }

  function handle(inputs: readonly AlertInput[], late = false): Promise<void> {
    if (inputs.length === 0) return Promise.resolve();
    if (waiting !== undefined && !late) {
      waiting.push(...inputs);
      return Promise.resolve();
    }
    return serial(async () => {
      const firings = inputs.flatMap((input) => engine.observe(input, { late }));
      if (firings.length > 0) await record(firings);
    });
  }

  /** The inputs held while catching up; from now on inputs are handled as they come. */
  function takeWaiting(): AlertInput[] {
    const held = waiting ?? [];
    waiting = undefined;
    return held;
  }

  function checkFigures(): void {
    figuresTimer = undefined;
    void handle(feed.fromPortfolio(deps.portfolio.snapshot(), clock.now()));
  }

  const ready = (async () => {
    const [stored, watch] = await Promise.all([readAlerts(deps.items), deps.items.watch.getValue()]);
    const previous = watch as AlertWatch | null;
    engine = createAlertEngine({
      clock,
      formatTime: deps.formatTime,
      memory: previous?.memory as AlertMemory,
    });
    applyAlerts(stored);
    if (previous !== null && alerts.some((alert) => !alert.paused)) {
      const missed = await readWhatHappenedSince(deps, engine.priceCatchUps(), alerts, previous.watchedUntil);
      await handle(missed, true);
    }
    await handle(takeWaiting());
    await serial(saveWatch);
  })().catch((error: unknown) => {
    waiting = undefined;
    deps.logger.error('Perch could not start its alerts:', error);
  });

  deps.items.alerts.watch(() => {
    void readAlerts(deps.items).then(applyAlerts);
  });
  deps.portfolio.onChange(() => {
    figuresTimer ??= { handle: timers.setTimeout(checkFigures, FIGURES_EVERY_MS) };
  });

  return {
    ready,
    /** Every event the hub writes to the portfolio. */
    onEvent(event: StreamEvent | ProtectionEvent): void {
      void handle(feed.fromEvent(event));
    },
    /** A REST quote, while a quote stream is down or stale. */
    onQuote(quote: Quote): void {
      void handle([
        {
          type: 'price',
          exchange: quote.exchange,
          kind: quote.instrumentKind,
          symbol: quote.symbol,
          last: quote.last,
          mark: quote.mark,
          ts: quote.ts,
        },
      ]);
    },
    /** The 30 s alarm: what the rules remember is stored, so a stopped worker's successor starts from here. */
    tick(): Promise<void> {
      const watching = alerts.some((alert) => !alert.paused);
      return waiting === undefined && watching ? serial(saveWatch) : Promise.resolve();
    },
  };
}

export type AlertWorker = ReturnType<typeof startAlertWorker>;
