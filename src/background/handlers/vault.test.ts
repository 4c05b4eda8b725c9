import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { contentContracts } from '../../contracts';
import { vaultContracts } from '../../contracts/vault';
import { storeTrustedRaw } from '../../platform/trusted-storage.test-helper';
import type { KeyAuditor } from '../audit/key-auditor';
import { BYBIT_KEYS, OKX_KEYS } from '../vault/vault.test-helper';
import { auditOf, vaultRouter } from './vault-router.test-helper';

const PASSPHRASE = 'correct horse battery';

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a content script', () => {
  it.each(Object.keys(vaultContracts))('may not send %s', async (name) => {
    const { send } = await vaultRouter();

    await expect(send(name, {}, 'content')).resolves.toEqual({
      ok: false,
      error: { name: 'ForbiddenSenderError', message: `"${name}" may not be sent from this page.` },
    });
  });

  it('has no vault message in its client at all', () => {
    expect(Object.keys(contentContracts).filter((name) => name.startsWith('vault'))).toEqual([]);
  });
});

describe('from the options page', () => {
  it('saves credentials and answers with the masked key only, never what was sent', async () => {
    const { send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    const saved = await send('vaultSaveCredentials', { exchange: 'okx', ...OKX_KEYS });
    const status = await send('vaultStatus', {});

    expect(saved).toEqual({
      ok: true,
      data: { saved: true, maskedKey: '5f1b…0c64', audit: { ran: true, result: auditOf('okx') } },
    });
    expect(status).toEqual({
      ok: true,
      data: {
        state: 'unlocked',
        autoLockMinutes: 15,
        credentials: [{ exchange: 'okx', maskedKey: '5f1b…0c64' }],
      },
    });
    for (const secret of Object.values(OKX_KEYS)) {
      expect(JSON.stringify([saved, status])).not.toContain(secret);
    }
  });

  it('audits the key it just saved: the auditor reads the saved credentials, none sent with the request', async () => {
    const requests: unknown[] = [];
    const seen: unknown[] = [];
    const { send } = await vaultRouter((vault) => async (request) => {
      requests.push(request);
      seen.push(await vault.credentials(request.exchange));
      return auditOf(request.exchange);
    });
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    await send('vaultSaveCredentials', { exchange: 'bybit', ...BYBIT_KEYS });

    expect(requests).toEqual([{ exchange: 'bybit' }]);
    expect(seen).toEqual([BYBIT_KEYS]);
  });

  it('keeps the save when the audit cannot run, and says why', async () => {
    const { send } = await vaultRouter(
      () => () => Promise.reject(new Error('Bybit is turned off: turn it on in Options to test its key.')),
    );
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    const saved = await send('vaultSaveCredentials', { exchange: 'okx', ...OKX_KEYS });
    const status = await send('vaultStatus', {});

    expect(saved).toEqual({
      ok: true,
      data: {
        saved: true,
        maskedKey: '5f1b…0c64',
        audit: {
          ran: false,
          reason:
            'The key is saved, but Perch could not check it: Bybit is turned off: turn it on in Options to test its key.',
        },
      },
    });
    expect(status).toMatchObject({
      ok: true,
      data: { credentials: [{ exchange: 'okx', maskedKey: '5f1b…0c64' }] },
    });
  });

  it('runs no audit when the credentials are refused', async () => {
    const audit = vi.fn<KeyAuditor>((request) => Promise.resolve(auditOf(request.exchange)));
    const { send } = await vaultRouter(() => audit);
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    await send('vaultSaveCredentials', { exchange: 'bybit', apiKey: 'my key', secret: 'hunter2' });

    expect(audit).not.toHaveBeenCalled();
  });

  it('answers invalid credentials with problems per field, not echoing the values', async () => {
    const { send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    const reply = await send('vaultSaveCredentials', {
      exchange: 'bybit',
      apiKey: 'my key',
      secret: 'hunter2',
    });

    expect(reply).toEqual({
      ok: true,
      data: {
        saved: false,
        problems: {
          apiKey: 'The API key contains a space or line break; copy it again from the exchange without them.',
          secret: 'The secret key should be 8 to 128 characters long; this one has 7.',
        },
      },
    });
  });

  it('passes on a wrong passphrase as a named error in words', async () => {
    const { send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });
    await send('vaultLock', {});

    await expect(send('vaultUnlock', { passphrase: 'not it at all' })).resolves.toEqual({
      ok: false,
      error: {
        name: 'WrongPassphraseError',
        message: 'That passphrase does not open the vault. Nothing was changed; check it and try again.',
      },
    });
  });
});

describe('a weak passphrase sent straight to the worker, past the options page', () => {
  const TOO_EASY =
    'Too easy to guess: it is a common word with digits. Add more words — a few unrelated words make a strong passphrase.';

  it.each([
    ['too short', 'perch-dev', 'Too short: 12 characters or more (this one has 9).'],
    ['easy to guess', 'bitcoin12345', TOO_EASY],
  ])('is refused at set-up when %s, in words, and no vault is made', async (_, passphrase, words) => {
    const { send } = await vaultRouter();

    await expect(send('vaultSetUp', { passphrase })).resolves.toEqual({
      ok: false,
      error: { name: 'WeakPassphraseError', message: words },
    });
    await expect(send('vaultStatus', {})).resolves.toMatchObject({ ok: true, data: { state: 'not-set-up' } });
  });

  it('is refused as the new passphrase of a change, which keeps the current one', async () => {
    const { send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });

    await expect(
      send('vaultChangePassphrase', { current: PASSPHRASE, next: 'bitcoin12345' }),
    ).resolves.toEqual({
      ok: false,
      error: { name: 'WeakPassphraseError', message: TOO_EASY },
    });
    await send('vaultLock', {});
    await expect(send('vaultUnlock', { passphrase: PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
  });
});

describe('idle time', () => {
  it('a vault damaged in storage does not stop other messages from being answered', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });
    await storeTrustedRaw('vaultPointer', 'not a pointer');

    await expect(send('ping', {}, 'popup')).resolves.toMatchObject({ ok: true });
    expect(errors).toHaveBeenCalledWith('Perch could not restart the vault idle time:', expect.any(Error));
  });

  it("restarts with every message from the trader's pages, not with a content script's", async () => {
    const { vault, time, send } = await vaultRouter();
    await send('vaultSetUp', { passphrase: PASSPHRASE });
    const MINUTE = 60_000;

    time.advance(10 * MINUTE);
    await send('vaultStatus', {}, 'popup');
    time.advance(10 * MINUTE);
    await expect(send('ping', {}, 'content')).resolves.toMatchObject({ ok: true });
    await vault.checkAutoLock(time.clock.now());
    await expect(vault.status()).resolves.toMatchObject({ state: 'unlocked' });

    await vault.checkAutoLock(time.clock.now() + 5 * MINUTE);
    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });
});
