import { test as base } from 'vitest';
import { startSimulator, type StartOptions } from '../../sim';
import {
  launchPerch,
  launchPerchBrowser,
  perchIn,
  type InstalledPerch,
  type Perch,
  type PerchBrowser,
} from './harness';
import { resetPerch } from './perch-reset';

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
 * One browser for a test file: the first test gets it as launched, each later one as the last test's
 * teardown put it back to a fresh install's state (tests/e2e/perch-reset.ts). The reset runs at teardown,
 * so the last test's worker is gone before the next test's simulator, perhaps on the same port, starts.
 */
class SharedBrowser {
  private host: PerchBrowser | undefined;

  async take(): Promise<PerchBrowser> {
    this.host ??= await launchPerchBrowser();
    return this.host;
  }

  /** Resets the browser after a test; one that cannot be reset is closed, and the next test gets a new one. */
  async giveBack(): Promise<void> {
    if (this.host === undefined) return;
    try {
      if (!this.host.browser.connected) throw new Error('The browser is gone.');
      await resetPerch(this.host);
    } catch (error) {
      console.warn('A new browser for the next test: this one could not be reset.', error);
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
 * `perchTest` hands each test a browser with Perch loaded as a fresh install (and, when asked for, a local
 * exchange simulator Perch trades on): the file's one browser, reset between tests.
 */
export const perchTest = base.extend<{
  $test: { perch: Perch; simulator: Simulator };
  $file: { perchBrowser: SharedBrowser };
}>({
  perchBrowser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const shared = new SharedBrowser();
      try {
        await use(shared);
      } finally {
        await shared.close();
      }
    },
    { scope: 'file' },
  ],
  simulator: simulatorFixture,
  perch: async ({ perchBrowser }, use) => {
    const perch = await perchIn(await perchBrowser.take(), 'worker');
    try {
      await use(perch);
    } finally {
      await perch.close();
      await perchBrowser.giveBack();
    }
  },
});

/**
 * `installTest` hands each test a browser of its own that Perch was just installed into, for a test of
 * what the install itself does, or one that changes the installed extension.
 */
export const installTest = base.extend<{ perch: InstalledPerch; simulator: Simulator }>({
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
