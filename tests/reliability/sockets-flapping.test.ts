import { describe, expect, it } from 'vitest';
import { EXCHANGE_NAMES } from '../../src/contracts/vocabulary';
import { DEFAULT_HUB_TIMING } from '../../src/background/hub/hub';
import { seededRandom } from '../../src/platform/fuzz-values.test-helper';
import { BTC_PERPETUAL } from '../integration/exchange-harness';
import { realClock, simAdmin } from '../integration/ws-harness';
import {
  CONNECTION_BUDGET,
  isPositionOf,
  isTicker,
  POSITION_UNIT,
  watchedExchangePerTest,
} from './exchange-watch';
import { byRun, recordScenario } from './scenario';
const FLAP_FOR_MS = byRun(5_000, 60_000);
/** Each wait for recovery: well past the backoff cap (30 s), so a slow recovery fails as slow, not as hung. */
const RECOVERY_TIMEOUT_MS = 40_000;
/**
 * Each drop is followed by a reconnect that works, so each is the first failure in a row and waits the
 * first reconnect delay (500 ms), well inside the time after which the popup calls the prices stale.
 * Were the backoff to keep growing across successful reconnects, the sixth drop would wait 16 s.
 */
const RECOVERY_BOUND_MS = DEFAULT_HUB_TIMING.staleAfterMs;

describe.each(['okx', 'bybit'] as const)('Sockets: %s under flapping sockets', (id) => {
  const { sim, open } = watchedExchangePerTest(id, { seed: 11, tickMs: 50 });

  it('gets quotes and the open position back after every drop, subscribes each topic once per connection, keeps to the connection budget', async ({
    task,
  }) => {
    const { symbol } = BTC_PERPETUAL[id];
    let units = 1;
    const sizeOf = (count: number) => Number((count * POSITION_UNIT[id]).toFixed(6));
    let size = sizeOf(units);
    await simAdmin(sim(), 'position', { exchange: id, symbol, size, avgPx: 60_000 });
    const { wire, watch: watched } = open();
    const quotes = watched.listen({ kind: 'quote', instrument: BTC_PERPETUAL[id] });
    const positions = watched.listen({ kind: 'positions' });
    await quotes.waitFor(isTicker, 'a first quote');
    await watched.subscribed('private', 0);
    // The connections before the first drop subscribed what the caller wants: the set every later
    // connection of the same URL must subscribe again, once.
    const wanted = new Map(wire.sockets.map(({ url, subscribed }) => [url, [...subscribed].sort()]));

    const random = seededRandom(0x5eed);
    const recoveries: number[] = [];
    const flapUntil = realClock.now() + FLAP_FOR_MS;
    while (realClock.now() < flapUntil) {
      // The injection's schedule, not an assertion: the next drop 1.5–5 s after the last recovery.
      await new Promise((resolve) => setTimeout(resolve, 1_500 + random.int(3_500)));
      const fromQuote = quotes.events.length;
      const fromStatus = watched.status.events.length;
      const fromPosition = positions.events.length;
      const droppedAt = realClock.now();
      expect((await simAdmin(sim(), 'drop-sockets')).dropped).toBeGreaterThanOrEqual(2);
      const quote = await quotes.waitFor(isTicker, 'a quote after the drop', RECOVERY_TIMEOUT_MS, fromQuote);
      const confirmed = await watched.subscribed('private', fromStatus, RECOVERY_TIMEOUT_MS);
      recoveries.push(Math.max(quote.at, confirmed.at) - droppedAt);
      // The position stream is back: a change made now reaches the caller.
      size = sizeOf(++units);
      await simAdmin(sim(), 'position', { exchange: id, symbol, size, avgPx: 60_000 });
      await positions.waitFor(isPositionOf(symbol, size), `the position at ${size}`, 10_000, fromPosition);
    }

    const duplicates = wire.duplicateSubscriptions();
    expect(duplicates).toEqual([]);
    // The last connection of every URL subscribed exactly what the caller wants.
    const last = new Map(wire.sockets.map(({ url, subscribed }) => [url, [...subscribed].sort()]));
    expect(last).toEqual(wanted);
    const budget = CONNECTION_BUDGET[id];
    const mostInWindow = wire.mostAttemptsWithin(budget.windowMs);
    expect(mostInWindow).toBeLessThanOrEqual(budget.attempts);
    const mostInSecond = wire.mostAttemptsWithin(1_000);
    // Nothing the caller wanted is lost: the quote still streams and the last position is the last set.
    const fromQuote = quotes.events.length;
    await quotes.waitFor(isTicker, 'a quote at the end', 10_000, fromQuote);
    expect(positions.events.filter(isPositionOf(symbol, size)).length).toBeGreaterThan(0);

    const worst = Math.max(...recoveries);
    expect(worst).toBeLessThan(RECOVERY_BOUND_MS);
    recordScenario(task, {
      section: 'Sockets',
      scenario: `${EXCHANGE_NAMES[id]}: flapping sockets (quote + positions through the Exchange)`,
      injected: 'every socket cut (`/__sim/drop-sockets`) 1.5–5 s after the last recovery (seeded)',
      times: `${recoveries.length} drops over ${Math.round(FLAP_FOR_MS / 1000)} s`,
      result:
        `quotes and positions back after each of ${recoveries.length} drops, worst ${(worst / 1000).toFixed(1)} s; ` +
        `${duplicates.length} duplicate subscriptions over ${wire.sockets.length} connections; ` +
        `at most ${mostInWindow} connection attempts in any ${budget.windowMs / 1000} s ` +
        `(${EXCHANGE_NAMES[id]} allows ${budget.attempts}), at most ${mostInSecond} in any second; ` +
        `after the last drop each socket subscribed exactly the wanted topics and the last position change arrived`,
    });
  });
});
