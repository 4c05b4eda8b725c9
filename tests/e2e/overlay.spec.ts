import { expect } from 'vitest';
import { installTest, perchTest as test } from './fixture';
import { ChartPage } from './pages/chart-page';
import {
  badgeFollowsSymbolSwitch,
  badgeMovesWithArrowKeys,
  badgeMovesWithMouse,
  binancePageShowsBothExchanges,
  closeBybitLongFromBadge,
  priced,
  pricedTradingViewChart,
  TRADINGVIEW_CHART,
} from './journeys';
import { startSessionOnSimulator } from './perch-session';
import type { Perch } from './harness';
import { openLong } from './sim-account';

type Simulator = Parameters<typeof startSessionOnSimulator>[1];

/** A trader with keys saved and a long BTCUSDT position on Bybit opens its TradingView chart. */
async function chartWithBybitLong(perch: Perch, simulator: Simulator): Promise<ChartPage> {
  await startSessionOnSimulator(perch, simulator);
  await openLong(simulator, 'bybit', 'net');
  return ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
}

test('a trader on a TradingView chart sees the live price and position, and only a held Close closes it', async ({
  perch,
  simulator,
}) => {
  const chart = await chartWithBybitLong(perch, simulator);

  await closeBybitLongFromBadge(chart, simulator);
});

test('the badge follows a symbol switch on the chart without a reload', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);

  await badgeFollowsSymbolSwitch(await pricedTradingViewChart(perch.browser));
});

test('a Binance futures page gets the same market on OKX and Bybit', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);

  await binancePageShowsBothExchanges(perch.browser);
});

test('a page with no recognised symbol gets no overlay element at all', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  const home = await ChartPage.open(perch.browser, 'https://www.tradingview.com/', 'tradingview-home.html');
  // Perch is running: a chart opened after the home page shows its badge.
  const chart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
  await chart.waitForBadge(priced);

  await expect(home.overlayAsSeenByPage()).resolves.toEqual({ present: false, shadowRootVisible: false });
  await expect(home.badge()).rejects.toThrow('Perch has not mounted its overlay on this page.');
});

test('every control of the badge has a role and a name a screen reader can announce', async ({
  perch,
  simulator,
}) => {
  const chart = await chartWithBybitLong(perch, simulator);
  await chart.waitForBadge((badge) => badge.lines[0]?.positions.length === 1);

  await expect(chart.controls()).resolves.toEqual([
    { role: 'button', name: 'Perch badge for BTCUSDT.P: drag it, or move it with the arrow keys' },
    { role: 'button', name: 'Set a price alert on Bybit BTCUSDT' },
    { role: 'button', name: 'Hold to close the long BTCUSDT position on Bybit' },
    { role: 'button', name: 'Hold to move the stop of the long BTCUSDT position on Bybit to breakeven' },
    { role: 'button', name: 'Hold to close half of the long BTCUSDT position on Bybit' },
  ]);
});

test('a keyboard user moves the badge with the arrow keys', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);

  await badgeMovesWithArrowKeys(await pricedTradingViewChart(perch.browser));
});

test('a trader drags the badge with the mouse and it stays where it was dropped', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);

  await badgeMovesWithMouse(await pricedTradingViewChart(perch.browser));
});

test("the simulator's demo chart gets the badge in a development build", async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  const tab = await perch.browser.newPage();
  await tab.goto(`${simulator.url}/demo/chart?symbol=OKX:BTC-USDT-SWAP`);

  const badge = await new ChartPage(tab).waitForBadge(priced);

  expect(badge.lines.map((line) => line.name)).toEqual(['OKX BTC-USDT-SWAP']);
});

test('the badge comes back by itself after the worker restarts', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  const chart = await pricedTradingViewChart(perch.browser);

  await perch.stopWorker();

  // No price can arrive over the dead port: a new one proves the badge reconnected and asked again.
  const stopped = await chart.badge();
  await chart.waitForBadge(
    (badge) => badge.notice === '' && priced(badge) && badge.lines[0]?.price !== stopped.lines[0]?.price,
  );
});

// The update reloads the installed extension: it takes a browser no later test shares.
installTest(
  'after an extension update the badge asks for a page reload instead of dying silently',
  async ({ perch, simulator }) => {
    await perch.useSimulator(simulator);
    const chart = await pricedTradingViewChart(perch.browser);
    const options = await perch.openOptions();

    // What an update does to a running content script: its extension reloads under it.
    await options.evaluate('chrome.runtime.reload()').catch(() => undefined);

    await chart.waitForBadge((badge) => badge.notice === 'Perch was updated — reload this page');
  },
);
