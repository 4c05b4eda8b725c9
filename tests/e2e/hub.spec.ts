import { TargetType, type Page, type Target } from 'puppeteer-core';
import { expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { PopupPage } from './pages/popup-page';
import { FULL_RUN, recordScenario } from '../reliability/scenario';

const isPerchWorker = (target: Target) =>
  target.type() === TargetType.SERVICE_WORKER && target.url().endsWith('/background.js');

const OKX_PRICE = '[data-exchange="okx"] .perch-price';

/** Waits until the popup's OKX price reads something other than `previous`, and returns it. */
async function nextPrice(page: Page, previous: string | undefined): Promise<string> {
  const changed = await page.waitForFunction(
    (selector, before) => {
      const text = document.querySelector(selector)?.textContent;
      return text !== undefined && text !== before ? text : false;
    },
    { timeout: 20_000, polling: 200 },
    OKX_PRICE,
    previous,
  );
  return (await changed.jsonValue()) as string;
}

test('quotes flow again with no action after Chrome stops the worker mid-stream', async ({
  perch,
  simulator,
  task,
}) => {
  await perch.useSimulator(simulator);
  const popup = new PopupPage(await perch.openPopup());
  await popup.quotes();

  // Live: the price moves while the popup stays open, with no "Check again".
  const first = await nextPrice(popup.page, undefined);
  const moved = await nextPrice(popup.page, first);
  // Not attached to (an attached DevTools session keeps a worker from stopping): only compared.
  const workerBefore = perch.browser.targets().find(isPerchWorker);

  await perch.stopWorker();
  const stoppedAt = Date.now();

  const afterStop = await nextPrice(popup.page, moved);
  const backAfterMs = Date.now() - stoppedAt;
  const stillMoving = await nextPrice(popup.page, afterStop);
  expect(stillMoving).not.toBe(afterStop);
  // A new worker serves it: the port reconnected and woke it.
  expect(workerBefore).toBeDefined();
  expect(perch.browser.targets().find(isPerchWorker)).not.toBe(workerBefore);
  recordScenario(task, {
    section: 'Worker and browser',
    scenario: 'worker stopped mid-stream (`tests/e2e/hub.spec.ts`)',
    injected: 'Chrome stops the service worker while the popup streams OKX quotes',
    times: '1',
    result: `a new worker woke on the popup's port reconnect; the next price after ${(backAfterMs / 1000).toFixed(1)} s, then it kept moving, no action from the trader`,
  });
});

test('a popup opened while the worker is stopped and the exchange out of reach shows the last quotes, marked stale, then live ones', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const first = new PopupPage(await perch.openPopup());
  await nextPrice(first.page, undefined);
  await first.page.close();
  // The exchange cannot be reached, neither its sockets nor REST: whatever the reopened popup shows comes
  // from what the worker kept.
  const { faults } = simulator.ctx;
  faults.refuseSockets = true;
  faults.httpStatus = 503;
  try {
    await perch.stopWorker();
    const popup = new PopupPage(await perch.openPopup());
    const kept = await popup.quoteWithPriceStale('okx', 'BTC-USDT-SWAP', true);
    expect(kept.last).toMatch(/\d/);
    faults.refuseSockets = false;
    faults.httpStatus = null;
    await popup.quoteWithPriceStale('okx', 'BTC-USDT-SWAP', false, 30_000);
  } finally {
    faults.refuseSockets = false;
    faults.httpStatus = null;
  }
});

test('the toolbar badge names each exchange live while the popup streams', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  const popup = new PopupPage(await perch.openPopup());
  await nextPrice(popup.page, undefined);

  // Extension APIs as the popup page sees them (the tests' types do not know `chrome`).
  await popup.page.waitForFunction(
    `chrome.action.getTitle({}).then((title) => title === 'Perch — OKX: live; Bybit: live')`,
    { timeout: 20_000, polling: 200 },
  );
  const color = await popup.page.evaluate('chrome.action.getBadgeBackgroundColor({})');
  expect(color).toEqual([26, 127, 55, 255]);
});

// It waits out the real 60 s grace, so it runs in `npm run test:reliability` (which includes this file);
// in `npm test` the grace period is proven on fake time by hub.test.ts.
test.runIf(FULL_RUN)(
  'with no page open the sockets close after the grace period, and the next popup opens them again',
  async ({ perch, simulator }) => {
    await perch.useSimulator(simulator);
    const popup = new PopupPage(await perch.openPopup());
    await nextPrice(popup.page, undefined);
    expect(simulator.ctx.sockets.sessions().length).toBeGreaterThan(0);

    await popup.page.close();
    const closedAt = Date.now();
    await vi.waitFor(
      () => {
        expect(simulator.ctx.sockets.sessions()).toHaveLength(0);
      },
      { timeout: 90_000, interval: 500 },
    );
    // Not before the grace period: a popup reopened soon still finds its sockets.
    expect(Date.now() - closedAt).toBeGreaterThan(55_000);

    const reopened = new PopupPage(await perch.openPopup());
    await nextPrice(reopened.page, undefined);
    expect(simulator.ctx.sockets.sessions().length).toBeGreaterThan(0);
  },
  120_000,
);

test('an extension page that asks the hub port for the account gets it at once, with each exchange’s freshness', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const popup = new PopupPage(await perch.openPopup());
  // A second port of the popup's own, as a screen asking for the account opens it.
  const snapshot = (await popup.page.evaluate(`new Promise((resolve) => {
    const port = chrome.runtime.connect({ name: 'hub' });
    port.onMessage.addListener((message) => {
      if (message.type === 'snapshot') resolve(message);
    });
    port.postMessage({ type: 'want', quotes: [], account: true });
  })`)) as { account?: { positions?: unknown[]; totals?: unknown; freshness?: { exchange: string }[] } };
  expect(snapshot.account?.positions).toEqual([]);
  expect(snapshot.account?.totals).toEqual({ pnlUsd: { okx: 0, bybit: 0 }, overallPnlUsd: 0, exposure: [] });
  expect(snapshot.account?.freshness?.map(({ exchange }) => exchange)).toEqual(['okx', 'bybit']);
});
