import { expect } from 'vitest';
import { ChartPage } from '../e2e/pages/chart-page';
import { OptionsPage } from '../e2e/pages/options-page';
import { PopupPage } from '../e2e/pages/popup-page';
import {
  closeBybitLongFromBadge,
  closeOkxLongFromPopup,
  setUpVaultAndKeys,
  TRADINGVIEW_CHART,
} from '../e2e/journeys';
import { openLong } from '../e2e/sim-account';
import { firefoxTest as test } from './fixture';

// The Chromium journeys' own steps and checks, in Firefox ESR (docs/browsers.md says which run where).

test('in Firefox, a trader sets Perch up in the options tab it opened, and on a TradingView chart sees the live price and position; only a real click closes it', async ({
  firefox,
  simulator,
}) => {
  await firefox.useSimulator(simulator);
  await setUpVaultAndKeys(new OptionsPage(firefox.options), simulator);
  await openLong(simulator, 'bybit', 'net');

  const chart = await ChartPage.open(firefox.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');

  await closeBybitLongFromBadge(chart, simulator);
  expect(firefox.perchErrors()).toEqual([]);
});

test("in Firefox, the popup's screen streams the watchlist and one click closes a position", async ({
  firefox,
  simulator,
}) => {
  await firefox.useSimulator(simulator);
  await setUpVaultAndKeys(new OptionsPage(firefox.options), simulator);
  await openLong(simulator, 'okx', 'net');

  await closeOkxLongFromPopup(new PopupPage(await firefox.openPopupInTab()), simulator);
  expect(firefox.perchErrors()).toEqual([]);
});
