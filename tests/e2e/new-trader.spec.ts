import { expect } from 'vitest';
import { installTest as test } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { closeOkxLongFromPopup, OKX_DEMO_KEY_TEST } from './journeys';
import { VAULT_PASSPHRASE } from './perch-session';
import { openLong } from './sim-account';

test('a new trader installs Perch, goes through the first-run path in the options page that opens, then sees a live position in the toolbar popup and closes it with one click', async ({
  perch,
  simulator,
}) => {
  // Installing Perch opened its options page by itself.
  // (The page may already have moved to its first-run route: only its address up to the route counts.)
  expect(perch.openedOnInstall.split('#')[0]).toBe(`chrome-extension://${perch.extensionId}/options.html`);
  await perch.useSimulator(simulator);
  const options = new OptionsPage(await perch.openOptions());
  const { okx } = simulator.accounts;

  await expect(options.firstRunStep()).resolves.toEqual({
    count: 'Step 1 of 4',
    title: 'Create your passphrase',
  });
  await options.createPassphrase(VAULT_PASSPHRASE);
  await expect(options.firstRunStep()).resolves.toEqual({ count: 'Step 2 of 4', title: 'Add an exchange' });
  await expect(options.axeViolations()).resolves.toEqual([]);
  await options.addExchange('okx', { apiKey: okx.apiKey, secret: okx.secretKey, passphrase: okx.passphrase });
  await expect(options.firstRunStep()).resolves.toEqual({ count: 'Step 3 of 4', title: 'Test the key' });
  await expect(options.firstRunKeyTest('okx')).resolves.toEqual(OKX_DEMO_KEY_TEST);
  await expect(options.axeViolations()).resolves.toEqual([]);
  await options.continueSetup();
  await expect(options.firstRunStep()).resolves.toEqual({
    count: 'Step 4 of 4',
    title: 'Pick your watchlist',
  });
  await expect(options.finishSetup()).resolves.toMatch(/^Perch is set up\./);
  await expect(options.currentSection()).resolves.toBe('Accounts');
  await openLong(simulator, 'okx', 'net');

  await closeOkxLongFromPopup(await PopupPage.openFromToolbar(perch), simulator);
});
