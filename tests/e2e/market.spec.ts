import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { PopupPage } from './pages/popup-page';

interface OkxTicker {
  data: { last: string }[];
}

test('the popup shows live prices from both exchanges of the simulator Perch trades on', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const popup = new PopupPage(await perch.openPopup());

  const quotes = await popup.quotes();

  await expect(popup.marketLabel()).resolves.toBe(`Market: local simulator (${new URL(simulator.url).host})`);
  const okxTicker = (await (
    await fetch(`${simulator.url}/api/v5/market/ticker?instId=BTC-USDT-SWAP`)
  ).json()) as OkxTicker;
  const okxPrice = Number(quotes.okx?.match(/BTC-USDT-SWAP([\d,.]+)$/)?.[1]?.replaceAll(',', ''));
  expect(Math.abs(okxPrice / Number(okxTicker.data[0]?.last) - 1)).toBeLessThan(0.01);
  // Both exchanges' prices read alike: thousands grouped, at least two decimals.
  expect(quotes.okx).toMatch(/^OKXBTC-USDT-SWAP[\d,]+\.\d{2,}$/);
  expect(quotes.bybit).toMatch(/^BybitBTCUSDT[\d,]+\.\d{2,}$/);
});

test('the popup names the problem when the simulator is not running', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  await simulator.stop();
  const popup = new PopupPage(await perch.openPopup());

  const quotes = await popup.quotes();

  const host = new URL(simulator.url).host;
  expect(quotes.okx).toBe(
    `OKXBTC-USDT-SWAPCannot reach OKX: nothing answers at ${host} (is the simulator running?).`,
  );
  expect(quotes.bybit).toBe(
    `BybitBTCUSDTCannot reach Bybit: nothing answers at ${host} (is the simulator running?).`,
  );
});
