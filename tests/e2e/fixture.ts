import { test as base } from 'vitest';
import { startSimulator } from '../../sim';
import { launchPerch, type Perch } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** A local exchange simulator on a free loopback port, stopped after the test, pass or fail. */
// eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
export async function simulatorFixture({}, use: (simulator: Simulator) => Promise<void>): Promise<void> {
  const simulator = await startSimulator({ port: 0, seed: 11 });
  try {
    await use(simulator);
  } finally {
    await simulator.stop();
  }
}

/**
 * `perchTest` hands each test a browser with Perch loaded (and, when asked for, a local exchange
 * simulator Perch trades on), and closes everything afterwards, pass or fail.
 */
export const perchTest = base.extend<{ perch: Perch; simulator: Simulator }>({
  simulator: simulatorFixture,
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
  perch: async ({}, use) => {
    const perch = await launchPerch();
    try {
      await use(perch);
    } finally {
      await perch.close();
    }
  },
});
