import type { Page } from 'puppeteer-core';
import type { RunningSimulator } from '../../sim';
import type { SimInstrument } from '../../sim/market/instruments';
import type { Perch } from '../../tests/e2e/harness';
import { ChartPage } from '../../tests/e2e/pages/chart-page';
import { sleep } from './machine-clock';
import { hasClass, watchText, type NodeMatch } from './screen-watch';
import { driveTicks } from './tick-driver';
import { tickLatencies, type TickLatencies } from './tick-latency';

/** A TradingView chart of Bybit's BTC perpetual: the overlay follows Bybit BTCUSDT alone. */
const CHART_URL = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';
const POPUP_ROW = '.perch-quote[data-exchange="bybit"][data-symbol="BTCUSDT"]';
const isPopupRow: NodeMatch = (attributes) =>
  hasClass('perch-quote')(attributes) &&
  attributes.get('data-exchange') === 'bybit' &&
  attributes.get('data-symbol') === 'BTCUSDT';
/** Long enough for the last tick to reach both screens past the hub's 100 ms coalescing. */
const SETTLE_MS = 1_000;

/** The two screens a tick reaches: the chart page with its badge, and the popup opened as a page. */
export interface Screens {
  readonly chart: ChartPage;
  readonly popup: Page;
  readonly instrument: SimInstrument;
}

export async function openScreens(perch: Perch, simulator: RunningSimulator): Promise<Screens> {
  const instrument = simulator.ctx.market.find('bybit', 'linear', 'BTCUSDT');
  if (instrument === undefined) throw new Error('The simulator lists no Bybit BTCUSDT perpetual');
  const popup = await perch.openPopup();
  await popup.waitForFunction(
    `/\\d/.test(document.querySelector('${POPUP_ROW} .perch-price')?.textContent ?? '')`,
    {
      timeout: 30_000,
    },
  );
  const chart = await ChartPage.open(perch.browser, CHART_URL, 'tradingview-chart.html');
  await chart.waitForBadge((badge) => /\d/.test(badge.lines[0]?.price ?? ''), 30_000);
  return { chart, popup, instrument };
}

export interface TickToScreen {
  readonly overlay: TickLatencies;
  readonly popup: TickLatencies;
}

/** `ticks` prices at `perSecond`, each timed from the simulator's send to the badge and the popup showing it. */
export async function measureTickToScreen(
  screens: Screens,
  simulator: RunningSimulator,
  ticks: number,
  perSecond: number,
): Promise<TickToScreen> {
  const overlay = await watchText(screens.chart.page, [hasClass('line'), hasClass('price')]);
  const popup = await watchText(screens.popup, [isPopupRow, hasClass('perch-price')]);
  const sent = await driveTicks(simulator, screens.instrument, ticks, perSecond);
  await sleep(SETTLE_MS);
  return {
    overlay: tickLatencies(sent, await overlay.read()),
    popup: tickLatencies(sent, await popup.read()),
  };
}
