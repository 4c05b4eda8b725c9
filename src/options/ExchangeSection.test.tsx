import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyAudit } from '../contracts/profiles';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import type { ExchangeId } from './credential-draft';
import { perchFailure, problemAt, renderSection, type FakeHandlers } from './options-fakes.test-helper';

afterEach(cleanup);

const RAW: Record<ExchangeId, string[]> = {
  okx: ['read_only', 'trade'],
  bybit: ['ContractTrade:Order', 'ContractTrade:Position'],
};
const WORDS: Record<ExchangeId, string> = {
  okx: 'Can trade: see the account, trade',
  bybit: 'Can trade: contract orders, contract positions',
};

const audit = (exchange: ExchangeId, canWithdraw: boolean): KeyAudit => ({
  exchange,
  environment: 'live',
  reachable: true,
  clockOffsetMs: 42,
  totalEquityUsd: '12345.5',
  permissions: { canTrade: true, canWithdraw, raw: RAW[exchange], ips: ['203.0.113.7'], daysLeft: 80 },
  findings: [{ level: 'ok', message: 'The key is bound to one IP address.' }],
});

const unlockedWith = (credentials: { exchange: ExchangeId; maskedKey: string }[]) => () =>
  Promise.resolve({ state: 'unlocked' as const, autoLockMinutes: 15, credentials });

const fields = (report: HTMLElement) =>
  Object.fromEntries(
    [...report.querySelectorAll('dd')].map((dd): [string, string] => [
      dd.dataset.field ?? '',
      dd.textContent,
    ]),
  );

describe.each<ExchangeId>(['okx', 'bybit'])('%s', (exchange) => {
  const name = EXCHANGE_NAMES[exchange];
  const section = () => screen.getByRole('region', { name });
  const accountForm = async () =>
    within(await screen.findByRole('region', { name })).findByRole('form', { name: `${name} account` });
  const open = (handlers: FakeHandlers = {}) => renderSection('#accounts', handlers);

  async function typeKeys(form: HTMLElement, apiKey: string, secret: string) {
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('API key'), apiKey);
    await user.type(within(form).getByLabelText('Secret key'), secret);
    if (exchange === 'okx') await user.type(within(form).getByLabelText('API key passphrase'), 'key pass');
    return user;
  }

  it('offers no key fields and no test while the vault is locked, shows the saved key masked and the unlock form', async () => {
    const { view } = open({
      vaultStatus: () =>
        Promise.resolve({
          state: 'locked',
          autoLockMinutes: 15,
          credentials: [{ exchange, maskedKey: 'abcd…wxyz' }],
        }),
    });
    const form = await accountForm();

    expect(within(form).getByText('Unlock the vault (above) to change keys.')).toBeDefined();
    expect(within(form).getByTestId(`${exchange}-masked-key`).textContent).toBe('abcd…wxyz');
    expect(within(form).queryByLabelText('Secret key')).toBeNull();
    expect(within(section()).queryByRole('button', { name: `Test ${name} connection` })).toBeNull();
    expect(screen.getByRole('form', { name: 'Unlock the vault' })).toBeDefined();
    await expectNoAxeViolations(view.container);
  });

  it('keeps secrets write-only: password fields, never prefilled, no autocomplete', async () => {
    open({ vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]) });
    const form = await accountForm();

    const secret = within(form).getByLabelText('Secret key');
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.getAttribute('autocomplete')).toBe('off');
    expect(secret).toHaveProperty('value', '');
    expect(within(form).getByLabelText('API key')).toHaveProperty('value', '');
    expect(within(form).queryByLabelText('API key passphrase') !== null).toBe(exchange === 'okx');
  });

  it('has one Save, and explains the environment and the region in words', async () => {
    const user = userEvent.setup();
    const { view } = open();
    const form = await accountForm();

    expect(
      within(section())
        .getAllByRole('button', { name: /^Save/ })
        .map((b) => b.textContent),
    ).toEqual([`Save ${name}`]);
    expect(within(form).getByText(/Your real account and real money/)).toBeDefined();
    expect(within(form).getByText(/A key works only in its own region/)).toBeDefined();
    await user.click(within(form).getByRole('radio', { name: 'Demo trading' }));
    expect(within(form).getByText(/Play money on the live markets/)).toBeDefined();
    await expectNoAxeViolations(view.container);
  });

  it('shows each problem at its field and keeps everything typed when the save is refused', async () => {
    const { view } = open({
      vaultSaveCredentials: () =>
        Promise.resolve({
          saved: false,
          problems: {
            apiKey:
              'The API key contains a space or line break; copy it again from the exchange without them.',
            secret: 'The secret key should be 8 to 128 characters long; this one has 3.',
          },
        }),
    });
    const form = await accountForm();
    const user = await typeKeys(form, 'my key', 'abc');

    await user.click(within(form).getByRole('button', { name: `Save ${name}` }));

    const apiKey = within(form).getByLabelText('API key');
    const secret = within(form).getByLabelText('Secret key');
    expect(await within(form).findByText(/contains a space/)).toBeDefined();
    expect(problemAt(apiKey)).toBe(
      'The API key contains a space or line break; copy it again from the exchange without them.',
    );
    expect(problemAt(secret)).toBe('The secret key should be 8 to 128 characters long; this one has 3.');
    expect(apiKey).toHaveProperty('value', 'my key');
    expect(secret).toHaveProperty('value', 'abc');
    expect(within(form).queryByText(`${name} saved.`)).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('saves the environment first, then the keys, with one press; shows the key masked and what it may do in words', async () => {
    let saved: { exchange: ExchangeId; maskedKey: string }[] = [];
    const { sent, view } = open({
      vaultStatus: () => unlockedWith(saved)(),
      saveProfile: ({ profile }) => Promise.resolve({ profile }),
      vaultSaveCredentials: () => {
        saved = [{ exchange, maskedKey: 'key1…5678' }];
        return Promise.resolve({
          saved: true,
          maskedKey: 'key1…5678',
          audit: { ran: true, result: audit(exchange, false) },
        });
      },
    });
    const form = await accountForm();
    const user = await typeKeys(form, 'key12345678', 'secret12345678');
    await user.click(within(form).getByRole('radio', { name: 'Demo trading' }));

    await user.click(within(form).getByRole('button', { name: `Save ${name}` }));

    expect(await within(section()).findByTestId(`${exchange}-masked-key`)).toHaveProperty(
      'textContent',
      'key1…5678',
    );
    const check = within(section()).getByRole('region', { name: `${name} key check` });
    expect(fields(check)).toMatchObject({ permissions: WORDS[exchange], withdraw: 'Cannot withdraw' });
    expect(within(form).getByText(`${name} saved.`)).toBeDefined();
    expect(within(form).getByLabelText('Secret key')).toHaveProperty('value', '');
    expect(sent.filter((m) => m.name === 'saveProfile' || m.name === 'vaultSaveCredentials')).toEqual([
      { name: 'saveProfile', request: { profile: { exchange, enabled: true, environment: 'demo' } } },
      {
        name: 'vaultSaveCredentials',
        request: {
          exchange,
          apiKey: 'key12345678',
          secret: 'secret12345678',
          ...(exchange === 'okx' ? { passphrase: 'key pass' } : {}),
        },
      },
    ]);
    await expectNoAxeViolations(view.container);
  });

  it('saves only the connection when no key is typed', async () => {
    const user = userEvent.setup();
    const { sentNamed } = open({ saveProfile: ({ profile }) => Promise.resolve({ profile }) });
    const form = await accountForm();

    await user.click(within(form).getByRole('checkbox', { name: `Use ${name}` }));
    await user.click(within(form).getByRole('button', { name: `Save ${name}` }));

    expect(await within(form).findByText(`${name} saved.`)).toBeDefined();
    expect(sentNamed('saveProfile')).toEqual([
      {
        profile: {
          exchange,
          enabled: false,
          environment: 'live',
          ...(exchange === 'okx' ? { region: 'global' } : {}),
        },
      },
    ]);
    expect(sentNamed('vaultSaveCredentials')).toEqual([]);
  });

  it('says why a connection was not saved', async () => {
    const user = userEvent.setup();
    open({
      saveProfile: () => perchFailure('InvalidRequestError', 'Choose an environment: live, testnet or demo.'),
    });
    const form = await accountForm();

    await user.click(within(form).getByRole('radio', { name: 'Demo trading' }));
    await user.click(within(form).getByRole('button', { name: `Save ${name}` }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose an environment: live, testnet or demo.',
    );
  });

  it('offers no connection test before a key is saved', async () => {
    open();
    await accountForm();

    expect(within(section()).queryByRole('button', { name: `Test ${name} connection` })).toBeNull();
  });

  it('tests the saved key and shows what it may do in words', async () => {
    const { sentNamed, view } = open({
      vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]),
      testConnection: () => Promise.resolve(audit(exchange, false)),
    });
    await accountForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    const report = await within(section()).findByRole('region', { name: `${name} connection test` });
    expect(fields(report)).toEqual({
      reachable: 'Reachable',
      equity: '12,345.50 USD',
      permissions: WORDS[exchange],
      withdraw: 'Cannot withdraw',
      ips: '203.0.113.7',
      expiry: 'In 80 days',
      clock: '42 ms',
    });
    expect(report.textContent).not.toContain(RAW[exchange][0]);
    expect(within(report).getByText('The key is bound to one IP address.')).toBeDefined();
    expect(within(report).queryByRole('alert')).toBeNull();
    expect(sentNamed('testConnection')).toEqual([{ exchange }]);
    await expectNoAxeViolations(view.container);
  });

  it('warns in words when the key can withdraw', async () => {
    const { view } = open({
      vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]),
      testConnection: () => Promise.resolve(audit(exchange, true)),
    });
    await accountForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    const report = await within(section()).findByRole('region', { name: `${name} connection test` });
    const warning = within(report).getByRole('alert');
    expect(warning.textContent).toMatch(
      new RegExp(`^This key can withdraw funds\\. .* on ${name}, make a key`),
    );
    expect(fields(report)).toMatchObject({ withdraw: 'Can withdraw funds' });
    await expectNoAxeViolations(view.container);
  });

  it('shows the exchange refusal of the saved key in words', async () => {
    const { view } = open({
      vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]),
      testConnection: () => Promise.reject(new Error(`${name} refused the key: API key is invalid.`)),
    });
    await accountForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    expect((await within(section()).findByRole('alert')).textContent).toBe(
      `Test failed: ${name} refused the key: API key is invalid.`,
    );
    await expectNoAxeViolations(view.container);
  });
});

it('says where to make each key and with which permissions: read first, never withdraw', async () => {
  renderSection('#accounts');
  const guide = await screen.findByRole('region', { name: 'Key permissions' });

  expect(within(guide).getByRole('list', { name: 'Making a key on OKX' }).textContent).toContain(
    'Leave Withdraw off',
  );
  expect(within(guide).getByRole('list', { name: 'Making a key on Bybit' }).textContent).toContain(
    'Leave every Wallet permission off',
  );
  expect(guide.textContent).toMatch(/A read-only key is enough to watch/);
});
