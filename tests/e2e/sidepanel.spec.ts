import { expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { ChartPage } from './pages/chart-page';
import { SidePanel } from './pages/side-panel';
import { priced, TRADINGVIEW_CHART } from './journeys';
import { startSessionOnSimulator } from './perch-session';
import { openLong, simPositions } from './sim-account';

const WAIT = { timeout: 20_000, interval: 200 };
const OKX_CHART = 'https://www.tradingview.com/chart/?symbol=OKX:BTCUSDT.P';

// A real Chrome side panel: headless Chromium shows one, opened by a click on the popup's button
// (docs/side-panel.md "In the tests").
test('the side panel follows the active chart tab and its symbol, and closes a position', async ({
  perch,
  simulator,
}) => {
  await startSessionOnSimulator(perch, simulator);
  await openLong(simulator, 'bybit', 'net');
  await openLong(simulator, 'okx', 'net');
  const bybitChart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
  await bybitChart.waitForBadge(priced);

  const panel = await SidePanel.openFromPopup(perch, bybitChart.page);

  await expect(panel.chartLine(/BTCUSDT on Bybit/)).resolves.toBe('Chart: BTCUSDT on Bybit');
  await panel.waitForHighlighted(['Positions: bybit BTCUSDT', 'Watchlist: bybit BTCUSDT']);

  // The chart switches symbol without a reload: the highlight follows (no position on OKX ETH).
  await bybitChart.switchSymbol('OKX', 'ETHUSDT.P');
  await panel.chartLine(/ETH-USDT-SWAP on OKX/);
  await panel.waitForHighlighted(['Watchlist: okx ETH-USDT-SWAP']);

  // Another chart tab becomes the active one: the highlight follows it.
  const okxChart = await ChartPage.open(perch.browser, OKX_CHART, 'tradingview-chart.html');
  await okxChart.page.bringToFront();
  await okxChart.waitForBadge(priced);
  await panel.chartLine(/BTC-USDT-SWAP on OKX/);
  await panel.waitForHighlighted(['Positions: okx BTC-USDT-SWAP', 'Watchlist: okx BTC-USDT-SWAP']);

  // Back to the first tab: its chart still shows OKX ETH.
  await bybitChart.page.bringToFront();
  await panel.waitForHighlighted(['Watchlist: okx ETH-USDT-SWAP']);

  // A close from the panel closes the position on the exchange; the other stays.
  await panel.close('OKX BTC-USDT-SWAP long');
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'okx')).toEqual([]);
  }, WAIT);
  expect(await simPositions(simulator, 'bybit')).toHaveLength(1);
});
