import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { ROOT } from '../../scripts/dev-build';
import { perchTest as test } from './fixture';
import type { Perch } from './harness';
import { OptionsPage } from './pages/options-page';
import { TOO_EASY_TO_GUESS, VAULT_PASSPHRASE } from './perch-session';
import { sendPerchMessage } from './pages/extension-messages';
import { OKX_DEMO_KEY_TEST } from './journeys';

/** The options page of a fresh Perch pointed at the simulator, before the trader has set anything up. */
async function optionsOnSimulator(
  perch: Perch,
  simulator: { url: string; wsUrl: string },
): Promise<OptionsPage> {
  await perch.useSimulator(simulator);
  return new OptionsPage(await perch.openOptions());
}

/** What Options may read back of a key: its first and last 4 characters. */
const masked = (apiKey: string) => `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;

test('the options page shows the installed version of Perch', async ({ perch }) => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const options = new OptionsPage(await perch.openOptions());

  await expect(options.shownVersion()).resolves.toBe(version);
});

test('a new trader sets a passphrase, saves the simulator keys through the forms, and sees what the key may do', async ({
  perch,
  simulator,
}) => {
  const { okx } = simulator.accounts;
  const options = await optionsOnSimulator(perch, simulator);
  await expect(options.axeViolations()).resolves.toEqual([]);

  await options.setUpVault(VAULT_PASSPHRASE);
  await expect(options.offersTest('okx')).resolves.toBe(false);
  await options.saveKeys('okx', { apiKey: okx.apiKey, secret: okx.secretKey, passphrase: okx.passphrase });

  await expect(options.maskedKey('okx')).resolves.toBe(masked(okx.apiKey));
  await expect(options.offersTest('okx')).resolves.toBe(true);
  await expect(options.keyField('okx', 'Secret key')).resolves.toEqual({ value: '', problem: undefined });
  await expect(options.testConnection('okx')).resolves.toEqual(OKX_DEMO_KEY_TEST);
  await expect(options.axeViolations()).resolves.toEqual([]);
});

test('a saved key the exchange does not know is explained in words at "Test connection"', async ({
  perch,
  simulator,
}) => {
  const { bybit } = simulator.accounts;
  const options = await optionsOnSimulator(perch, simulator);
  await options.setUpVault(VAULT_PASSPHRASE);

  await options.saveKeys('bybit', { apiKey: `${bybit.apiKey.slice(0, -4)}zzzz`, secret: bybit.apiSecret });
  await options.maskedKey('bybit');

  await expect(options.testConnection('bybit')).resolves.toEqual({
    fields: { reachable: 'Reachable', clock: expect.stringMatching(/^-?\d+ ms$/) as string },
    findings: [
      'OK: Your clock agrees with the exchange.',
      'Danger: Bybit does not know this key on its simulator servers. Keys from the live site, testnet and demo trading work only where they were made: switch the environment to the one the key comes from, or check that it was not deleted.',
    ],
    warning: undefined,
  });
  await expect(options.axeViolations()).resolves.toEqual([]);
});

test('a passphrase easy to guess is refused as it is typed and at the button, in words; a strong one sets the vault up', async ({
  perch,
}) => {
  const options = new OptionsPage(await perch.openOptions());

  await options.typeNewPassphrase('bitcoin12345');
  await vi.waitFor(
    async () => {
      await expect(options.newPassphraseField()).resolves.toEqual({
        value: 'bitcoin12345',
        status: TOO_EASY_TO_GUESS,
        problem: undefined,
      });
    },
    { timeout: 10_000, interval: 100 },
  );
  await options.pressSetUp();
  await expect(options.newPassphraseField()).resolves.toEqual({
    value: 'bitcoin12345',
    status: undefined,
    problem: TOO_EASY_TO_GUESS,
  });
  await expect(options.axeViolations()).resolves.toEqual([]);
  await expect(sendPerchMessage(options.page, 'vaultStatus', {})).resolves.toMatchObject({
    ok: true,
    data: { state: 'not-set-up' },
  });

  await options.setUpVault(VAULT_PASSPHRASE);
});

test('keys the vault refuses show what is wrong at each field and keep what was typed', async ({
  perch,
  simulator,
}) => {
  const options = await optionsOnSimulator(perch, simulator);
  await options.setUpVault(VAULT_PASSPHRASE);

  await options.saveKeys('okx', { apiKey: 'my key 123', secret: 'short', passphrase: ' padded' });

  await expect(options.keyField('okx', 'API key')).resolves.toEqual({
    value: 'my key 123',
    problem: 'The API key contains a space or line break; copy it again from the exchange without them.',
  });
  await expect(options.keyField('okx', 'Secret key')).resolves.toEqual({
    value: 'short',
    problem: 'The secret key should be 8 to 128 characters long; this one has 5.',
  });
  await expect(options.keyField('okx', 'API key passphrase')).resolves.toEqual({
    value: ' padded',
    problem: 'The OKX passphrase starts or ends with a space; copy it again without it.',
  });
  await expect(options.axeViolations()).resolves.toEqual([]);
});

test('the trader reorders and trims the watchlist, and finds it so after reopening the page', async ({
  perch,
}) => {
  const options = new OptionsPage(await perch.openOptions());
  await options.openSection('Watchlist');
  await expect(options.watchlist()).resolves.toEqual([
    'OKX BTC-USDT-SWAP',
    'OKX ETH-USDT-SWAP',
    'OKX SOL-USDT-SWAP',
    'Bybit BTCUSDT',
    'Bybit ETHUSDT',
    'Bybit SOLUSDT',
  ]);

  await options.editWatchlist('Move up', 'Bybit ETHUSDT perpetual');
  await options.editWatchlist('Remove', 'OKX SOL-USDT-SWAP perpetual');
  await options.saveWatchlist();
  await options.reload();

  await expect(options.watchlist()).resolves.toEqual([
    'OKX BTC-USDT-SWAP',
    'OKX ETH-USDT-SWAP',
    'Bybit ETHUSDT',
    'Bybit BTCUSDT',
    'Bybit SOLUSDT',
  ]);
  await expect(options.axeViolations()).resolves.toEqual([]);
});

test('the vault can be set up with the keyboard alone', async ({ perch }) => {
  const options = new OptionsPage(await perch.openOptions());

  await expect(options.setUpVaultByKeyboard(VAULT_PASSPHRASE)).resolves.toEqual([
    'New passphrase',
    'Confirm new passphrase',
  ]);
});

test('the left navigation shows one section at a time, each at its own address; back and forward move between them', async ({
  perch,
}) => {
  const page = await perch.openOptions();
  const options = new OptionsPage(page);
  await expect(options.firstRunStep()).resolves.toEqual({
    count: 'Step 1 of 4',
    title: 'Create your passphrase',
  });
  await options.setUpVault(VAULT_PASSPHRASE);
  await expect(options.currentSection()).resolves.toBe('Accounts');

  for (const section of ['Watchlist', 'Trading', 'Chart overlay', 'Alerts', 'Security'] as const) {
    await options.openSection(section);
    await expect(options.currentSection()).resolves.toBe(section);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      expect({ section, theme, violations: await options.axeViolations() }).toEqual({
        section,
        theme,
        violations: [],
      });
    }
  }
  expect(new URL(page.url()).hash).toBe('#security');

  await page.goBack();
  await expect(options.currentSection()).resolves.toBe('Alerts');
  await page.goBack();
  await expect(options.currentSection()).resolves.toBe('Chart overlay');
  await page.goForward();
  await expect(options.currentSection()).resolves.toBe('Alerts');
});

test('the popup’s "Manage alerts" address opens the Alerts section', async ({ perch }) => {
  const page = await perch.openOptions();
  const options = new OptionsPage(page);
  await options.setUpVault(VAULT_PASSPHRASE);

  await page.goto(`chrome-extension://${perch.extensionId}/options.html#alerts`);

  await expect(options.currentSection()).resolves.toBe('Alerts');
});
