import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { aBalance, anOrder, aPosition, aTicker, positionPush, walletPush } from './model-fakes.test-helper';
import type { PortfolioRecord } from './portfolio-record';
import { createPortfolio, type Portfolio } from './portfolio-state';
import {
  portfolioSnapshotItem,
  restoreSnapshot,
  sessionSnapshotStore,
  startSnapshotWriter,
  type SnapshotStore,
} from './snapshot-store';

let time: FakeTime;
let portfolio: Portfolio;
let saved: PortfolioRecord[];
const memoryStore: SnapshotStore = {
  load: () => Promise.resolve(saved.at(-1) ?? null),
  save: (record) => {
    saved.push(record);
    return Promise.resolve();
  },
};

beforeEach(() => {
  fakeBrowser.reset();
  time = createFakeTime();
  portfolio = createPortfolio({ clock: time.clock });
  saved = [];
});

describe('the snapshot writer', () => {
  it('writes a burst of quotes once, after the interval, with the last one in it', () => {
    startSnapshotWriter({ portfolio, store: memoryStore, timers: time.timers, intervalMs: 1_000 });

    for (let last = 1; last <= 50; last++)
      portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: String(last) }));
    time.advance(999);
    expect(saved).toEqual([]);

    time.advance(1);
    expect(saved.map((record) => record.quotes[0]?.last)).toEqual(['50']);
  });

  it('keeps a close the private stream confirmed at once, without waiting for the interval', () => {
    portfolio.replaceAccount('okx', { positions: [aPosition()], balance: undefined, orders: [] });
    startSnapshotWriter({ portfolio, store: memoryStore, timers: time.timers, intervalMs: 1_000 });
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '51000', mark: '51000' }));

    portfolio.applyEvent(positionPush({ side: 'flat', sizeContracts: '0', sizeCoin: '0' }, 2_000));

    // No time has passed: a worker stopped now finds the close kept, and the quote with it.
    expect(saved.map((record) => record.accounts[0]?.positions)).toEqual([[]]);
    expect(saved.at(-1)?.quotes[0]?.last).toBe('51000');
    expect(time.pendingTimers()).toBe(0);
  });

  it('keeps every account change at once: a listing from the exchange, a balance, an order', () => {
    startSnapshotWriter({ portfolio, store: memoryStore, timers: time.timers, intervalMs: 1_000 });

    portfolio.replaceAccount('bybit', { positions: [], balance: aBalance('bybit', '75'), orders: [] });
    portfolio.applyEvent(walletPush('okx', '10'));
    portfolio.applyEvent(anOrder());

    expect(saved).toHaveLength(3);
    expect(saved.at(-1)?.accounts.map((account) => account.positionsKnown)).toEqual([false, true]);
  });

  it('writes at most once per interval under a steady stream, and the final change always lands', () => {
    startSnapshotWriter({ portfolio, store: memoryStore, timers: time.timers, intervalMs: 1_000 });

    for (let tick = 1; tick <= 25; tick++) {
      portfolio.applyEvent(aTicker('bybit', 'BTCUSDT', { last: String(tick) }));
      time.advance(100);
    }
    expect(saved).toHaveLength(2);
    time.advance(1_000);

    expect(saved).toHaveLength(3);
    expect(saved.at(-1)?.quotes[0]?.last).toBe('25');
    time.advance(10_000);
    expect(saved).toHaveLength(3);
  });

  it('once stopped, writes nothing more, not even a pending write', () => {
    const stop = startSnapshotWriter({
      portfolio,
      store: memoryStore,
      timers: time.timers,
      intervalMs: 1_000,
    });
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '1' }));
    stop();
    portfolio.applyEvent(walletPush('okx', '2'));
    time.advance(5_000);

    expect(saved).toEqual([]);
    expect(time.pendingTimers()).toBe(0);
  });

  it('a failed write is reported in the console, never thrown into the hub', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing: SnapshotStore = { ...memoryStore, save: () => Promise.reject(new Error('quota')) };
    startSnapshotWriter({ portfolio, store: failing, timers: time.timers, intervalMs: 1_000 });
    portfolio.applyEvent(walletPush('okx', '1'));
    time.advance(1_000);
    await time.flush();

    expect(warn).toHaveBeenCalledWith(
      'Perch could not keep the portfolio for a worker restart:',
      expect.any(Error),
    );
  });
});

describe('storage.session', () => {
  it('a new worker repaints what the last one wrote, marked restored', async () => {
    portfolio.replaceAccount('bybit', { positions: [], balance: aBalance('bybit', '75'), orders: [] });
    startSnapshotWriter({ portfolio, store: sessionSnapshotStore, timers: time.timers, intervalMs: 1_000 });
    portfolio.applyEvent(aTicker('bybit', 'BTCUSDT', { last: '60000' }));
    time.advance(1_000);
    await time.flush();

    const nextWorker = createPortfolio({ clock: time.clock });
    await restoreSnapshot(nextWorker, sessionSnapshotStore);

    const view = nextWorker.snapshot();
    expect(view.balances).toMatchObject([{ exchange: 'bybit', totalEquityUsd: '75' }]);
    expect(view.quotes).toMatchObject([{ symbol: 'BTCUSDT', last: '60000', stale: true }]);
    expect(view.freshness.find((f) => f.exchange === 'bybit')).toMatchObject({ restored: true });
  });

  it('lives in the session area, never in storage.local that content scripts can read', async () => {
    portfolio.applyEvent(walletPush('okx', '5'));
    await sessionSnapshotStore.save(portfolio.record());

    const raw = await fakeBrowser.storage.session.get('portfolioSnapshot');
    expect(raw['portfolioSnapshot']).toEqual(portfolio.record());
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await expect(portfolioSnapshotItem.getValue()).resolves.toEqual(portfolio.record());
  });

  it('an unreadable snapshot is reported and leaves the portfolio empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: SnapshotStore = { ...memoryStore, load: () => Promise.reject(new Error('gone')) };
    await restoreSnapshot(portfolio, broken);

    expect(warn).toHaveBeenCalledWith(
      'Perch could not read the portfolio kept before the worker restarted:',
      expect.any(Error),
    );
    expect(portfolio.snapshot().freshness.every((f) => !f.restored)).toBe(true);
  });

  it('a first start with no snapshot paints nothing and marks nothing restored', async () => {
    const changes: unknown[] = [];
    portfolio.onChange((change) => changes.push(change));
    await restoreSnapshot(portfolio, sessionSnapshotStore);

    expect(changes).toEqual([]);
    expect(portfolio.snapshot().freshness.every((f) => !f.restored)).toBe(true);
  });
});
