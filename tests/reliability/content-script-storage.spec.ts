import { perchTest as test } from '../e2e/fixture';
import { attackStorageFromContentScript } from '../e2e/content-script-storage';
import { ChartPage } from '../e2e/pages/chart-page';
import { contentScriptWorld } from '../e2e/pages/content-script-world';
import { startSessionOnSimulator } from '../e2e/perch-session';
import { recordScenario } from './scenario';

const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';

test("a content script finds nothing of Perch's in storage.local, and what it writes or clears there changes nothing the worker keeps", async ({
  perch,
  simulator,
  task,
}) => {
  const { send } = await startSessionOnSimulator(perch, simulator);
  const chart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
  await chart.waitForBadge((badge) => badge.lines.length > 0);
  // The overlay's own isolated world, with the `chrome` APIs Chromium gives content scripts.
  const world = await contentScriptWorld(chart.page, perch.extensionId);

  const times = await attackStorageFromContentScript({
    send,
    asContentScript: (body) => world.evaluate(`(async () => { ${body} })()`),
    pageOrigin: 'https://www.tradingview.com',
    restartBackground: () => perch.stopWorker(),
  });
  await world.detach();

  recordScenario(task, {
    section: 'Abuse from a web page',
    scenario: "a content script (a compromised chart renderer) reads, rewrites and clears Perch's storage",
    injected:
      "from the overlay content script's isolated world: storage.local read whole; Perch's IndexedDB opened by name; auto-lock 1440 min, other settings, profiles, a market and a null vault pointer written in an older Perch's layout; storage.local.clear()",
    times,
    result:
      "storage.local held nothing of Perch's (no vault record, KDF salt or iterations, no setting); the database by that name was the page's own, empty; the worker's auto-lock, profiles and settings read the same before and after, across both restarts, and the vault still unlocked with its passphrase",
  });
});
