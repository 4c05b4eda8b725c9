import { expect } from 'vitest';
import { installTest as test } from '../e2e/fixture';
import { ChartPage, type Badge } from '../e2e/pages/chart-page';
import { recordScenario } from './scenario';
import { watchPageConsole, type PageConsole } from './page-console';

const UPDATED = 'Perch was updated — reload this page';
const PRICE = /^\d{1,3}(,\d{3})*\.\d{2,}$/;
const priced = (badge: Badge) =>
  badge.lines.length > 0 && badge.lines.every((line) => PRICE.test(line.price));

/**
 * The page's DOM outside Perch's badge (which sits outside `body`), but for the demo chart's own live
 * price label, which the page's script keeps moving.
 */
const PAGE_BODY = `(() => {
  const body = document.body.cloneNode(true);
  body.querySelector('#last-price')?.replaceChildren();
  return body.innerHTML;
})()`;
/** A counter of the page's own, ticking on its own timer: proof the page's script still runs. */
const START_COUNTER = `(() => { window.pageTicks = 0; setInterval(() => { window.pageTicks += 1; }, 50); })()`;

interface OpenTab {
  readonly name: string;
  readonly chart: ChartPage;
  readonly console: PageConsole;
}

test('an extension update under overlays in three tabs: each says "reload this page", and no page breaks', async ({
  perch,
  simulator,
  task,
}) => {
  await perch.useSimulator(simulator);
  const opened: { name: string; open: () => Promise<ChartPage> }[] = [
    {
      name: 'TradingView chart',
      open: () =>
        ChartPage.open(
          perch.browser,
          'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P',
          'tradingview-chart.html',
        ),
    },
    {
      name: 'Binance futures',
      open: () =>
        ChartPage.open(perch.browser, 'https://www.binance.com/en/futures/BTCUSDT', 'binance-futures.html'),
    },
    {
      name: "the simulator's demo chart",
      open: async () => {
        const page = await perch.browser.newPage();
        await page.goto(`${simulator.url}/demo/chart?symbol=OKX:BTC-USDT-SWAP`);
        return new ChartPage(page);
      },
    },
  ];
  const tabs: OpenTab[] = [];
  for (const { name, open } of opened) {
    const chart = await open();
    const console = await watchPageConsole(chart.page);
    await chart.waitForBadge(priced);
    await chart.page.evaluate(START_COUNTER);
    tabs.push({ name, chart, console });
  }
  // The recorder hears an error thrown where a content script runs; then it starts clean.
  await tabs[0]!.console.selfCheck();
  tabs[0]!.console.clear();
  const bodies = await Promise.all(tabs.map(({ chart }) => chart.page.evaluate(PAGE_BODY)));
  const demoTitle = await tabs[2]!.chart.page.title();

  // What an update does to running content scripts: the extension reloads under them.
  const options = await perch.openOptions();
  await options.evaluate('chrome.runtime.reload()').catch(() => undefined);
  const reloadedAt = Date.now();

  const shown: string[] = [];
  for (const { name, chart } of tabs) {
    await chart.waitForBadge((seen) => seen.notice === UPDATED);
    shown.push(`${name} after ${((Date.now() - reloadedAt) / 1000).toFixed(1)} s`);
    // The trader turns to the tab and may still drag the stale badge: nothing may throw into the page.
    await chart.page.bringToFront();
    await chart.dragBadge(-40, -30);
  }
  for (const { chart } of tabs) {
    // The page's own script keeps running: its counter moves on (in front: Chrome slows a background
    // tab's timers to once a second).
    await chart.page.bringToFront();
    const ticks = (await chart.page.evaluate('window.pageTicks')) as number;
    await chart.page.waitForFunction(`window.pageTicks > ${ticks + 5}`, { timeout: 10_000 });
  }
  // The demo chart's own socket and script go on: its title follows the price.
  await tabs[2]!.chart.page.waitForFunction(`document.title !== ${JSON.stringify(demoTitle)}`, {
    timeout: 20_000,
  });
  // The badges' own timers run on past the update (the age line ticks every second) without a throw.
  for (const { chart } of tabs) {
    const before = await chart.badge();
    await chart.waitForBadge((badge) => badge.lines[0]?.age !== before.lines[0]?.age);
  }
  expect(await Promise.all(tabs.map(({ chart }) => chart.page.evaluate(PAGE_BODY)))).toEqual(bodies);
  const errors = tabs.flatMap(({ name, console }) => console.errors().map((error) => `${name}: ${error}`));
  expect(errors).toEqual([]);

  recordScenario(task, {
    section: 'Worker and browser',
    scenario: 'extension update under open overlays',
    injected:
      '`chrome.runtime.reload()` while the badge streams in 3 tabs (TradingView chart, Binance futures, the demo chart); then a drag on each stale badge',
    times: '1 update, 3 tabs',
    result: `each badge said "${UPDATED}" (${shown.join('; ')}; the first two in background tabs). Each page's own script kept running (its timer, and the demo chart's title following the price), its DOM outside the badge unchanged, 0 uncaught errors or console errors in any world of the 3 pages (the recorder's self-check saw an error thrown in an isolated world). Seen once in an earlier run (background tabs held about 15 s longer, not reproduced on demand since): a badge kept saying "reconnecting…" over its stale price for 35 s and more; fixed, the badge's own 1 s tick now checks for the update (unit test in chart-badge.test.ts)`,
  });
});
