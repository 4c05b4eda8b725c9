import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, {
  TargetType,
  type Browser,
  type CDPSession,
  type Page,
  type Target,
  type WebWorker,
} from 'puppeteer-core';
import { perchLaunchOptions } from '../../scripts/launch-options';
import { saveSimulatorAsMarket, saveSimulatorEndpoint } from '../../scripts/perch-settings';
import { startPageServer, type PageServer } from '../helpers/page-server';
import { removeDir } from '../../scripts/remove-dir';
import type { ExtensionContext } from '../../scripts/trusted-store-page';
import { DEV_BUILD_DIR } from '../../scripts/dev-build';
import { optionsTabOpenedOnInstall } from '../../scripts/install-tab';

export interface Perch {
  readonly browser: Browser;
  readonly extensionId: string;
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

/** A Perch just installed in a browser of its own. */
export interface InstalledPerch extends Perch {
  /** The address of the tab Perch opened by itself on install (closed by the harness, so tests start alike). */
  readonly openedOnInstall: string;
}

/** Headless Chromium in a profile of its own, with a build of Perch installed in it. */
export interface PerchBrowser {
  readonly browser: Browser;
  readonly extensionId: string;
  readonly openedOnInstall: string;
  close(): Promise<void>;
}

export const isPerchWorker = (target: Target) =>
  target.type() === TargetType.SERVICE_WORKER && target.url().endsWith('/background.js');

/** Starts headless Chromium with a build of Perch (by default the development build) loaded, in a fresh profile. */
export async function launchPerchBrowser(extensionDir = DEV_BUILD_DIR): Promise<PerchBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
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
    return {
      browser: launched,
      extensionId,
      openedOnInstall,
      async close() {
        await launched.close();
        await removeDir(profile);
      },
    };
  } catch (error) {
    await browser?.close();
    await removeDir(profile);
    throw error;
  }
}

/** Resolves once `target` is gone from `browser` (at once if there is none). */
export function targetGone(browser: Browser, target: Target | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (target === undefined || !browser.targets().includes(target)) {
      resolve();
      return;
    }
    const onDestroyed = (destroyed: Target) => {
      if (destroyed !== target) return;
      browser.off('targetdestroyed', onDestroyed);
      resolve();
    };
    browser.on('targetdestroyed', onDestroyed);
  });
}

/**
 * How `useSimulator` writes the market setting: `page` from a newly opened extension page, as any
 * extension page could (the store build's test means exactly that); `worker` from inside the running
 * worker, without loading a page (a second or more of every test), and from a page if none runs.
 */
export type MarketWriter = 'page' | 'worker';

/** Whether `error` came from a CDP session whose target (the worker) has ended. */
function sessionEnded(session: CDPSession, error: unknown): boolean {
  return session.detached || /No session with given id|Target closed|Session closed/.test(String(error));
}

/** The tests' handle on Perch in `host`, with its own page server; its `close` leaves the browser open. */
export async function perchIn(host: PerchBrowser, writer: MarketWriter): Promise<Perch> {
  const { browser, extensionId } = host;
  const pages = await startPageServer(join(import.meta.dirname, 'site'));
  const openExtensionPage = async (file: string) => {
    const page = await browser.newPage();
    await page.goto(`chrome-extension://${extensionId}/${file}`);
    return page;
  };
  const runningWorker = async () => {
    const target = await browser.waitForTarget(isPerchWorker, { timeout: 10_000 });
    const worker = await target.worker();
    if (worker === null) throw new Error('The Perch service worker target has no worker.');
    return worker;
  };
  const useSimulator = async (simulator: { url: string; wsUrl: string }) => {
    const workerTarget = browser.targets().find(isPerchWorker);
    if (writer === 'page' || workerTarget === undefined) {
      await saveSimulatorAsMarket(browser, extensionId, simulator);
      return;
    }
    // A session of its own, detached after: puppeteer's `target.worker()` session would keep the worker
    // running through a test's later stop.
    const session = await workerTarget.createCDPSession();
    try {
      await saveSimulatorEndpoint(inSession(session), simulator);
    } catch (error) {
      // The worker can end under the write (seen with the secrets audit's recorder attached to it): an
      // extension page writes the same setting, waking a worker to take it.
      if (!sessionEnded(session, error)) throw error;
      await saveSimulatorAsMarket(browser, extensionId, simulator);
      return;
    } finally {
      // A session whose worker has ended is gone with it: there is nothing left to detach.
      await session.detach().catch((error: unknown) => {
        if (!sessionEnded(session, error)) throw error;
      });
    }
  };
  const armWorkerStop = async () => {
    const page = await browser.newPage();
    const session = await page.createCDPSession();
    await session.send('ServiceWorker.enable');
    return async () => {
      const gone = targetGone(browser, browser.targets().find(isPerchWorker));
      await session.send('ServiceWorker.stopAllWorkers');
      await gone;
      await page.close();
    };
  };
  return {
    browser,
    extensionId,
    pages,
    worker: runningWorker,
    openPopup: () => openExtensionPage('popup.html'),
    openOptions: () => openExtensionPage('options.html'),
    useSimulator,
    async stopWorker() {
      await (
        await armWorkerStop()
      )();
    },
    armWorkerStop,
    close: () => pages.close(),
  };
}

/** Runs scripts in the context of a DevTools session (a worker's), awaiting what they return. */
function inSession(session: CDPSession): ExtensionContext {
  return {
    async evaluate(script) {
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
        expression: script,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails !== undefined)
        throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value as unknown;
    },
  };
}

/** Starts headless Chromium with a build of Perch loaded, in a fresh profile; `close` closes all. */
export async function launchPerch(extensionDir = DEV_BUILD_DIR): Promise<InstalledPerch> {
  const host = await launchPerchBrowser(extensionDir);
  try {
    const perch = await perchIn(host, 'page');
    return {
      ...perch,
      openedOnInstall: host.openedOnInstall,
      async close() {
        await perch.close();
        await host.close();
      },
    };
  } catch (error) {
    await host.close();
    throw error;
  }
}
