import { describe, expect, it, vi } from 'vitest';
import type { Alert, FiredAlert } from '../../contracts/alerts';
import type { Candle, ClosedPosition } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createFakeExchange } from '../audit/exchange-fake.test-helper';
import { fakeRegistry, ticker } from '../hub/hub-fakes.test-helper';
import { createPortfolio } from '../portfolio/portfolio-state';
import { createAlertBook } from './alert-book-store';
import type { AlertMemory } from './alert-engine';
import type { AlertWatch } from './alert-store';
import { startAlertWorker } from './alert-worker';
import { BTC, MINUTE, SECOND, T0, anAlert, formatTime, priceAbove } from './alerts.test-helper';

/** The worker on fake time, over stored items kept in memory that outlive each worker started on them. */

/** A write or a notification that never ends: the worker was stopped in the middle of it. */
const never = (): Promise<never> => new Promise(() => undefined);

function storedItems(alerts: Alert[]) {
  const stored = { alerts, history: [] as FiredAlert[], watch: null as AlertWatch | null, watchWrites: 0 };
  const listeners: (() => void)[] = [];
  /** A stored item's setValue that hangs, as a worker stopped in the middle of the write. */
  const hang = { history: false };
  const items = {
    alerts: {
      getValue: () => Promise.resolve(structuredClone(stored.alerts)),
      setValue: (next: Alert[]) => {
        stored.alerts = structuredClone(next);
        for (const listener of listeners) listener();
        return Promise.resolve();
      },
      watch: (listener: () => void) => listeners.push(listener),
    },
    history: {
      getValue: () => Promise.resolve(structuredClone(stored.history)),
      setValue: (next: FiredAlert[]) => {
        if (hang.history) return never();
        stored.history = structuredClone(next);
        return Promise.resolve();
      },
    },
    watch: {
      getValue: () => Promise.resolve(structuredClone(stored.watch)),
      setValue: (next: AlertWatch | null) => {
        stored.watch = structuredClone(next);
        stored.watchWrites += 1;
        return Promise.resolve();
      },
    },
  };
  return { stored, items, hang };
}

type Stored = ReturnType<typeof storedItems>;

function workerOn(
  { items }: Stored,
  time: ReturnType<typeof createFakeTime>,
  options: {
    readonly candles?: () => Promise<Candle[]>;
    readonly notify?: (fired: FiredAlert) => Promise<void>;
    readonly keys?: { unlocked: boolean; changed?: () => void };
    readonly closedSince?: (since: number) => Promise<ClosedPosition[]>;
  } = {},
) {
  const notified: FiredAlert[] = [];
  const okx = createFakeExchange('okx', {
    getCandles: options.candles ?? (() => Promise.resolve([])),
    getClosedPositions: options.closedSince ?? (() => Promise.resolve([])),
    getFills: () => Promise.resolve([]),
    getOpenOrders: () => Promise.resolve([]),
  });
  const worker = startAlertWorker({
    items,
    book: createAlertBook({ items, clock: time.clock, newId: () => 'new' }),
    registry: fakeRegistry({ okx }),
    hasCredentials: (exchange) => Promise.resolve(exchange === 'okx' && (options.keys?.unlocked ?? true)),
    portfolio: createPortfolio({ clock: time.clock }),
    watchQuotes: () => undefined,
    needAccount: () => undefined,
    onKeysChange: (listener) => {
      if (options.keys !== undefined) options.keys.changed = listener;
    },
    notify: async (fired) => {
      await options.notify?.(fired);
      notified.push(fired);
    },
    playSound: () => Promise.resolve(),
    clock: time.clock,
    timers: time.timers,
    formatTime,
    logger: { warn: () => undefined, error: () => undefined },
  });
  /** A last price pushed at the fake time's now. */
  const tick = async (last: string) => {
    worker.onEvent(ticker('okx', BTC.symbol, last, time.clock.now()));
    await time.flush();
  };
  return { worker, notified, tick };
}

/** A minute candle of the last price that went from `low` to `high` and closed at `close`. */
const candle = (start: number, low: string, high: string, close: string): Candle => ({
  start,
  open: low,
  high,
  low,
  close,
  volume: '1',
  confirmed: true,
});

const firedIds = (memory: unknown) => (memory as AlertMemory).fired;

/** A worker that saw `last` at T0 over an alert above 65,000, its memory stored by the 30 s alarm. */
async function stoppedAfterSeeing(last: string) {
  const time = createFakeTime(T0);
  const store = storedItems([anAlert(priceAbove('65000'))]);
  const first = workerOn(store, time);
  await first.worker.ready;
  await first.tick(last);
  await first.worker.tick();
  return { time, store };
}

describe('the alert worker', () => {
  it('stores a firing in the history and the rules’ memory before it shows it', async () => {
    const time = createFakeTime(T0);
    const store = storedItems([anAlert(priceAbove('65000'))]);
    const seenByNotify: { history: string[]; remembered: readonly string[] }[] = [];
    const { worker, tick } = workerOn(store, time, {
      notify: () => {
        seenByNotify.push({
          history: store.stored.history.map((fired) => fired.id),
          remembered: firedIds(store.stored.watch?.memory),
        });
        return Promise.resolve();
      },
    });
    await worker.ready;
    await tick('64000');
    time.advance(SECOND);
    await tick('65100');
    const id = `a1:price:${T0 + SECOND}`;
    expect(seenByNotify).toEqual([{ history: [id], remembered: [id] }]);
  });

  it('pauses a once-alert through the book after it fired, and it fires no more', async () => {
    const time = createFakeTime(T0);
    const store = storedItems([anAlert(priceAbove('65000'), { mode: 'once' })]);
    const { worker, notified, tick } = workerOn(store, time);
    await worker.ready;
    for (const last of ['64000', '65100', '64000', '65200']) {
      await tick(last);
      time.advance(SECOND);
    }
    expect(notified.map((fired) => fired.at)).toEqual([T0 + SECOND]);
    expect(store.stored.alerts.map((alert) => alert.paused)).toEqual([true]);
  });

  it('handles what arrives while it catches up after the catch-up, in order', async () => {
    const { time, store } = await stoppedAfterSeeing('64000');

    time.advance(3 * MINUTE);
    let answer: (candles: Candle[]) => void = () => undefined;
    const second = workerOn(store, time, { candles: () => new Promise((resolve) => (answer = resolve)) });
    await second.tick('64800');
    time.advance(SECOND);
    await second.tick('65200');
    expect(second.notified).toEqual([]);
    answer([candle(T0 + MINUTE, '64000', '65500', '64500')]);
    await second.worker.ready;
    await time.flush();
    // The minute it crossed in while stopped, then the push that crossed again while it caught up.
    expect(second.notified.map((fired) => fired.at)).toEqual([T0 + MINUTE, T0 + 3 * MINUTE + SECOND]);
  });

  it('after a restart fires nothing on a tick that did not cross, and once, late, for a candle that did', async () => {
    const { time, store } = await stoppedAfterSeeing('64000');

    time.advance(MINUTE);
    const second = workerOn(store, time);
    await second.worker.ready;
    await second.tick('64800');
    await second.worker.tick();
    expect(second.notified).toEqual([]);

    time.advance(2 * MINUTE);
    const crossed = () => Promise.resolve([candle(T0 + 2 * MINUTE, '64800', '65300', '64900')]);
    const third = workerOn(store, time, { candles: crossed });
    await third.worker.ready;
    expect(third.notified.map((fired) => [fired.id, fired.at, fired.firedAt])).toEqual([
      [`a1:price:${T0 + 2 * MINUTE}`, T0 + 2 * MINUTE, T0 + 3 * MINUTE],
    ]);
    expect(third.notified[0]?.message).toContain('at 14:02:00 (seen at 14:03:00, Perch was not running)');
    // The same candle read again by the next worker is nothing new.
    const fourth = workerOn(store, time, { candles: crossed });
    await fourth.worker.ready;
    expect(fourth.notified).toEqual([]);
    expect(store.stored.history).toHaveLength(1);
  });

  it('stores a new alert’s first price at once, also on an instrument another alert already watches', async () => {
    const time = createFakeTime(T0);
    const store = storedItems([anAlert(priceAbove('65000'))]);
    const { worker, tick } = workerOn(store, time);
    await worker.ready;
    await tick('64000');
    await store.items.alerts.setValue([
      anAlert(priceAbove('65000')),
      anAlert(priceAbove('66000'), undefined, 'a2'),
    ]);
    await time.flush();
    time.advance(SECOND);
    await tick('64100');
    const stored = store.stored.watch?.memory as AlertMemory;
    expect(stored.alerts.a2?.rule).toMatchObject({ kind: 'price', price: '64100', priceTime: T0 + SECOND });
  });

  it('stores the memory on the 30 s alarm only while some alert is active', async () => {
    const time = createFakeTime(T0);
    const store = storedItems([{ ...anAlert(priceAbove('65000')), paused: true }]);
    const { worker } = workerOn(store, time);
    await worker.ready;
    const writes = store.stored.watchWrites;
    time.advance(30 * SECOND);
    await worker.tick();
    expect(store.stored.watchWrites).toBe(writes);

    await store.items.alerts.setValue([anAlert(priceAbove('65000'))]);
    await time.flush();
    await worker.tick();
    expect(store.stored.watchWrites).toBe(writes + 1);
    expect(store.stored.watch?.watchedUntil).toEqual({ okx: T0 + 30 * SECOND });
  });

  it.each([
    ['writing the history', 'history'],
    ['showing it', 'notify'],
  ] as const)(
    'a worker stopped after storing a firing, while %s, leaves it to the next to store and show once',
    async (_, where) => {
      const time = createFakeTime(T0);
      const store = storedItems([anAlert(priceAbove('65000'))]);
      const first = workerOn(store, time, {
        notify: () => (where === 'notify' ? never() : Promise.resolve()),
      });
      await first.worker.ready;
      await first.tick('64000');
      time.advance(SECOND);
      store.hang.history = where === 'history';
      await first.tick('65100');
      expect(first.notified).toEqual([]);

      store.hang.history = false;
      time.advance(MINUTE);
      // The candle of that crossing, read over REST, is the same crossing: not a second firing.
      const second = workerOn(store, time, {
        candles: () => Promise.resolve([candle(T0, '64000', '65100', '65100')]),
      });
      await second.worker.ready;
      const id = `a1:price:${T0 + SECOND}`;
      expect(second.notified.map((fired) => fired.id)).toEqual([id]);
      expect(store.stored.history.map((fired) => fired.id)).toEqual([id]);
      expect(store.stored.watch?.unshown).toEqual([]);
    },
  );

  it('tells the closes of a locked spell once the keys are unlocked, read from where the watch ended', async () => {
    const time = createFakeTime(T0);
    const store = storedItems([anAlert({ kind: 'closed', scope: { exchanges: ['okx'], symbols: [] } })]);
    const keys: { unlocked: boolean; changed?: () => void } = { unlocked: true };
    const asked: number[] = [];
    const closedAt = T0 + 5 * MINUTE;
    const { worker, notified } = workerOn(store, time, {
      keys,
      closedSince: (since) => {
        asked.push(since);
        return Promise.resolve(
          since <= closedAt
            ? [
                {
                  exchange: 'okx',
                  symbol: BTC.symbol,
                  instrumentKind: 'perpetual',
                  positionSlot: 'one-way',
                  id: 'okx-close-1',
                  closedAt,
                  reason: 'liquidation',
                  whole: true,
                  closePrice: '60000',
                  size: '3',
                  realisedPnl: '-500',
                },
              ]
            : [],
        );
      },
    });
    await worker.ready;
    await time.flush();
    const watchEnded = time.clock.now();

    keys.unlocked = false;
    keys.changed?.();
    time.advance(10 * MINUTE);
    await worker.tick();
    await time.flush();
    // Locked: the watch stays where it ended, and nothing is read.
    expect(store.stored.watch?.watchedUntil.okx).toBe(watchEnded);
    expect(notified).toEqual([]);

    keys.unlocked = true;
    keys.changed?.();
    await time.flush();
    await vi.waitFor(() => {
      expect(notified.map((fired) => [fired.kind, fired.at])).toEqual([['closed', closedAt]]);
    });
    expect(asked.at(-1)).toBe(watchEnded);
    expect(notified[0]?.message).toMatch(/liquidation/);
  });
});
