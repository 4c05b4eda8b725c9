import { describe, expect, it, vi } from 'vitest';
import type { Alert, FiredAlert } from '../../contracts/alerts';
import type { Quote } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import type { AlertWatch } from './alert-store';
import { startAlertWorker } from './alert-worker';
import { anAlert, BTC, formatTime, priceAbove, SECOND, T0 } from './alerts.test-helper';

function storedItem<T>(initial: T) {
  let value = initial;
  return {
    getValue: () => Promise.resolve<unknown>(value),
    setValue: (next: T) => {
      value = next;
      return Promise.resolve();
    },
  };
}

function aQuote(last: string, ts: number): Quote {
  const none = undefined;
  return {
    exchange: BTC.exchange,
    instrumentKind: BTC.kind,
    symbol: BTC.symbol,
    ts,
    last,
    ...{ bid: none, bidSize: none, ask: none, askSize: none, mark: none, index: none },
    ...{ open24h: none, high24h: none, low24h: none, volume24h: none, fundingRate: none },
  };
}

/** A worker over stored `alerts` (first start: nothing to catch up), showing and chiming through fakes. */
async function workerWith(alerts: Alert[], playSound: () => Promise<void>) {
  const time = createFakeTime(T0);
  const shown: FiredAlert[] = [];
  const worker = startAlertWorker({
    items: {
      alerts: { ...storedItem(alerts), watch: () => undefined },
      history: storedItem<FiredAlert[]>([]),
      watch: storedItem<AlertWatch | null>(null),
    },
    book: {
      pause: (id, paused) => {
        const found = alerts.find((alert) => alert.id === id);
        return found === undefined ? Promise.reject(new Error(id)) : Promise.resolve({ ...found, paused });
      },
    },
    registry: { exchange: () => Promise.resolve(undefined), onRebuild: () => () => undefined },
    hasCredentials: () => Promise.resolve(false),
    portfolio: {
      snapshot: () => {
        throw new Error('no figures in this test');
      },
      onChange: () => undefined,
    },
    watchQuotes: () => undefined,
    needAccount: () => undefined,
    onKeysChange: () => undefined,
    notify: (fired) => {
      shown.push(fired);
      return Promise.resolve();
    },
    playSound,
    clock: time.clock,
    timers: time.timers,
    formatTime,
    logger: { warn: () => undefined, error: () => undefined },
  });
  await worker.ready;
  return { worker, shown };
}

describe('the alert worker', () => {
  it('shows the alerts after a chime that never finishes (an audio context that never starts)', async () => {
    const chiming = [
      { ...anAlert(priceAbove('65000'), undefined, 'a1'), sound: true },
      { ...anAlert(priceAbove('66000'), undefined, 'a2'), sound: true },
    ];
    const playSound = vi.fn(() => new Promise<void>(() => undefined));
    const { worker, shown } = await workerWith(chiming, playSound);

    worker.onQuote(aQuote('64000', T0));
    worker.onQuote(aQuote('65500', T0 + SECOND));
    await vi.waitFor(() => {
      expect(shown.map((fired) => fired.title)).toEqual(['BTC-USDT-SWAP on OKX: above 65,000']);
    });
    worker.onQuote(aQuote('66500', T0 + 2 * SECOND));

    await vi.waitFor(() => {
      expect(shown.map((fired) => fired.title)).toEqual([
        'BTC-USDT-SWAP on OKX: above 65,000',
        'BTC-USDT-SWAP on OKX: above 66,000',
      ]);
    });
    expect(playSound).toHaveBeenCalledTimes(2);
  });
});
