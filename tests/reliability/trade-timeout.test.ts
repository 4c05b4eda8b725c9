import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Exchange, ExchangeId } from '../../src/exchanges/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import {
  finishedOrders,
  seenOf,
  simCloseService,
  simPositions,
  tradeOverSocket,
} from '../integration/close-harness';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { realTimers, simAdmin } from '../integration/ws-harness';
import { recordScenario } from './scenario';

/**
 * A close held on the trade socket longer than the Exchange waits for its answer. The simulator runs on
 * fake time, so the held order is carried out only when the test moves that time: the Exchange's timeout
 * surely fires first, whatever the machine's speed.
 */
const HELD_MS = 60_000;
const TRADE_TIMEOUT_MS = 300;
const SIZE: Record<ExchangeId, number> = { okx: 3, bybit: 0.03 };
const NAMES: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };
const simTime = createSimFakeTime(Date.now());
const stops: (() => void)[] = [];
let exchange: Exchange | undefined;
const sim = simulatorPerSuite({ seed: 31, clock: simTime.clock, timers: simTime.timers }, () => {
  for (const stop of stops.splice(0)) stop();
  exchange?.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

describe.each(['okx', 'bybit'] as const)('REST faults: a close held on the %s trade socket', (id) => {
  it('past the timeout: "may or may not", nothing more sent while it may land, closed once when it does', async ({
    task,
  }) => {
    const { symbol } = BTC_PERPETUAL[id];
    const target = { exchange: id, instrument: BTC_PERPETUAL[id], slot: 'one-way' as const };
    await simAdmin(sim(), 'position', { exchange: id, symbol, size: SIZE[id], avgPx: 60000, posSide: 'net' });
    // The Exchange reads the simulator's clock (Bybit refuses a timestamp 1 s ahead of it); its timers are real.
    exchange = simExchange(sim(), id, sim().wsUrl, {
      clock: simTime.clock,
      timers: realTimers,
      tradeTimeoutMs: TRADE_TIMEOUT_MS,
    });
    const trading = simCloseService(id, exchange);
    stops.push(await tradeOverSocket(exchange));
    await simAdmin(sim(), 'faults', { tradeLatencyMs: HELD_MS });
    const held = simTime.scheduled(HELD_MS);

    const unanswered = trading.close(target, seenOf('one-way', SIZE[id]));

    await held;
    await expect(unanswered).rejects.toThrow(
      `${NAMES[id]} did not answer the close of the ${symbol} position on ${NAMES[id]}, so it may or may not have gone through.`,
    );
    const meanwhile = await trading.close(target, seenOf('one-way', SIZE[id]));
    expect(meanwhile).toMatchObject({ status: 'in-progress' });
    expect(await simPositions(sim(), id)).toHaveLength(1);

    simTime.advance(HELD_MS);
    await expect.poll(() => simPositions(sim(), id)).toEqual([]);
    const after = await trading.close(target, seenOf('one-way', SIZE[id]));

    expect(after).toMatchObject({ status: 'already-closed' });
    expect(await finishedOrders(sim(), id)).toHaveLength(1);
    recordScenario(task, {
      section: 'REST faults',
      scenario: `${NAMES[id]} close over the trade socket held past the Exchange's timeout`,
      injected: `tradeLatencyMs ${HELD_MS} (simulator time) against a ${TRADE_TIMEOUT_MS} ms trade timeout`,
      times: '1 close, 1 request while it was held, 1 after it landed',
      result: `the trader read "did not answer … may or may not have gone through"; the request meanwhile answered in-progress and sent nothing; the held order then closed the position: 1 order in the history, and the request after it answered "${after.message}"`,
    });
  });
});
