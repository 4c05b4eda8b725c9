import { expect, vi } from 'vitest';
import type { startSimulator } from '../../sim';
import { perchTest, simulatorWith } from '../e2e/fixture';
import type { Perch } from '../e2e/harness';
import { dumpStorage } from '../e2e/pages/extension-messages';
import { portfolioPositions, startSessionOnSimulator } from '../e2e/perch-session';
import {
  BTC_PERPETUAL,
  finishedOrderIds,
  openLong,
  SEEN_LONG,
  simAdmin,
  simPositions,
  simStopPrices,
  type ExchangeName,
} from '../e2e/sim-account';
import { recordScenario } from './scenario';

/** Prices stand still: the stop stays on the right side of the mark while the worker restarts. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });
const WAIT = { timeout: 20_000, interval: 200 };
/**
 * The simulator holds the request until the test releases it (`release-held`), once the stopped worker
 * and the next one are done; this is only its guard.
 */
const HELD_MS = 120_000;
/** How long a request takes to reach the simulator, or the worker to journal it. */
const SENT_WAIT = { timeout: 10_000, interval: 25 };
/** The route OKX sets a stop on (docs/protocol.md "OKX protection"). */
const OKX_STOP_ROUTE = '/api/v5/trade/order-algo';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;
type Session = Awaited<ReturnType<typeof startSessionOnSimulator>>;

interface LoggedRequest {
  readonly method: string;
  readonly path: string;
}

/** Resolves once the simulator holds a POST to `path`: it is on the exchange's side, whatever the client does. */
async function heldPost(simulator: Simulator, path: string): Promise<void> {
  await vi.waitFor(async () => {
    const response = await fetch(`${simulator.url}/__sim/held`);
    const { held } = (await response.json()) as { held: LoggedRequest[] };
    expect(held.some((request) => request.method === 'POST' && request.path.startsWith(path))).toBe(true);
  }, SENT_WAIT);
}

async function postsTo(simulator: Simulator, path: string): Promise<number> {
  const response = await fetch(`${simulator.url}/__sim/requests`);
  const { requests } = (await response.json()) as { requests: LoggedRequest[] };
  return requests.filter((request) => request.method === 'POST' && request.path.startsWith(path)).length;
}

/** The long `openLong` opens, as the trader's screen shows it. */
const targetOn = (exchange: ExchangeName) =>
  ({ exchange, instrument: BTC_PERPETUAL[exchange], slot: 'one-way', seen: SEEN_LONG[exchange] }) as const;

async function openAndFollow(perch: Perch, simulator: Simulator, exchange: ExchangeName): Promise<Session> {
  const target = targetOn(exchange);
  await simAdmin(simulator, 'price', { exchange, symbol: target.instrument.symbol, price: '60000' });
  const session = await startSessionOnSimulator(perch, simulator);
  await perch.openPopup();
  await openLong(simulator, exchange, 'net');
  await vi.waitFor(async () => {
    expect(await portfolioPositions(session.options, exchange)).toEqual([target.instrument.symbol]);
  }, WAIT);
  return session;
}

/** Sends `name`, stops the worker once the action is journalled, and returns the journalled record. */
async function stopMidAction(
  perch: Perch,
  session: Session,
  send: () => Promise<unknown>,
  sentOut: () => Promise<void>,
): Promise<{ id: string }> {
  const sending = send().then(
    (reply) => ({ answered: reply }),
    (error: unknown) => ({ failed: String(error) }),
  );
  const record = await vi.waitFor(async () => {
    const records = (await dumpStorage(session.options)).session.protectionsInFlight as { id: string }[];
    expect(records).toHaveLength(1);
    return records[0]!;
  }, SENT_WAIT);
  await sentOut();
  await perch.stopWorker();
  expect(await sending).toMatchObject({
    failed: expect.stringContaining('message channel closed') as unknown,
  });
  return record;
}

// One exchange per scenario keeps the suite's minutes down; each exchange's own requests and pushes are
// covered on both by tests/integration/protection.test.ts and the worker's settling by its unit tests.
test('on OKX, a stop being set when the worker stops ends set once: the next worker answers "in progress" and sends nothing more', async ({
  perch,
  simulator,
  task,
}) => {
  const exchange = 'okx';
  const target = targetOn(exchange);
  const session = await openAndFollow(perch, simulator, exchange);
  const stop = { ...target, role: 'stop', triggerPrice: '58000' } as const;
  await simAdmin(simulator, 'clear-requests', {});
  await simAdmin(simulator, 'faults', { postLatencyMs: HELD_MS });
  const record = await stopMidAction(
    perch,
    session,
    () => session.send('setProtection', stop),
    () => heldPost(simulator, OKX_STOP_ROUTE),
  );
  await simAdmin(simulator, 'faults', { postLatencyMs: 0 });

  await expect(session.send('setProtection', stop)).resolves.toMatchObject({
    ok: true,
    data: { status: 'in-progress', actionId: record.id },
  });
  await simAdmin(simulator, 'release-held');
  await vi.waitFor(async () => {
    expect(await simStopPrices(simulator, exchange)).toEqual([58_000]);
  }, WAIT);
  await vi.waitFor(async () => {
    const { session: stored } = await dumpStorage(session.options);
    expect(stored.protectionsInFlight).toEqual([]);
    expect(stored.protectionsSettled).toMatchObject([{ id: record.id, outcome: 'done' }]);
  }, WAIT);
  expect(await postsTo(simulator, OKX_STOP_ROUTE)).toBe(1);
  recordScenario(task, {
    section: 'Worker and browser',
    scenario: `worker stopped mid-stop, ${exchange} (\`tests/reliability/worker-stop-protect.spec.ts\`)`,
    injected:
      'Chrome stops the worker while the exchange holds the stop request, until the next worker has answered',
    times: '1',
    result:
      'the new worker answered the same stop "in progress" and sent nothing; 1 stop request reached the exchange, 1 stop waits there, settled "done"',
  });
});

test('on Bybit, a half close under way when the worker stops ends with exactly one reduce-only order', async ({
  perch,
  simulator,
  task,
}) => {
  const exchange = 'bybit';
  const target = targetOn(exchange);
  const session = await openAndFollow(perch, simulator, exchange);
  const half = { ...target, part: { percent: 50 } } as const;
  await simAdmin(simulator, 'faults', { tradeLatencyMs: HELD_MS });
  // The trade socket holds the order itself: it is out once the record is written.
  const record = await stopMidAction(
    perch,
    session,
    () => session.send('closePart', half),
    () => Promise.resolve(),
  );

  await expect(session.send('closePart', half)).resolves.toMatchObject({
    ok: true,
    data: { status: 'in-progress', actionId: record.id },
  });
  await simAdmin(simulator, 'release-held');
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, exchange)).toHaveLength(1);
    expect(await finishedOrderIds(simulator, exchange)).toEqual([record.id]);
  }, WAIT);
  await simAdmin(simulator, 'faults', { tradeLatencyMs: 0 });
  await vi.waitFor(async () => {
    const { session: stored } = await dumpStorage(session.options);
    expect(stored.protectionsInFlight).toEqual([]);
    expect(stored.protectionsSettled).toMatchObject([{ id: record.id, outcome: 'done' }]);
  }, WAIT);
  expect(await finishedOrderIds(simulator, exchange)).toEqual([record.id]);
  recordScenario(task, {
    section: 'Worker and browser',
    scenario: `worker stopped mid-partial-close, ${exchange} (\`tests/reliability/worker-stop-protect.spec.ts\`)`,
    injected:
      'Chrome stops the worker while the exchange holds the half close, until the next worker has answered',
    times: '1',
    result:
      'the new worker answered the same half close "in progress" with the same client order id and sent nothing; 1 order on the exchange, half the position left, settled "done"',
  });
});
