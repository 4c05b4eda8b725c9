import { expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { VAULT_PASSPHRASE } from './perch-session';
import { openLong, simPositions } from './sim-account';

/** Generous guards for what the worker does over real sockets; the waits end as soon as it happened. */
const WAIT = { timeout: 20_000, interval: 200 };

test('a new trader sets up Perch in options, then sees a live position in the toolbar popup and closes it with one click', async ({
  perch,
  simulator,
}) => {
  const { okx, bybit } = simulator.accounts;
  await perch.useSimulator(simulator);
  const options = new OptionsPage(await perch.openOptions());
  await options.setUpVault(VAULT_PASSPHRASE);
  await options.saveKeys('okx', { apiKey: okx.apiKey, secret: okx.secretKey, passphrase: okx.passphrase });
  await options.saveKeys('bybit', { apiKey: bybit.apiKey, secret: bybit.apiSecret });
  await openLong(simulator, 'okx', 'net');

  const popup = await PopupPage.openFromToolbar(perch);

  const quote = await popup.quoteWithPrice('bybit', 'BTCUSDT');
  expect(quote.stale).toBe(false);
  const [position] = await popup.positions(1);
  expect(position).toMatchObject({ exchange: 'okx', symbol: 'BTC-USDT-SWAP' });
  await expect(popup.close('okx', 'BTC-USDT-SWAP')).resolves.toBe(
    'Close of the BTC-USDT-SWAP position on OKX sent; waiting for OKX to confirm.',
  );
  await popup.positions(0);
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'okx')).toEqual([]);
  }, WAIT);
});
