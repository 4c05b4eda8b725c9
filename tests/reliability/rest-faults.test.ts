import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_IN_TRANSIT_MS } from '../../src/background/trading/close-reconcile';
import type { CloseResult } from '../../src/contracts';
import type { Exchange, ExchangeId } from '../../src/exchanges/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import {
  NO_SOCKETS,
  finishedOrders,
  seenOf,
  simCloseService,
  simPositions,
  tradeOverSocket,
} from '../integration/close-harness';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { realClock, realTimers, simAdmin } from '../integration/ws-harness';
import { recordScenario } from './scenario';

/**
 * Closing a position while the exchange's REST answers 5xx or 429, or answers slowly, or the trade
 * socket holds the order: what the trader reads, and that the position is closed once or not at all.
 */
const SIZE: Record<ExchangeId, number> = { okx: 3, bybit: 0.03 };
const NAMES: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };
/** The request that carries a close over REST: on both, a reduce-only market order the other way. */
const CLOSE_PATH: Record<ExchangeId, string> = {
  okx: '/api/v5/trade/order',
  bybit: '/v5/order/create',
};
const stops: (() => void)[] = [];
let exchange: Exchange | undefined;
const sim = simulatorPerSuite({ seed: 23, tickMs: 50 }, () => {
  for (const stop of stops.splice(0)) stop();
  exchange?.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

const target = (id: ExchangeId) => ({
  exchange: id,
  instrument: BTC_PERPETUAL[id],
  slot: 'one-way' as const,
});

async function hold(id: ExchangeId): Promise<void> {
  const { symbol } = BTC_PERPETUAL[id];
  await simAdmin(sim(), 'position', { exchange: id, symbol, size: SIZE[id], avgPx: 60000, posSide: 'net' });
}

/** The close's answer, or the words of the error it was refused with. */
async function outcome(close: Promise<CloseResult>): Promise<CloseResult | { readonly error: string }> {
  try {
    return await close;
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Counts the close requests the Exchange sends over REST, and runs `onClose` before each goes out. */
function closeRequests(id: ExchangeId, onClose: () => Promise<void> = () => Promise.resolve()) {
  let sent = 0;
  return {
    sent: () => sent,
    fetch: async (url: string, init: object): Promise<Response> => {
      if (new URL(url).pathname === CLOSE_PATH[id]) {
        sent += 1;
        await onClose();
      }
      return fetch(url, init);
    },
  };
}

describe.each(['okx', 'bybit'] as const)('REST faults: closing on %s', (id) => {
  const name = NAMES[id];

  it('5xx and 429 while the position is looked up: nothing sent, said in words; the retry closes once', async ({
    task,
  }) => {
    for (const httpStatus of [500, 502, 503, 504, 429] as const) {
      await hold(id);
      const requests = closeRequests(id);
      exchange = simExchange(sim(), id, NO_SOCKETS, { clock: realClock, timers: realTimers, ...requests });
      const trading = simCloseService(id, exchange);
      await simAdmin(sim(), 'faults', { httpStatus });

      const refused = await outcome(trading.close(target(id), seenOf('one-way', SIZE[id])));

      const words =
        httpStatus === 429
          ? `CloseRejectedError: ${name} is limiting requests right now, so the ${BTC_PERPETUAL[id].symbol} position on ${name} was not closed.`
          : `CloseRejectedError: Perch could not reach ${name} to look up the ${BTC_PERPETUAL[id].symbol} position on ${name} (HTTP ${httpStatus}), so no close was sent and the position is still open. Try again in a moment.`;
      expect(refused).toMatchObject({ error: expect.stringContaining(words) as unknown });
      expect(requests.sent()).toBe(0);
      await simAdmin(sim(), 'faults', { httpStatus: null });
      expect(await simPositions(sim(), id)).toHaveLength(1);

      const retried = await trading.close(target(id), seenOf('one-way', SIZE[id]));

      expect(retried).toMatchObject({ status: 'sent', via: 'rest' });
      expect(await simPositions(sim(), id)).toEqual([]);
      const orders = await finishedOrders(sim(), id);
      expect(orders.map((order) => order.clientOrderId)).toEqual([
        retried.status === 'sent' ? retried.clientOrderId : '',
      ]);
      recordScenario(task, {
        section: 'REST faults',
        scenario: `${name} close over REST, HTTP ${httpStatus} on every call`,
        injected: `httpStatus ${httpStatus}, lifted before the retry`,
        times: '1 close, then 1 retry',
        result: `the trader read "${(refused as { error: string }).error.replace(/^\w+: /, '').slice(0, 140)}…"; 0 close requests sent under the fault, the position still open; the retry answered "sent" and closed it: 1 order in the history`,
      });
      exchange.close();
      await simAdmin(sim(), 'reset');
    }
  });

  it('a 502 on the close request itself: "may not have gone through", no second close while it may be on its way, then one', async ({
    task,
  }) => {
    await hold(id);
    const requests = closeRequests(id, async () => {
      // The look-up has passed; the gateway fails the close itself (the simulator does not carry it out).
      if (requests.sent() === 1) await simAdmin(sim(), 'faults', { httpStatus: 502 });
    });
    exchange = simExchange(sim(), id, NO_SOCKETS, { clock: realClock, timers: realTimers, ...requests });
    // The service's own time: the test moves it past the time a sent close may still be in transit.
    const serviceTime = createSimFakeTime(Date.now());
    const trading = simCloseService(id, exchange, serviceTime);

    const unanswered = await outcome(trading.close(target(id), seenOf('one-way', SIZE[id])));

    expect(unanswered).toEqual({
      error: `CloseUnconfirmedError: ${name} did not answer the close of the ${BTC_PERPETUAL[id].symbol} position on ${name}, so it may or may not have gone through. Perch is checking with ${name}; look at the position before closing again.`,
    });
    await simAdmin(sim(), 'faults', { httpStatus: null });
    const early = await trading.close(target(id), seenOf('one-way', SIZE[id]));
    expect(early).toMatchObject({ status: 'in-progress' });
    expect(requests.sent()).toBe(1);
    expect(await simPositions(sim(), id)).toHaveLength(1);

    serviceTime.advance(CLOSE_IN_TRANSIT_MS);
    const late = await trading.close(target(id), seenOf('one-way', SIZE[id]));

    expect(late).toMatchObject({ status: 'sent', via: 'rest' });
    expect(requests.sent()).toBe(2);
    expect(await simPositions(sim(), id)).toEqual([]);
    expect(await finishedOrders(sim(), id)).toHaveLength(1);
    recordScenario(task, {
      section: 'REST faults',
      scenario: `${name} close over REST answered 502 (the close request itself)`,
      injected: 'httpStatus 502 switched on as the close request left, lifted after',
      times: '1 close, 1 retry at once, 1 retry 30 s later (service clock)',
      result: `"${(unanswered as { error: string }).error.replace(/^\w+: /, '').slice(0, 120)}…"; the retry at once answered in-progress and sent nothing (1 close request in all); 30 s later (no order can still be in transit) the retry sent the close: position closed, 1 order in the history`,
    });
  });

  it.for([
    { path: 'rest', fault: 'latencyMs' },
    { path: 'socket', fault: 'tradeLatencyMs' },
  ] as const)(
    'a $fault spike below the timeout: the close completes once, a second request meanwhile sends nothing',
    async ({ path, fault }, { task }) => {
      await hold(id);
      const requests = closeRequests(id);
      const runtime = { clock: realClock, timers: realTimers, ...requests };
      exchange = simExchange(sim(), id, path === 'rest' ? NO_SOCKETS : sim().wsUrl, runtime);
      const trading = simCloseService(id, exchange);
      if (path === 'socket') stops.push(await tradeOverSocket(exchange));
      const latencyMs = 400;
      await simAdmin(sim(), 'faults', { [fault]: latencyMs });

      const first = trading.close(target(id), seenOf('one-way', SIZE[id]));
      const second = await trading.close(target(id), seenOf('one-way', SIZE[id]));
      const result = await first;

      expect(second).toMatchObject({ status: 'in-progress' });
      expect(result).toMatchObject({ status: 'sent', via: path });
      if (result.status !== 'sent') throw new Error('the close was not sent');
      if (path === 'socket') await expect(trading.confirmation(result.clientOrderId)).resolves.toBe(true);
      await simAdmin(sim(), 'faults', { [fault]: 0 });
      expect(await simPositions(sim(), id)).toEqual([]);
      expect((await finishedOrders(sim(), id)).map((order) => order.clientOrderId)).toEqual([
        result.clientOrderId,
      ]);
      expect(requests.sent()).toBe(path === 'rest' ? 1 : 0);
      recordScenario(task, {
        section: 'REST faults',
        scenario: `${name} close over ${path === 'rest' ? 'REST' : 'the trade socket'} during a latency spike`,
        injected: `${fault} ${latencyMs}`,
        times: '1 close and a second request while it was held',
        result: `"${result.message}"; the second request answered in-progress and sent nothing; 1 order in the history, the position closed`,
      });
    },
  );
});
