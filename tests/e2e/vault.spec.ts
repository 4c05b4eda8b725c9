import { expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { dumpStorage, sendPerchMessage, type StorageDump } from './pages/extension-messages';
import {
  sessionSecrets,
  startSessionOnSimulator,
  TOO_EASY_TO_GUESS,
  VAULT_PASSPHRASE,
} from './perch-session';
import { BTC_PERPETUAL, openLong, SEEN_LONG, simPositions } from './sim-account';

/** What Options may read back of a key: its first and last 4 characters. */
const masked = (apiKey: string) => `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;

test('credentials saved from the options page are stored only as ciphertext through a whole session: save, trade, restart, lock, unlock', async ({
  perch,
  simulator,
}) => {
  const { okx, bybit } = simulator.accounts;
  const { options, send, saved } = await startSessionOnSimulator(perch, simulator);
  const secrets = sessionSecrets(simulator);
  /** Every storage area, with no secret, key or passphrase in clear. */
  const storedWithoutSecrets = async (): Promise<StorageDump> => {
    const stored = await dumpStorage(options);
    const everything = JSON.stringify(stored);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    return stored;
  };

  expect(saved.okx).toMatchObject({ ok: true, data: { saved: true, maskedKey: masked(okx.apiKey) } });
  expect(saved.bybit).toMatchObject({ ok: true, data: { saved: true, maskedKey: masked(bybit.apiKey) } });
  const stored = await storedWithoutSecrets();
  expect(Object.keys(stored.trusted)).toContain('vaultSlot_a');
  // Nothing of Perch's in the one persistent area content scripts can read.
  expect(stored.local).toEqual({});
  expect(Object.keys(stored.session)).toContain('vaultUnlocked');
  expect(stored.sync).toEqual({});

  // Trade with the keys: a close leaves its own records in storage.session.
  await openLong(simulator, 'okx', 'net');
  await expect(
    send('closePosition', {
      exchange: 'okx',
      instrument: BTC_PERPETUAL.okx,
      slot: 'one-way',
      seen: SEEN_LONG.okx,
    }),
  ).resolves.toMatchObject({ ok: true, data: { status: 'sent' } });
  await vi.waitFor(
    async () => {
      expect(await simPositions(simulator, 'okx')).toEqual([]);
    },
    { timeout: 20_000, interval: 200 },
  );
  const afterTrade = await storedWithoutSecrets();
  expect(Object.keys(afterTrade.session)).toEqual(
    expect.arrayContaining(['vaultUnlocked', 'closesInFlight']),
  );

  await perch.stopWorker();

  const afterRestart = await send('vaultStatus');
  expect(afterRestart).toEqual({
    ok: true,
    data: {
      state: 'unlocked',
      autoLockMinutes: 15,
      credentials: [
        { exchange: 'okx', maskedKey: masked(okx.apiKey) },
        { exchange: 'bybit', maskedKey: masked(bybit.apiKey) },
      ],
    },
  });
  await storedWithoutSecrets();

  await expect(send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
  await expect(send('vaultStatus')).resolves.toMatchObject({ ok: true, data: { state: 'locked' } });
  await expect(
    send('vaultSaveCredentials', { exchange: 'bybit', apiKey: bybit.apiKey, secret: bybit.apiSecret }),
  ).resolves.toEqual({
    ok: false,
    error: {
      name: 'VaultLockedError',
      message: 'The vault is locked: unlock it with your passphrase first.',
    },
  });
  const afterLock = await storedWithoutSecrets();
  expect(Object.keys(afterLock.session)).not.toContain('vaultUnlocked');

  await expect(send('vaultUnlock', { passphrase: VAULT_PASSPHRASE })).resolves.toEqual({
    ok: true,
    data: {},
  });
  await expect(send('vaultStatus')).resolves.toMatchObject({ ok: true, data: { state: 'unlocked' } });
  await storedWithoutSecrets();
});

test('the worker refuses a weak new passphrase sent straight to it, past the options form, saying why', async ({
  perch,
}) => {
  const options = await perch.openOptions();
  const send = (name: string, payload: object = {}) => sendPerchMessage(options, name, payload);

  await expect(send('vaultSetUp', { passphrase: 'perch-dev' })).resolves.toEqual({
    ok: false,
    error: { name: 'WeakPassphraseError', message: 'Too short: 12 characters or more (this one has 9).' },
  });
  await expect(send('vaultSetUp', { passphrase: 'bitcoin12345' })).resolves.toEqual({
    ok: false,
    error: { name: 'WeakPassphraseError', message: TOO_EASY_TO_GUESS },
  });
  await expect(send('vaultStatus')).resolves.toMatchObject({ ok: true, data: { state: 'not-set-up' } });
  await expect(send('vaultSetUp', { passphrase: VAULT_PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
  await expect(
    send('vaultChangePassphrase', { current: VAULT_PASSPHRASE, next: 'bitcoin12345' }),
  ).resolves.toEqual({
    ok: false,
    error: { name: 'WeakPassphraseError', message: TOO_EASY_TO_GUESS },
  });
});
