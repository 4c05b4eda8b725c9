import { test as base } from 'vitest';
import type { startSimulator } from '../../sim';
import { simulatorFixture } from '../e2e/fixture';
import { launchFirefoxPerch, type FirefoxPerch, type LaunchOptions } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * `firefoxTest` hands each test Firefox with Perch installed and pointed at a simulator, and closes both
 * afterwards.
 * A suite sets `firefoxLaunch` through `test.override` to start Firefox otherwise.
 */
export const firefoxTest = base.extend<{
  firefoxLaunch: LaunchOptions;
  firefox: FirefoxPerch;
  simulator: Simulator;
}>({
  firefoxLaunch: {},
  simulator: simulatorFixture,
  firefox: async ({ firefoxLaunch, simulator }, use) => {
    const firefox = await launchFirefoxPerch(firefoxLaunch);
    try {
      await firefox.useSimulator(simulator);
      await use(firefox);
    } finally {
      await firefox.close();
    }
  },
});
