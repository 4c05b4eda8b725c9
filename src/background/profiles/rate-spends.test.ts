import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RateLimiter } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createFakeExchange } from '../audit/exchange-fake.test-helper';
import type { RuntimeDeps } from '../runtime-deps';
import { createExchangeBuilder } from './exchange-builder';
import { createSessionRateSpends, rateSpendsItem } from './rate-spends';

const spend = (at: number) => ({ key: 'okx|GET /api/v5/account/balance', at, cost: 2 });

describe('the REST spends kept for the next worker', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('keeps each exchange in session storage and folds a burst of saves into two writes', async () => {
    const store = createSessionRateSpends();
    const write = vi.spyOn(rateSpendsItem, 'setValue');
    await Promise.all([1, 2, 3, 4].map((at) => store.save('okx', [spend(at)])));
    await store.save('bybit', []);
    expect(write.mock.calls.length).toBeLessThanOrEqual(3);
    await expect(store.load()).resolves.toEqual({ okx: [spend(4)], bybit: [] });
  });

  it('reads what does not parse as nothing spent', async () => {
    await fakeBrowser.storage.session.set({ rateSpends: { okx: [{ key: 1 }], bybit: 'x' } });
    await expect(createSessionRateSpends().load()).resolves.toEqual({ okx: [], bybit: [] });
  });

  it("starts the next worker's limiter from them: its first request waits for the old window", async () => {
    const time = createFakeTime(0);
    const runtime = {
      timers: time.timers,
      clock: time.clock,
      fetch: () => Promise.reject(new Error('no network in unit tests')),
      createSocket: () => {
        throw new Error('no sockets in unit tests');
      },
    } satisfies RuntimeDeps;
    // The last worker spent account/balance's whole 2 s budget (ten of weight 2) just now.
    await createSessionRateSpends().save(
      'okx',
      Array.from({ length: 10 }, () => spend(0)),
    );
    const limiters: (RateLimiter | undefined)[] = [];
    const build = createExchangeBuilder({
      simulatorAddress: () => Promise.resolve({ restUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1' }),
      runtime,
      rateSpends: createSessionRateSpends(),
      create: (options) => {
        limiters.push(options.rateLimiter);
        return createFakeExchange(options.exchange);
      },
    });
    await build({ exchange: 'okx', enabled: true, environment: 'live', region: undefined }, undefined);
    const [limiter] = limiters;
    if (limiter === undefined) throw new Error('the builder handed no limiter');
    const budget = { key: 'okx|GET /api/v5/account/balance', limit: 20, windowMs: 2_000 };
    let sent = false;
    void limiter.acquire({ budgets: [budget], cost: 2, priority: 'read' }).then(() => (sent = true));
    await time.step(2_099);
    expect(sent).toBe(false);
    await time.step(1);
    expect(sent).toBe(true);
  });
});
