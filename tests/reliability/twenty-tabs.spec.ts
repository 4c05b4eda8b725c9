import { expect } from 'vitest';
import { perchTest as test } from '../e2e/fixture';
import { ChartPage, showUrlSymbol, type Badge } from '../e2e/pages/chart-page';
import { sendPerchMessage } from '../e2e/pages/extension-messages';
import { PopupPage } from '../e2e/pages/popup-page';
import { startSessionOnSimulator } from '../e2e/perch-session';
import { budgetReport, describeWindows, overBudget, readRequestLog } from './request-windows';
import { byRun, recordScenario } from './scenario';

const TABS = 20;
const POPUPS = 2;
const RESTARTS = byRun(1, 3);
/** A few symbols over both exchanges, perpetual and spot, as TradingView names them. */
const SYMBOLS = [
  'BYBIT:BTCUSDT.P',
  'OKX:BTCUSDT.P',
  'BYBIT:ETHUSDT.P',
  'OKX:ETHUSDT.P',
  'BYBIT:SOLUSDT.P',
  'OKX:SOLUSDT.P',
  'BYBIT:BTCUSDT',
  'OKX:BTCUSDT',
];
const PRICE = /^\d[\d,]*(\.\d+)?$/;
const WAIT_MS = 25_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const priceOf = (badge: Badge) => badge.lines[0]?.price ?? '';
const priced = (badge: Badge) => badge.notice === '' && PRICE.test(priceOf(badge));

/** Every tab priced (by a price other than the one it showed, when given) and every popup too. */
async function allPriced(
  charts: readonly ChartPage[],
  popups: readonly PopupPage[],
  before?: { readonly charts: readonly string[]; readonly popups: readonly string[] },
): Promise<{ readonly charts: string[]; readonly popups: string[] }> {
  const chartPrices: string[] = [];
  for (const [index, chart] of charts.entries()) {
    const badge = await chart.waitForBadge(
      (shown) => priced(shown) && priceOf(shown) !== before?.charts[index],
      WAIT_MS,
    );
    chartPrices.push(priceOf(badge));
  }
  const popupPrices: string[] = [];
  for (const [index, popup] of popups.entries())
    popupPrices.push(await popup.watchlistPrices(before?.popups[index], WAIT_MS));
  return { charts: chartPrices, popups: popupPrices };
}

test(`${String(TABS)} charting tabs and ${String(POPUPS)} popups asking at once stay inside every published limit, also after a worker restart`, async ({
  perch,
  simulator,
  task,
}) => {
  const session = await startSessionOnSimulator(perch, simulator);
  await fetch(`${simulator.url}/__sim/clear-requests`, { method: 'POST', body: '{}' });

  const startedAt = Date.now();
  const [charts, popupPages] = await Promise.all([
    Promise.all(
      Array.from({ length: TABS }, (_, tab) =>
        ChartPage.open(
          perch.browser,
          `https://www.tradingview.com/chart/?symbol=${SYMBOLS[tab % SYMBOLS.length] ?? ''}`,
          'tradingview-chart.html',
          showUrlSymbol,
        ),
      ),
    ),
    Promise.all(Array.from({ length: POPUPS }, () => perch.openPopup())),
    // The options page tests both keys meanwhile, as a trader checking the connection would.
    session.send('testConnection', { exchange: 'okx' }),
    session.send('testConnection', { exchange: 'bybit' }),
  ]);
  const openedAt = Date.now();
  const popups = popupPages.map((page) => new PopupPage(page));
  // Each popup searches both exchanges' instruments, as its watchlist search does.
  const searches = await Promise.all(
    popupPages.flatMap((page) =>
      (['okx', 'bybit'] as const).map((exchange) =>
        sendPerchMessage(page, 'searchInstruments', { exchange, query: 'BTC' }),
      ),
    ),
  );
  let shown = await allPriced(charts, popups);
  const pricedAt = Date.now();

  const restartMs: number[] = [];
  for (let round = 0; round < RESTARTS; round += 1) {
    await perch.stopWorker();
    // Read once the old worker is gone: a price that changes after this came from the new one.
    const before = {
      charts: await Promise.all(charts.map(async (chart) => priceOf(await chart.badge()))),
      popups: shown.popups,
    };
    const stoppedAt = Date.now();
    shown = await allPriced(charts, popups, before);
    restartMs.push(Date.now() - stoppedAt);
  }

  const report = budgetReport(await readRequestLog(simulator.url));
  expect(searches.every((reply) => reply.ok)).toBe(true);
  expect(shown.charts.every((price) => PRICE.test(price))).toBe(true);
  expect(report.refusals).toEqual([]);
  expect(overBudget(report)).toEqual([]);
  const requests = report.endpoints.reduce((sum, entry) => sum + entry.requests, 0);
  recordScenario(task, {
    section: 'Rate budgets',
    scenario: `${String(TABS)} TradingView tabs over ${String(SYMBOLS.length)} symbols on both exchanges and ${String(POPUPS)} popups open at once, then the worker stops (browser)`,
    injected:
      'every tab and popup opened at the same moment with keys unlocked, both keys tested and both exchanges searched meanwhile; then the service worker stopped, so every tab and popup reconnects at once',
    times: `once cold, then ${String(RESTARTS)} worker stop${RESTARTS === 1 ? '' : 's'}`,
    result: `${String(TABS + POPUPS)} pages took ${seconds(openedAt - startedAt)} to open on a loaded 2-core machine; every tab and popup priced ${seconds(pricedAt - openedAt)} after the last opened and ${restartMs.map(seconds).join(', ')} after each stop; 0 rate-limit answers in ${String(requests)} REST requests; ${describeWindows(report)}`,
  });
});
