// The chart overlay's screenshots. One entry per image.
import type { Page } from 'puppeteer-core';
import { ChartPage } from '../tests/e2e/pages/chart-page';
import { BTC_SHOWN, type Screens, type Shot, type Theme } from './shot-kit';

/**
 * The demo chart paints its candles on a dark canvas of its own: inverted, with its hues turned back, it
 * reads as a light chart with green still up and red down.
 */
const LIGHT_CHART =
  'html, body { background: #fff; color: #131722; } header { border-color: #e0e3eb; } #chart { filter: invert(1) hue-rotate(180deg); }';

/**
 * Paints the demo chart in `theme` as TradingView does: its class on <html> and the page's colours. The
 * badge follows the page's theme, not the system's (src/content/badge/page-theme.ts).
 */
export async function chartInTheme(chart: Page, theme: Theme): Promise<void> {
  const light = theme === 'light';
  await chart.evaluate(`(() => {
    document.documentElement.classList.toggle('theme-light', ${String(light)});
    document.documentElement.classList.toggle('theme-dark', ${String(!light)});
    let style = document.getElementById('screenshot-theme');
    if (style === null) {
      style = document.createElement('style');
      style.id = 'screenshot-theme';
      document.head.append(style);
    }
    style.textContent = ${JSON.stringify(light ? LIGHT_CHART : '')};
  })()`);
}

/** The badge has its price. */
export const overlayPriced = async (chart: Page) =>
  BTC_SHOWN.test((await new ChartPage(chart).overlay()).text);

export const overlayShots = ({ chart }: Screens): Shot[] => [
  {
    name: 'overlay',
    page: chart,
    waitsFor: 'the BTC price in the overlay',
    prepare: async (theme) => {
      await chart.setViewport({ width: 1000, height: 600 });
      await chartInTheme(chart, theme);
    },
    ready: () => overlayPriced(chart),
  },
];
