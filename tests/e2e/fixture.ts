import { test as base } from 'vitest';
import { startSimulator } from '../../sim';
import { launchPerch, type Perch } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * `perchTest` hands each test a browser with Perch loaded (and, when asked for, a local exchange
 * simulator Perch trades on), and closes everything afterwards, pass or fail.
 */
export const perchTest = base.extend<{ perch: Perch; simulator: Simulator }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ port: 0, seed: 11 });
    try {
      await use(simulator);
    } finally {
      await simulator.stop();
    }
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  perch: async ({}, use) => {
    const perch = await launchPerch();
    try {
      await use(perch);
    } finally {
      await perch.close();
    }
  },
});
