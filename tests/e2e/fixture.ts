import { test as base } from 'vitest';
import { startSimulator, type StartOptions } from '../../sim';
import { launchPerch, type Perch } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * A local exchange simulator on a free loopback port, stopped after the test, pass or fail; `options` add
 * to the usual ones (say, more coins).
 */
export function simulatorWith(options: StartOptions) {
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
  return async ({}, use: (simulator: Simulator) => Promise<void>): Promise<void> => {
    const simulator = await startSimulator({ port: 0, seed: 11, ...options });
    try {
      await use(simulator);
    } finally {
      await simulator.stop();
    }
  };
}

export const simulatorFixture = simulatorWith({});

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
