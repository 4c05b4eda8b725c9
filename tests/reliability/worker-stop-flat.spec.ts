import { expect, vi } from 'vitest';
import { perchTest, simulatorWith } from '../e2e/fixture';
import {
  flattenCloseIds,
  flattenReport,
  holdCloseEverything,
  seedThreePositionsFourOrders,
  simulatorIsFlat,
} from '../e2e/flat-account';
import { dumpStorage } from '../e2e/pages/extension-messages';
import { portfolioPositions, startSessionOnSimulator } from '../e2e/perch-session';
import { simAdmin } from '../e2e/sim-account';
import { recordScenario } from './scenario';

/** Prices stand still: the seeded limit orders stay far from the market and never fill. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });
const WAIT = { timeout: 30_000, interval: 200 };
/** How long the simulator holds each order sent over the trade socket: the worker is stopped first. */
const HELD_MS = 10_000;

test('"close everything" with the worker stopped mid-close ends flat with exactly three closes: the next worker resumes the run from the exchange', async ({
  perch,
  simulator,
  task,
}) => {
  const session = await startSessionOnSimulator(perch, simulator);
  await seedThreePositionsFourOrders(simulator);
  const popup = await perch.openPopup();
  await vi.waitFor(async () => {
    expect(await portfolioPositions(session.options, 'okx')).toHaveLength(2);
    expect(await portfolioPositions(session.options, 'bybit')).toHaveLength(1);
  }, WAIT);
  // Closes go over the trade socket: the simulator holds each there, so one is out when the worker stops.
  await simAdmin(simulator, 'faults', { tradeLatencyMs: HELD_MS });

  await holdCloseEverything(popup);
  const inFlight = await vi.waitFor(
    async () => {
      const records = (await dumpStorage(session.options)).session.closesInFlight as {
        clientOrderId: string;
      }[];
      expect(records.length).toBeGreaterThan(0);
      return records;
    },
    { timeout: HELD_MS, interval: 25 },
  );
  await perch.stopWorker();
  await simAdmin(simulator, 'faults', { tradeLatencyMs: 0 });

  // The popup's next look starts a worker, which carries the run on.
  expect(await flattenReport(popup, 60_000)).toEqual([
    'Flat on every exchange Perch trades on.',
    'OKX is flat: 2 positions closed, 2 orders cancelled.',
    'Bybit is flat: 1 position closed, 2 orders cancelled.',
  ]);
  await vi.waitFor(async () => {
    expect(await simulatorIsFlat(simulator)).toBe(true);
  }, WAIT);
  const closes = await flattenCloseIds(simulator);
  expect(closes).toHaveLength(3);
  expect(closes).toEqual(expect.arrayContaining(inFlight.map((record) => record.clientOrderId)));
  recordScenario(task, {
    section: 'Worker and browser',
    scenario: 'worker stopped mid-"close everything" (`tests/reliability/worker-stop-flat.spec.ts`)',
    injected: `Chrome stops the worker while the exchange holds a close ${String(HELD_MS / 1000)} s`,
    times: '1',
    result:
      'the next worker resumed the run from what it stored and the exchange: both exchanges flat, 4 orders cancelled, exactly 3 closes (the held one not sent again)',
  });
});
