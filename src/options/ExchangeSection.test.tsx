import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyAudit } from '../contracts/profiles';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import type { ExchangeId } from './credential-draft';
import { perchFailure, problemAt, renderOptions } from './options-fakes.test-helper';

afterEach(cleanup);

const audit = (exchange: ExchangeId, canWithdraw: boolean): KeyAudit => ({
  exchange,
  environment: 'live',
  reachable: true,
  clockOffsetMs: 42,
  totalEquityUsd: '12345.5',
  permissions: { canTrade: true, canWithdraw, raw: ['read', 'trade'], ips: ['203.0.113.7'], daysLeft: 80 },
  findings: [{ level: 'ok', message: 'The key is bound to one IP address.' }],
});

const unlockedWith = (credentials: { exchange: ExchangeId; maskedKey: string }[]) => () =>
  Promise.resolve({ state: 'unlocked' as const, autoLockMinutes: 15, credentials });

describe.each<ExchangeId>(['okx', 'bybit'])('%s', (exchange) => {
  const name = EXCHANGE_NAMES[exchange];
  const section = () => screen.getByRole('region', { name });
  const keyForm = () => within(section()).findByRole('form', { name: `${name} API key` });

  async function typeKeys(form: HTMLElement, apiKey: string, secret: string) {
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('API key'), apiKey);
    await user.type(within(form).getByLabelText('Secret key'), secret);
    if (exchange === 'okx') await user.type(within(form).getByLabelText('API key passphrase'), 'key pass');
    return user;
  }

  it('offers no key form while the vault is locked, and shows the saved key masked', async () => {
    const { view } = renderOptions({
      vaultStatus: () =>
        Promise.resolve({
          state: 'locked',
          autoLockMinutes: 15,
          credentials: [{ exchange, maskedKey: 'abcd…wxyz' }],
        }),
    });

    expect(
      await within(await screen.findByRole('region', { name })).findByText('Unlock to change keys.'),
    ).toBeDefined();
    expect(within(section()).getByTestId(`${exchange}-masked-key`).textContent).toBe('abcd…wxyz');
    expect(within(section()).queryByLabelText('Secret key')).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('keeps secrets write-only: password fields, never prefilled, no autocomplete', async () => {
    renderOptions({ vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]) });
    const form = await keyForm();

    const secret = within(form).getByLabelText('Secret key');
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.getAttribute('autocomplete')).toBe('off');
    expect(secret).toHaveProperty('value', '');
    expect(within(form).getByLabelText('API key')).toHaveProperty('value', '');
    expect(within(form).queryByLabelText('API key passphrase') !== null).toBe(exchange === 'okx');
  });

  it('shows each problem at its field and keeps everything typed when the save is refused', async () => {
    const { view } = renderOptions({
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
    const form = await keyForm();
    const user = await typeKeys(form, 'my key', 'abc');

    await user.click(within(form).getByRole('button', { name: `Save ${name} keys` }));

    const apiKey = within(form).getByLabelText('API key');
    const secret = within(form).getByLabelText('Secret key');
    expect(await within(form).findByText(/contains a space/)).toBeDefined();
    expect(problemAt(apiKey)).toBe(
      'The API key contains a space or line break; copy it again from the exchange without them.',
    );
    expect(problemAt(secret)).toBe('The secret key should be 8 to 128 characters long; this one has 3.');
    expect(apiKey).toHaveProperty('value', 'my key');
    expect(secret).toHaveProperty('value', 'abc');
    await expectNoAxeViolations(view.container);
  });

  it('saves the keys, then shows the key masked and what the key check found, with the form emptied', async () => {
    let saved: { exchange: ExchangeId; maskedKey: string }[] = [];
    const { sentNamed, view } = renderOptions({
      vaultStatus: () => unlockedWith(saved)(),
      vaultSaveCredentials: () => {
        saved = [{ exchange, maskedKey: 'key1…5678' }];
        return Promise.resolve({
          saved: true,
          maskedKey: 'key1…5678',
          audit: { ran: true, result: audit(exchange, false) },
        });
      },
    });
    const form = await keyForm();
    const user = await typeKeys(form, 'key12345678', 'secret12345678');

    await user.click(within(form).getByRole('button', { name: `Save ${name} keys` }));

    expect(await within(section()).findByTestId(`${exchange}-masked-key`)).toHaveProperty(
      'textContent',
      'key1…5678',
    );
    const check = within(section()).getByRole('region', { name: `${name} key check` });
    expect(within(check).getByText('Can trade (read, trade)')).toBeDefined();
    expect(within(form).getByLabelText('Secret key')).toHaveProperty('value', '');
    expect(sentNamed('vaultSaveCredentials')).toEqual([
      {
        exchange,
        apiKey: 'key12345678',
        secret: 'secret12345678',
        ...(exchange === 'okx' ? { passphrase: 'key pass' } : {}),
      },
    ]);
    await expectNoAxeViolations(view.container);
  });

  it('forgets the saved keys', async () => {
    let saved = [{ exchange, maskedKey: 'abcd…wxyz' }];
    const { sentNamed } = renderOptions({
      vaultStatus: () => unlockedWith(saved)(),
      vaultForget: () => {
        saved = [];
        return Promise.resolve({});
      },
    });
    const form = await keyForm();

    await userEvent.click(within(form).getByRole('button', { name: `Forget ${name} keys` }));

    expect(await within(section()).findByText(`No ${name} key saved.`)).toBeDefined();
    expect(sentNamed('vaultForget')).toEqual([{ exchange }]);
  });

  it('saves the environment and region chosen', async () => {
    const user = userEvent.setup();
    const { sentNamed } = renderOptions({ saveProfile: ({ profile }) => Promise.resolve({ profile }) });
    const form = await within(await screen.findByRole('region', { name })).findByRole('form', {
      name: `${name} connection`,
    });

    await user.selectOptions(within(form).getByLabelText('Environment'), 'demo');
    expect(within(form).queryByLabelText('Region')).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: `Use ${name}` }));
    await user.click(within(form).getByRole('button', { name: `Save ${name} connection` }));

    expect(await within(form).findByText(`${name} connection saved.`)).toBeDefined();
    expect(sentNamed('saveProfile')).toEqual([
      { profile: { exchange, enabled: false, environment: 'demo' } },
    ]);
  });

  it('says why a connection was not saved', async () => {
    renderOptions({
      saveProfile: () => perchFailure('InvalidRequestError', 'Choose an environment: live, testnet or demo.'),
    });
    const form = await within(await screen.findByRole('region', { name })).findByRole('form', {
      name: `${name} connection`,
    });

    await userEvent.click(within(form).getByRole('button', { name: `Save ${name} connection` }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose an environment: live, testnet or demo.',
    );
  });

  it('tests the connection with the typed keys and shows what the key may do', async () => {
    const { sentNamed, view } = renderOptions({
      testConnection: () => Promise.resolve(audit(exchange, false)),
    });
    const form = await keyForm();
    const user = await typeKeys(form, 'key12345678', 'secret12345678');

    await user.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    const report = await within(section()).findByRole('region', { name: `${name} connection test` });
    const fields = Object.fromEntries(
      [...report.querySelectorAll('dd')].map((dd): [string, string] => [
        dd.dataset.field ?? '',
        dd.textContent,
      ]),
    );
    expect(fields).toEqual({
      reachable: 'Reachable',
      equity: '12,345.50 USD',
      permissions: 'Can trade (read, trade)',
      ips: '203.0.113.7',
      expiry: 'In 80 days',
      clock: '42 ms',
    });
    expect(within(report).getByText('The key is bound to one IP address.')).toBeDefined();
    expect(within(report).queryByRole('alert')).toBeNull();
    expect(sentNamed('testConnection')).toEqual([
      {
        exchange,
        credentials: {
          apiKey: 'key12345678',
          secret: 'secret12345678',
          ...(exchange === 'okx' ? { passphrase: 'key pass' } : {}),
        },
      },
    ]);
    await expectNoAxeViolations(view.container);
  });

  it('warns in red when the key can withdraw', async () => {
    const { view } = renderOptions({ testConnection: () => Promise.resolve(audit(exchange, true)) });
    await keyForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    const report = await within(section()).findByRole('region', { name: `${name} connection test` });
    const warning = within(report).getByRole('alert');
    expect(warning.textContent).toMatch(/^This key can withdraw funds\./);
    expect(warning.className).toBe('perch-danger');
    await expectNoAxeViolations(view.container);
  });

  it("links the withdraw warning to the page's word on which permissions a key needs", async () => {
    renderOptions({ testConnection: () => Promise.resolve(audit(exchange, true)) });
    await keyForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    const report = await within(section()).findByRole('region', { name: `${name} connection test` });
    const link = within(within(report).getByRole('alert')).getByRole('link', {
      name: 'permissions Perch needs',
    });
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).toBe(screen.getByRole('region', { name: 'Key permissions' }));
    expect(target?.textContent).toContain(`${name}:`);
    expect(target?.textContent).toMatch(/never to withdraw or\s+transfer/);
  });

  it('tests the saved keys when none are typed, and shows the exchange refusal in words', async () => {
    const { sentNamed, view } = renderOptions({
      vaultStatus: unlockedWith([{ exchange, maskedKey: 'abcd…wxyz' }]),
      testConnection: () => Promise.reject(new Error(`${name} refused the key: API key is invalid.`)),
    });
    await keyForm();

    await userEvent.click(within(section()).getByRole('button', { name: `Test ${name} connection` }));

    expect((await within(section()).findByRole('alert')).textContent).toBe(
      `Test failed: ${name} refused the key: API key is invalid.`,
    );
    expect(sentNamed('testConnection')).toEqual([{ exchange }]);
    await expectNoAxeViolations(view.container);
  });
});
