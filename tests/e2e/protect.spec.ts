import { describe, expect, vi } from 'vitest';
import { perchTest, simulatorWith } from './fixture';
import { TRADINGVIEW_CHART } from './journeys';
import { ChartPage } from './pages/chart-page';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator } from './perch-session';
import {
  BTC_PERPETUAL,
  openLong,
  simAdmin,
  simPositions,
  simStopPrices,
  type ExchangeName,
} from './sim-account';

/** Prices move only when the test moves them: a stop's side of the mark is then the test's to decide. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });
const WAIT = { timeout: 20_000, interval: 200 };
const ENTRY = 60_000;
/** The TradingView chart of each exchange's BTC perpetual, and half the position `openLong` opens. */
const CHART = {
  okx: { url: TRADINGVIEW_CHART.replace('BYBIT:BTCUSDT.P', 'OKX:BTCUSDT.P'), half: 1.5 },
  bybit: { url: TRADINGVIEW_CHART, half: 0.015 },
} as const;

describe.each<ExchangeName>(['okx', 'bybit'])('protecting a position on %s', (exchange) => {
  test('a stop set from the popup, moved to breakeven, half taken off from the chart badge with a held press, and the rest closed when the mark falls through the stop', async ({
    perch,
    simulator,
  }) => {
    const { symbol } = BTC_PERPETUAL[exchange];
    await simAdmin(simulator, 'price', { exchange, symbol, price: String(ENTRY) });
    await startSessionOnSimulator(perch, simulator);
    const popup = await PopupPage.openFromToolbar(perch);
    await openLong(simulator, exchange, 'net');
    await popup.positions(1);
    await popup.protectionLine(exchange, symbol, /^Unprotected/);

    await popup.openProtect(exchange, symbol);
    expect(await popup.setStop(exchange, symbol, '58000')).toMatch(/58,000/);
    await popup.protectionLine(exchange, symbol, /^Stop 58,000/);
    expect(await simStopPrices(simulator, exchange)).toEqual([58_000]);

    await popup.pressBreakeven(exchange, symbol);
    const breakeven = await popup.protectionLine(exchange, symbol, /^Breakeven · Stop/);
    // One stop, moved: the exchange holds it at the breakeven price the popup shows, not a second one.
    const [stop, ...others] = await simStopPrices(simulator, exchange);
    expect(others).toEqual([]);
    expect(stop).toBeGreaterThanOrEqual(ENTRY);
    expect(breakeven.replace(/,/g, '')).toContain(String(stop));

    // On the chart (the toolbar popup closes as the tab opens): the badge shows the same protection, and
    // a held Close half takes half off, once.
    const chart = await ChartPage.open(perch.browser, CHART[exchange].url, 'tradingview-chart.html');
    await chart.waitForBadge((badge) => /^Breakeven/.test(badge.lines[0]?.protections[0] ?? ''));
    expect(await chart.holdCloseHalf()).not.toBe('');
    await vi.waitFor(async () => {
      expect(await simPositions(simulator, exchange)).toMatchObject([{ size: CHART[exchange].half }]);
    }, WAIT);

    await simAdmin(simulator, 'price', { exchange, symbol, price: String(ENTRY - 1_000) });
    await vi.waitFor(async () => {
      expect(await simPositions(simulator, exchange)).toEqual([]);
    }, WAIT);
    await chart.waitForBadge((badge) => badge.lines[0]?.positions.length === 0);
    await (await PopupPage.openFromToolbar(perch)).positions(0);
  });
});
