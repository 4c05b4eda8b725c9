import * as z from 'zod/mini';
import { ALERT_HISTORY_SIZE, firedAlert, type Alert, type FiredAlert } from '../../contracts/alerts';
import type { PortfolioView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import type { Clock, ExchangeId, Quote, StreamEvent, Timers, TimerHandle } from '../../exchanges';
import type { ProtectionEvent } from '../../exchanges';
import { createSerialQueue } from '../serial-queue';
import type { AlertBook } from './alert-book';
import { readAlerts, readHistory } from './alert-book-store';
import {
  readWhatHappenedSince,
  watchedAccounts,
  watchesAccount,
  type CatchUpDeps,
} from './alert-catch-up-reader';
import { EXCHANGE_IDS } from '../../contracts/vocabulary';
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
  /** Whether the vault holds an exchange's keys now: only then is its account watched and caught up. */
  readonly hasCredentials: (exchange: ExchangeId) => Promise<boolean>;
  /** Called after the vault unlocks, locks or changes keys: an account unlocked since is caught up. */
  readonly onKeysChange: (listener: () => void) => unknown;
  readonly notify: (fired: FiredAlert) => Promise<void>;
  readonly playSound: () => Promise<void>;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly formatTime: (ms: number) => string;
  readonly logger: Pick<Console, 'warn' | 'error'>;
}

/** What an older record held as one time, or nothing usable: no account is caught up from it. */
function watchedUntilOf(previous: AlertWatch | null): Partial<Record<ExchangeId, number>> {
  const stored: unknown = previous?.watchedUntil;
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [ExchangeId, number] =>
        (EXCHANGE_IDS as readonly string[]).includes(entry[0]) && typeof entry[1] === 'number',
    ),
  );
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
  /** Until when each exchange's account was watched with its keys unlocked: the next catch-up reads from there. */
  let watchedUntil: Partial<Record<ExchangeId, number>> = {};
  /** The exchanges whose keys were unlocked at the last look: one unlocked since is caught up then. */
  let unlocked = new Set<ExchangeId>();

  function applyAlerts(next: Alert[]): void {
    alerts = next;
    engine.setAlerts(next);
    const quotes: WantedInstrument[] = engine.wantedInstruments();
    deps.watchQuotes(quotes);
    deps.needAccount(next.some(watchesAccount));
  }

  async function record(firings: readonly AlertFiring[]): Promise<void> {
    // Stored with the rules' memory in one write before anything else: a worker stopped from here on
    // leaves them for the next one to store and show (docs/alerts.md).
    await saveWatch(firings.map((firing) => firing.fired));
    for (const firing of firings) if (firing.pause) await deps.book.pause(firing.alert.id, true);
    await show(firings.map((firing) => firing.fired));
  }

  /** Stores firings in the history, then notifies (a notification's id is its firing's: shown once). */
  async function show(fired: readonly FiredAlert[]): Promise<void> {
    const ids = new Set(fired.map((one) => one.id));
    const history = (await readHistory(deps.items)).filter((old) => !ids.has(old.id));
    await deps.items.history.setValue([...fired.slice().reverse(), ...history].slice(0, ALERT_HISTORY_SIZE));
    for (const one of fired) {
      await deps.notify(one).catch((error: unknown) => {
        deps.logger.error('Perch could not show an alert:', error);
      });
      // Not waited for: a chime the browser holds back (an audio context that never starts, as in
      // Firefox's event page with no audio device) must not hold up the alerts after it.
      if (alerts.some((alert) => alert.id === one.alertId && alert.sound))
        void deps.playSound().catch(() => undefined);
    }
    await saveWatch();
  }

  async function unlockedNow(): Promise<Set<ExchangeId>> {
    const open = await Promise.all(
      EXCHANGE_IDS.map(async (id) => ((await deps.hasCredentials(id)) ? [id] : [])),
    );
    return new Set(open.flat());
  }

  /**
   * The rules' memory (with the firings not yet shown), and the watch moved on for each account whose
   * keys are unlocked.
   */
  async function saveWatch(unshown: readonly FiredAlert[] = []): Promise<void> {
    const now = clock.now();
    for (const id of await unlockedNow()) watchedUntil = { ...watchedUntil, [id]: now };
    await deps.items.watch.setValue({ memory: engine.memory(), watchedUntil, unshown });
  }

  /** Reads what happened since each account's watch ended, for the accounts just unlocked. */
  async function catchUpAccounts(): Promise<void> {
    const now = await unlockedNow();
    const newly = watchedAccounts(alerts).filter((id) => now.has(id) && !unlocked.has(id));
    unlocked = now;
    const accounts = newly.flatMap((exchange) => {
      const since = watchedUntil[exchange];
      return since === undefined ? [] : [{ exchange, since }];
    });
    if (accounts.length === 0) return;
    await handle(await readWhatHappenedSince(deps, [], accounts), true);
    await serial(saveWatch);
  }

  function handle(inputs: readonly AlertInput[], late = false): Promise<void> {
    if (inputs.length === 0) return Promise.resolve();
    if (waiting !== undefined && !late) {
      waiting.push(...inputs);
      return Promise.resolve();
    }
    return serial(async () => {
      const baselines = engine.baselinesTaken();
      const firings = inputs.flatMap((input) => engine.observe(input, { late }));
      if (firings.length > 0) await record(firings);
      // A price alert's first price is stored at once: a worker stopped before the next 30 s tick would
      // otherwise come back with no baseline, and miss a crossing made while it was away.
      else if (engine.baselinesTaken() > baselines) await saveWatch();
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
    watchedUntil = watchedUntilOf(previous);
    applyAlerts(stored);
    const unshown = z.array(firedAlert).safeParse(previous?.unshown ?? []);
    if (unshown.success && unshown.data.length > 0) await serial(() => show(unshown.data));
    await handle(await readWhatHappenedSince(deps, engine.priceCatchUps(), []), true);
    await catchUpAccounts();
    await handle(takeWaiting());
    await serial(saveWatch);
  })().catch((error: unknown) => {
    waiting = undefined;
    deps.logger.error('Perch could not start its alerts:', error);
  });

  deps.onKeysChange(() => {
    void ready.then(catchUpAccounts);
  });
  /**
   * A new or edited alert's baseline: the fresh prices the worker already holds, so a crossing by the very
   * next push counts (with prices standing still, that push may be the first the alert sees).
   */
  function seedPrices(): void {
    const fresh = deps.portfolio.snapshot().quotes.filter((quote) => !quote.stale);
    void handle(
      fresh.map(({ exchange, kind, symbol, last, mark, receivedAt }) => ({
        type: 'price' as const,
        exchange,
        kind,
        symbol,
        last,
        mark,
        ts: receivedAt,
      })),
    );
  }

  deps.items.alerts.watch(() => {
    void readAlerts(deps.items).then((next) => {
      applyAlerts(next);
      seedPrices();
    });
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
