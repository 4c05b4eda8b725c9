import { test as base } from 'vitest';
import type { startSimulator } from '../../sim';
import { simulatorFixture } from '../e2e/fixture';
import { launchFirefox, type FirefoxHost, type FirefoxPerch, type LaunchOptions } from './harness';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const sameLaunch = (a: LaunchOptions, b: LaunchOptions) => a.idleTimeoutMs === b.idleTimeoutMs;

/**
 * One Firefox for every spec file a vitest worker runs, Perch installed afresh into it for each test and
 * uninstalled after: a launch took 6 to 10 s a test, an install and uninstall about 2. A test that asks
 * for another launch (its prefs) gets a Firefox of its own; one that an install failed in, or that
 * cannot be put back, is closed, and the next test gets a new one.
 */
class SharedFirefox {
  private host: FirefoxHost | undefined;

  async install(launch: LaunchOptions): Promise<FirefoxPerch> {
    if (this.host !== undefined && !sameLaunch(this.host.launch, launch)) await this.close();
    this.host ??= await launchFirefox(launch);
    try {
      return await this.host.install();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async giveBack(perch: FirefoxPerch): Promise<void> {
    try {
      await perch.uninstall();
    } catch (error) {
      console.warn('A new Firefox for the next test: Perch could not be uninstalled from this one.', error);
      await this.close();
    }
  }

  async close(): Promise<void> {
    const host = this.host;
    this.host = undefined;
    await host?.close();
  }
}

/**
 * `firefoxTest` hands each test Firefox with Perch freshly installed and pointed at a simulator, and
 * uninstalls it afterwards (the simulator stops after). A suite sets `firefoxLaunch` through
 * `test.override` to start Firefox otherwise.
 */
export const firefoxTest = base.extend<{
  $test: { firefoxLaunch: LaunchOptions; firefox: FirefoxPerch; simulator: Simulator };
  $worker: { sharedFirefox: SharedFirefox };
}>({
  sharedFirefox: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const shared = new SharedFirefox();
      try {
        await use(shared);
      } finally {
        await shared.close();
      }
    },
    { scope: 'worker' },
  ],
  firefoxLaunch: {},
  simulator: simulatorFixture,
  firefox: async ({ firefoxLaunch, simulator, sharedFirefox }, use) => {
    const firefox = await sharedFirefox.install(firefoxLaunch);
    try {
      await firefox.useSimulator(simulator);
      await use(firefox);
    } finally {
      await sharedFirefox.giveBack(firefox);
    }
  },
});
