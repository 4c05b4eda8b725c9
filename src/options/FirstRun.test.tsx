import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import type { KeyAudit } from '../contracts/profiles';
import type { VaultState } from '../contracts/vault';
import { loadPassphraseRuleFirst } from '../contracts/passphrase-rule.test-helper';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { renderOptions, renderSection, type FakeHandlers } from './options-fakes.test-helper';

afterEach(cleanup);
loadPassphraseRuleFirst();

const BYBIT_KEY: KeyAudit = {
  exchange: 'bybit',
  environment: 'live',
  reachable: true,
  clockOffsetMs: 3,
  totalEquityUsd: '2500',
  permissions: { canTrade: false, canWithdraw: false, raw: [], ips: [], daysLeft: 90 },
  findings: [],
};

/** A fresh install's background: no vault until one is set up, then keys as they are saved. */
function freshInstall(): FakeHandlers {
  let state: VaultState = 'not-set-up';
  let credentials: { exchange: 'okx' | 'bybit'; maskedKey: string }[] = [];
  return {
    vaultStatus: () => Promise.resolve({ state, autoLockMinutes: 15, credentials }),
    vaultSetUp: () => {
      state = 'unlocked';
      return Promise.resolve({});
    },
    vaultSaveCredentials: ({ exchange }) => {
      credentials = [{ exchange, maskedKey: 'key1…5678' }];
      return Promise.resolve({
        saved: true,
        maskedKey: 'key1…5678',
        audit: { ran: false, reason: 'not asked' },
      });
    },
    testConnection: () => Promise.resolve(BYBIT_KEY),
    getWatchlist: () =>
      Promise.resolve({
        instruments: [{ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' }],
      }),
  };
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const stepper = () => screen.getByRole('list', { name: 'Setup steps' });

it('leads a new trader from the passphrase to one exchange, its test and the watchlist, then to the settings', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = renderOptions(freshInstall());

  // Step 1: the passphrase.
  await heading('Create your passphrase');
  const passphrase = screen.getByRole('form', { name: 'Create your passphrase' });
  await user.type(within(passphrase).getByLabelText('New passphrase'), 'tangerine otter crosswind');
  await user.type(within(passphrase).getByLabelText('Confirm new passphrase'), 'tangerine otter crosswind');
  await user.click(within(passphrase).getByRole('button', { name: 'Create passphrase' }));

  // Step 2: one exchange, where to make its key, then its form.
  await heading('Add an exchange');
  expect(window.location.hash).toBe('#first-run/exchange');
  expect(screen.getByText('Step 2 of 4')).toBeDefined();
  expect(within(stepper()).getByText(/Create your passphrase/).textContent).toBe(
    'Create your passphrase (done)',
  );
  await user.click(screen.getByRole('radio', { name: 'Bybit' }));
  expect(screen.getByRole('list', { name: 'Making a key on Bybit' }).textContent).toMatch(
    /Read-Only to start/,
  );
  await expectNoAxeViolations(view.container);
  const account = screen.getByRole('form', { name: 'Bybit account' });
  await user.type(within(account).getByLabelText('API key'), 'key12345678');
  await user.type(within(account).getByLabelText('Secret key'), 'secret12345678');
  await user.click(within(account).getByRole('button', { name: 'Save Bybit' }));

  // Step 3: the key is tested at once and what it may do is said in words.
  await heading('Test the key');
  const report = await screen.findByRole('region', { name: 'Bybit connection test' });
  expect(report.querySelector('[data-field="permissions"]')?.textContent).toBe(
    'Read only (Perch cannot close positions)',
  );
  expect(sentNamed('testConnection')).toEqual([{ exchange: 'bybit' }]);
  await expectNoAxeViolations(view.container);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // Step 4: the watchlist, saved with the finish.
  await heading('Pick your watchlist');
  expect(screen.getByText('Step 4 of 4')).toBeDefined();
  await user.click(await screen.findByRole('button', { name: 'Remove Bybit BTCUSDT perpetual' }));
  await user.click(screen.getByRole('button', { name: 'Save and finish' }));

  await heading('Accounts');
  expect(window.location.hash).toBe('#accounts');
  expect(screen.getByText(/^Perch is set up\./)).toBeDefined();
  expect(sentNamed('saveWatchlist')).toEqual([{ instruments: [] }]);
});

it('lets the trader skip the keys and only watch prices', async () => {
  const user = userEvent.setup();
  const { sentNamed } = renderOptions(freshInstall());
  await heading('Create your passphrase');

  await user.click(screen.getByRole('link', { name: /^Skip: only watch prices/ }));

  await heading('Pick your watchlist');
  await user.click(await screen.findByRole('button', { name: 'Save and finish' }));
  await heading('Accounts');
  // Nothing changed on the list: nothing to save.
  expect(sentNamed('saveWatchlist')).toEqual([]);
});

it('goes back a step with Back, and leaves the path for the settings page', async () => {
  const user = userEvent.setup();
  const { view } = renderSection('#first-run/exchange', freshInstall());
  await heading('Add an exchange');
  expect(screen.getByRole('form', { name: 'OKX account' }).textContent).toContain(
    'Create your passphrase to save keys',
  );
  await expectNoAxeViolations(view.container);

  await user.click(screen.getByRole('link', { name: 'Back' }));
  await heading('Create your passphrase');

  await user.click(screen.getByRole('link', { name: 'Leave the setup for the settings page' }));
  await heading('Accounts');
});

it('says at the test step when no key is saved yet, and still goes on', async () => {
  const user = userEvent.setup();
  const { view } = renderSection('#first-run/test', {
    vaultStatus: () => Promise.resolve({ state: 'unlocked', autoLockMinutes: 15, credentials: [] }),
  });
  await heading('Test the key');

  expect(await screen.findByText(/No key is saved yet/)).toBeDefined();
  expect(screen.getByRole('link', { name: 'add one' }).getAttribute('href')).toBe('#first-run/exchange');
  await expectNoAxeViolations(view.container);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Pick your watchlist');
});
