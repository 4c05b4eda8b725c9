import { describe, expect, vi } from 'vitest';
import { sendPerchMessage } from '../../scripts/perch-messages';
import { ChartPage } from '../e2e/pages/chart-page';
import { OptionsPage } from '../e2e/pages/options-page';
import { PopupPage } from '../e2e/pages/popup-page';
import {
  accountAtAGlance,
  badgeFollowsSymbolSwitch,
  badgeMovesWithArrowKeys,
  badgeMovesWithMouse,
  binancePageShowsBothExchanges,
  closeBybitLongFromBadge,
  closeOkxLongFromPopup,
  OKX_DEMO_KEY_TEST,
  openLiquidatableLong,
  priced,
  PROTECT_ENTRY,
  protectLongFromPopupAndChart,
  pricedTradingViewChart,
  setUpVaultAndKeys,
  TRADINGVIEW_CHART,
} from '../e2e/journeys';
import { simulatorWith } from '../e2e/fixture';
import { BTC_PERPETUAL, openLong, simAdmin } from '../e2e/sim-account';
import { firefoxTest as test } from './fixture';
import type { FirefoxPerch } from './harness';

const WAIT = { timeout: 20_000, interval: 200 };

/** When the running background (Firefox's event page) started, as its ping says. */
async function backgroundStartedAt(firefox: FirefoxPerch): Promise<number> {
  const reply = await sendPerchMessage(firefox.options, 'ping', {});
  if (!reply.ok) throw new Error(`ping failed: ${reply.error.message}`);
  return (reply.data as { workerStartedAt: number }).workerStartedAt;
}

// The Chromium journeys' own steps and checks, in Firefox ESR (docs/browsers.md says which run where).

test('in Firefox, a trader sets Perch up in the options tab it opened, and on a TradingView chart sees the live price and position; only a held Close closes it', async ({
  firefox,
  simulator,
}) => {
  await setUpVaultAndKeys(new OptionsPage(firefox.options), simulator);
  await openLong(simulator, 'bybit', 'net');

  const chart = await ChartPage.open(firefox.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');

  await closeBybitLongFromBadge(chart, simulator);
  expect(firefox.perchErrors()).toEqual([]);
});

test("in Firefox, the options tab shows what the key may do, and the popup's screen streams the watchlist and closes a position with one click", async ({
  firefox,
  simulator,
}) => {
  const options = new OptionsPage(firefox.options);
  await setUpVaultAndKeys(options, simulator);
  await expect(options.testConnection('okx')).resolves.toEqual(OKX_DEMO_KEY_TEST);
  await expect(options.axeViolations()).resolves.toEqual([]);
  await openLong(simulator, 'okx', 'net');

  const popup = new PopupPage(await firefox.openPopupInTab());
  await closeOkxLongFromPopup(popup, simulator);
  await expect(popup.axeViolations()).resolves.toEqual([]);
  expect(firefox.perchErrors()).toEqual([]);
});

test('in Firefox, the popup shows the account at a glance: equity, available, margin ratio, and the position’s liquidation distance and next funding', async ({
  firefox,
  simulator,
}) => {
  await setUpVaultAndKeys(new OptionsPage(firefox.options), simulator);
  await openLiquidatableLong(simulator, 'okx');
  const popup = new PopupPage(await firefox.openPopupInTab());
  await popup.positions(1);

  await accountAtAGlance(popup, ['okx']);
  expect(firefox.perchErrors()).toEqual([]);
});

// Prices move only when the test moves them: the stop's side of the mark is the test's to decide.
test.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) })(
  'in Firefox, a stop set from the popup moves to breakeven, half comes off from the chart badge with a held press, and the stop closes the rest',
  async ({ firefox, simulator }) => {
    await setUpVaultAndKeys(new OptionsPage(firefox.options), simulator);
    const { symbol } = BTC_PERPETUAL.okx;
    await simAdmin(simulator, 'price', { exchange: 'okx', symbol, price: String(PROTECT_ENTRY) });
    await openLong(simulator, 'okx', 'net');
    const popup = new PopupPage(await firefox.openPopupInTab());

    await protectLongFromPopupAndChart({
      exchange: 'okx',
      simulator,
      browser: firefox.browser,
      popup,
      popupAfterChart: () => Promise.resolve(popup),
    });
    expect(firefox.perchErrors()).toEqual([]);
  },
);

test('in Firefox, the badge follows a symbol switch on the chart without a reload', async ({ firefox }) => {
  await badgeFollowsSymbolSwitch(await pricedTradingViewChart(firefox.browser));
  expect(firefox.perchErrors()).toEqual([]);
});

test('in Firefox, a Binance futures page gets the same market on OKX and Bybit', async ({ firefox }) => {
  await binancePageShowsBothExchanges(firefox.browser);
  expect(firefox.perchErrors()).toEqual([]);
});

test('in Firefox, the badge moves with the arrow keys and with a drag of the mouse', async ({ firefox }) => {
  const chart = await pricedTradingViewChart(firefox.browser);

  await badgeMovesWithArrowKeys(chart);
  await badgeMovesWithMouse(chart);
  expect(firefox.perchErrors()).toEqual([]);
});

test('in Firefox, after an extension update the badge on an open chart comes back live by itself', async ({
  firefox,
}) => {
  const chart = await pricedTradingViewChart(firefox.browser);
  const before = await chart.badge();

  // What an update does: the extension reloads under the open chart. Firefox injects the new version into
  // the tab; the old script is stopped where it stood.
  await firefox.options.evaluate('browser.runtime.reload()').catch(() => undefined);

  await chart.waitForBadge((badge) => priced(badge) && badge.lines[0]?.price !== before.lines[0]?.price);
  await expect(chart.overlayCount()).resolves.toBe(1);
  // Still the new version's badge: it keeps moving.
  const live = await chart.badge();
  await chart.waitForBadge((badge) => priced(badge) && badge.lines[0]?.price !== live.lines[0]?.price);
  expect(firefox.perchErrors()).toEqual([]);
});

describe('when Firefox unloads the idle event page', () => {
  // Firefox's own default is 30 s; a second lets the test see an unload soon after the last page goes.
  test.override({ firefoxLaunch: { idleTimeoutMs: 1000 } });

  test('in Firefox, Perch sleeps once no page watches, and a chart opened later wakes it and streams again', async ({
    firefox,
    simulator,
  }) => {
    const before = await backgroundStartedAt(firefox);
    const chart = await ChartPage.open(firefox.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
    await chart.waitForBadge(priced);

    await chart.page.close();

    // The hub would keep its sockets for a minute's grace: they close this soon only because Firefox
    // unloaded the event page that held them.
    await vi.waitFor(() => {
      expect(simulator.ctx.sockets.sessions()).toEqual([]);
    }, WAIT);
    const next = await ChartPage.open(firefox.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
    await next.waitForBadge(priced);
    expect(await backgroundStartedAt(firefox)).toBeGreaterThan(before);
    expect(firefox.perchErrors()).toEqual([]);
  });
});
