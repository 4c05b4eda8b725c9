import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { TargetType, type Browser, type Page, type Target, type WebWorker } from 'puppeteer-core';
import { perchLaunchOptions } from '../../scripts/launch-options';
import { saveSimulatorAsMarket } from '../../scripts/perch-settings';
import { startPageServer, type PageServer } from '../helpers/page-server';
import { removeDir } from '../../scripts/remove-dir';
import { DEV_BUILD_DIR } from '../../scripts/dev-build';
import { optionsTabOpenedOnInstall } from '../../scripts/install-tab';

export interface Perch {
  readonly browser: Browser;
  readonly extensionId: string;
  /** The address of the tab Perch opened by itself on install (closed by the harness, so tests start alike). */
  readonly openedOnInstall: string;
  /** Serves tests/e2e/site on 127.0.0.1: the charting pages the overlay runs on. */
  readonly pages: PageServer;
  /** The running service worker, waiting for one to start if there is none. */
  worker(): Promise<WebWorker>;
  openPopup(): Promise<Page>;
  openOptions(): Promise<Page>;
  /**
   * Points Perch at a simulator on its own port, as the saved market setting would (test set-up: the
   * options page picks each exchange's environment, but no screen sets the simulator's address).
   */
  useSimulator(simulator: { url: string; wsUrl: string }): Promise<void>;
  /** Stops the extension's service worker the way Chromium does when it suspends an idle worker. */
  stopWorker(): Promise<void>;
  /**
   * Opens the DevTools session a stop needs beforehand, so the returned stop lands the moment it is
   * called (a scenario that kills the worker mid-operation); the stop resolves once the worker is gone.
   */
  armWorkerStop(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const isPerchWorker = (target: Target) =>
  target.type() === TargetType.SERVICE_WORKER && target.url().endsWith('/background.js');

/** Starts headless Chromium with a build of Perch (by default the development build) loaded, in a fresh profile. */
export async function launchPerch(extensionDir = DEV_BUILD_DIR): Promise<Perch> {
  const profile = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
  const pages = await startPageServer(join(import.meta.dirname, 'site'));
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      ...perchLaunchOptions(extensionDir, profile, true),
      defaultViewport: { width: 1000, height: 700 },
    });
    const launched = browser;
    // launch() does not wait for extensions: the worker target says Perch is loaded (docs/toolchain.md).
    const workerTarget = await launched.waitForTarget(isPerchWorker, { timeout: 20_000 });
    const extensionId = new URL(workerTarget.url()).host;
    const installTab = await optionsTabOpenedOnInstall(launched, extensionId);
    const openedOnInstall = installTab.url();
    await installTab.close();
    const openExtensionPage = async (file: string) => {
      const page = await launched.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    };
    const runningWorker = async () => {
      const target = await launched.waitForTarget(isPerchWorker, { timeout: 10_000 });
      const worker = await target.worker();
      if (worker === null) throw new Error('The Perch service worker target has no worker.');
      return worker;
    };
    const armWorkerStop = async () => {
      const page = await launched.newPage();
      const session = await page.createCDPSession();
      await session.send('ServiceWorker.enable');
      return async () => {
        const target = launched.targets().find(isPerchWorker);
        const gone = new Promise<void>((resolve) => {
          if (target === undefined) {
            resolve();
            return;
          }
          const onDestroyed = (destroyed: Target) => {
            if (destroyed !== target) return;
            launched.off('targetdestroyed', onDestroyed);
            resolve();
          };
          launched.on('targetdestroyed', onDestroyed);
        });
        await session.send('ServiceWorker.stopAllWorkers');
        await gone;
        await page.close();
      };
    };
    return {
      browser: launched,
      extensionId,
      openedOnInstall,
      pages,
      worker: runningWorker,
      openPopup: () => openExtensionPage('popup.html'),
      openOptions: () => openExtensionPage('options.html'),
      useSimulator: (simulator) => saveSimulatorAsMarket(launched, extensionId, simulator),
      async stopWorker() {
        await (
          await armWorkerStop()
        )();
      },
      armWorkerStop,
      async close() {
        await launched.close();
        await pages.close();
        await removeDir(profile);
      },
    };
  } catch (error) {
    await browser?.close();
    await pages.close();
    await removeDir(profile);
    throw error;
  }
}
