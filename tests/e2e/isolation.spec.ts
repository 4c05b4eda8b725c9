import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import type { Perch } from './harness';
import { dumpStorage, type StorageDump } from './pages/extension-messages';
import { startSessionOnSimulator } from './perch-session';

/**
 * The tests of a file share one browser, reset between them (tests/e2e/perch-reset.ts). These two run in
 * order: the first leaves every kind of state a test can leave, the second must find none of it.
 */

interface Seen {
  readonly stored: StorageDump;
  readonly alarms: string[];
  readonly tabs: string[];
  /** What the running worker holds in memory under `leftByATest`. */
  readonly workerMemory: unknown;
}

/** Everything Perch keeps, its alarms and the browser's tabs, read from a page that runs none of Perch's code. */
async function seen(perch: Perch): Promise<Seen> {
  const tabs = (await perch.browser.pages()).map((page) => page.url());
  const page: Page = await perch.browser.newPage();
  try {
    await page.goto(`chrome-extension://${perch.extensionId}/manifest.json`);
    const alarms = (await page.evaluate(
      `chrome.alarms.getAll().then((all) => all.map((alarm) => alarm.name))`,
    )) as string[];
    const workerMemory = await (await perch.worker()).evaluate('globalThis.leftByATest ?? null');
    return { stored: await dumpStorage(page), alarms, tabs, workerMemory };
  } finally {
    await page.close();
  }
}

let fresh: Seen | undefined;

test('a test leaves a vault with keys, storage items, an alarm, worker memory and an open tab behind', async ({
  perch,
  simulator,
}) => {
  fresh = await seen(perch);
  const { options } = await startSessionOnSimulator(perch, simulator);
  await options.evaluate(`Promise.all([
    chrome.storage.local.set({ leftByATest: true }),
    chrome.storage.session.set({ leftByATest: true }),
    chrome.alarms.create('left-by-a-test', { delayInMinutes: 60 }),
  ])`);
  await (await perch.browser.newPage()).goto(`${perch.pages.url}/tradingview-chart.html`);
  await (await perch.worker()).evaluate('globalThis.leftByATest = true');

  const after = await seen(perch);
  expect(after.stored).not.toEqual(fresh.stored);
  expect(after.stored.trusted).toHaveProperty('marketEndpoint');
  expect(after.alarms).toContain('left-by-a-test');
  expect(after.tabs.length).toBeGreaterThan(fresh.tabs.length);
  expect(after.workerMemory).toBe(true);
});

test('the next test in the file finds Perch as freshly installed: none of it is left, and a new worker runs', async ({
  perch,
}) => {
  const now = await seen(perch);

  expect(fresh).toBeDefined();
  // Each item stored now, and each alarm, was there alike at the fresh install (this worker, just started,
  // may not have written all of its own yet), and nothing the last test left is.
  for (const area of ['trusted', 'local', 'session', 'sync'] as const)
    expect(fresh?.stored[area]).toMatchObject(now.stored[area]);
  expect(now.stored.trusted).not.toHaveProperty('marketEndpoint');
  expect(fresh?.alarms).toEqual(expect.arrayContaining(now.alarms));
  expect(now.tabs).toEqual(fresh?.tabs);
  // A new worker runs: the last test's, with its memory and its connections, is gone.
  expect(now.workerMemory).toBeNull();
});
