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

  const okx = await popup.quoteWithPrice('okx', 'BTC-USDT-SWAP');
  const bybit = await popup.quoteWithPrice('bybit', 'BTCUSDT');

  await expect(popup.marketLabel()).resolves.toEqual({
    words: 'Simulator',
    detail: `Local simulator at ${new URL(simulator.url).host}`,
  });
  const okxTicker = (await (
    await fetch(`${simulator.url}/api/v5/market/ticker?instId=BTC-USDT-SWAP`)
  ).json()) as OkxTicker;
  const okxPrice = Number(okx.last.replaceAll(',', ''));
  expect(Math.abs(okxPrice / Number(okxTicker.data[0]?.last) - 1)).toBeLessThan(0.01);
  // Both exchanges' prices read alike: thousands grouped, decimals by the instrument's tick size.
  expect(okx.last).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/);
  expect(bybit.last).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/);
});

test('the popup names the problem when the simulator is not running', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  await simulator.stop();
  const popup = new PopupPage(await perch.openPopup());

  const host = new URL(simulator.url).host;
  await expect(popup.exchangeProblem('okx')).resolves.toBe(
    `Cannot reach OKX: nothing answers at ${host} (is the simulator running?).`,
  );
  await expect(popup.exchangeProblem('bybit')).resolves.toBe(
    `Cannot reach Bybit: nothing answers at ${host} (is the simulator running?).`,
  );
});
