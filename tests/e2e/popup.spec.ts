import { TargetType } from 'puppeteer-core';
import { expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { sendPerchMessage } from './pages/extension-messages';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator } from './perch-session';
import { openLong, simPositions } from './sim-account';

/** Generous guards for what the worker does over real sockets; the waits end as soon as it happened. */
const WAIT = { timeout: 20_000, interval: 200 };

test('a trader opens the toolbar popup, sees live quotes and both positions, and closes one with one click', async ({
  perch,
  simulator,
}) => {
  await startSessionOnSimulator(perch, simulator);
  const popup = await PopupPage.openFromToolbar(perch);

  await expect(popup.marketLabel()).resolves.toEqual({
    words: 'Simulator',
    detail: `Local simulator at ${new URL(simulator.url).host}`,
  });
  const btc = await popup.quoteWithPrice('okx', 'BTC-USDT-SWAP');
  expect(btc.last).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  expect(btc.stale).toBe(false);
  // Positions opened while the popup is open arrive over the private streams.
  await openLong(simulator, 'okx', 'net');
  await openLong(simulator, 'bybit', 'net');
  const positions = await popup.positions(2);
  expect(
    positions.map(({ exchange, symbol, details, entry }) => ({ exchange, symbol, details, entry })),
  ).toEqual(
    expect.arrayContaining([
      {
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        details: expect.stringMatching(/^Long/) as unknown,
        entry: expect.stringMatching(/^60,000/) as unknown,
      },
      {
        exchange: 'bybit',
        symbol: 'BTCUSDT',
        details: expect.stringMatching(/^Long/) as unknown,
        entry: expect.stringMatching(/^60,000/) as unknown,
      },
    ]),
  );

  // The toolbar popup fits 400 px across with both rows drawn: nothing scrolls sideways.
  const size = await popup.size();
  console.info(`popup size with two positions: ${JSON.stringify(size)}`);
  expect(size.appWidth).toBeLessThanOrEqual(400);
  expect(size.appScrollWidth).toBeLessThanOrEqual(size.appWidth);
  expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
  // The window is the app's width, also once the rows are taller than it: no strip beside the app.
  expect(size.clientWidth).toBe(size.appWidth);

  // One click closes it.
  const said = await popup.close('okx', 'BTC-USDT-SWAP');

  expect(said).toBe('Close of the BTC-USDT-SWAP position on OKX sent; waiting for OKX to confirm.');
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'okx')).toEqual([]);
  }, WAIT);
  expect(await simPositions(simulator, 'bybit')).toHaveLength(1);
  // The private stream confirms the close: the row goes, the other exchange's position stays.
  const [left] = await popup.positions(1);
  expect(left).toMatchObject({ exchange: 'bybit', symbol: 'BTCUSDT' });

  for (const theme of ['light', 'dark'] as const) {
    await popup.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    expect({ theme, violations: await popup.axeViolations() }).toEqual({ theme, violations: [] });
  }
});

test('a watchlist with Bybit’s spot and perpetual BTCUSDT keeps both: two rows, each named by its kind and priced', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const settings = await perch.openOptions();
  const alike = [
    { exchange: 'bybit', kind: 'spot', symbol: 'BTCUSDT' },
    { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
  ];
  await expect(sendPerchMessage(settings, 'saveWatchlist', { instruments: alike })).resolves.toMatchObject({
    ok: true,
    data: { instruments: alike },
  });

  const popup = await PopupPage.openFromToolbar(perch);
  await popup.watchlistPrices();

  const rows = await popup.quotes();
  expect(rows.map(({ exchange, kind, symbol }) => `${exchange} ${symbol} ${kind}`)).toEqual([
    'bybit BTCUSDT spot',
    'bybit BTCUSDT perpetual',
  ]);
  for (const row of rows) expect(row.last).toMatch(/^\d[\d,]*\.\d+$/);
});

test('a trader with no keys yet is led from the popup to the settings', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  const popup = await PopupPage.openFromToolbar(perch);
  await popup.quoteWithPrice('bybit', 'BTCUSDT');
  for (const theme of ['light', 'dark'] as const) {
    await popup.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    expect({ theme, violations: await popup.axeViolations() }).toEqual({ theme, violations: [] });
  }
  const options = perch.browser.waitForTarget(
    (target) => target.type() === TargetType.PAGE && target.url().endsWith('/options.html'),
    { timeout: 10_000 },
  );

  await popup.openSettings();

  await expect(options).resolves.toBeDefined();
});
