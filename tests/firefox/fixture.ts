import { test as base } from 'vitest';
import type { startSimulator } from '../../sim';
import { simulatorFixture } from '../e2e/fixture';
import { launchFirefoxPerch, type FirefoxPerch } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** `firefoxTest` hands each test Firefox with Perch installed and a simulator, and closes both afterwards. */
export const firefoxTest = base.extend<{ firefox: FirefoxPerch; simulator: Simulator }>({
  simulator: simulatorFixture,
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
  firefox: async ({}, use) => {
    const firefox = await launchFirefoxPerch();
    try {
      await use(firefox);
    } finally {
      await firefox.close();
    }
  },
});
