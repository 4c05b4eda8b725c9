import { expect, vi } from 'vitest';
import { perchTest, simulatorWith } from './fixture';
import {
  flattenCloseIds,
  flattenReport,
  holdCloseEverything,
  restingOrders,
  seedThreePositionsFourOrders,
  simulatorIsFlat,
} from './flat-account';
import { portfolioPositions, startSessionOnSimulator } from './perch-session';

/** Prices stand still: the seeded limit orders stay far from the market and never fill. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });
const WAIT = { timeout: 30_000, interval: 200 };

test('"close everything" held in the popup leaves both exchanges flat with exactly three closes', async ({
  perch,
  simulator,
}) => {
  const session = await startSessionOnSimulator(perch, simulator);
  await seedThreePositionsFourOrders(simulator);
  expect(await restingOrders(simulator, 'okx')).toBe(2);
  expect(await restingOrders(simulator, 'bybit')).toBe(2);
  const popup = await perch.openPopup();
  await vi.waitFor(async () => {
    expect(await portfolioPositions(session.options, 'okx')).toHaveLength(2);
    expect(await portfolioPositions(session.options, 'bybit')).toHaveLength(1);
  }, WAIT);

  await holdCloseEverything(popup);

  expect(await flattenReport(popup)).toEqual([
    'Flat on every exchange Perch trades on.',
    'OKX is flat: 2 positions closed, 2 orders cancelled.',
    'Bybit is flat: 1 position closed, 2 orders cancelled.',
  ]);
  await vi.waitFor(async () => {
    expect(await simulatorIsFlat(simulator)).toBe(true);
  }, WAIT);
  expect(await flattenCloseIds(simulator)).toHaveLength(3);
});
