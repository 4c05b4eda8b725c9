import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { dumpStorage, sendPerchMessage } from './pages/extension-messages';

const VAULT_PASSPHRASE = 'e2e vault passphrase';
/** What Options may read back of a key: its first and last 4 characters. */
const masked = (apiKey: string) => `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;

test('credentials saved from the options page are stored only as ciphertext, and stay unlocked until locked', async ({
  perch,
  simulator,
}) => {
  const { okx, bybit } = simulator.accounts;
  const options = await perch.openOptions();
  const send = (name: string, payload: object = {}) => sendPerchMessage(options, name, payload);

  await expect(send('vaultSetUp', { passphrase: VAULT_PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
  const savedOkx = await send('vaultSaveCredentials', {
    exchange: 'okx',
    apiKey: okx.apiKey,
    secret: okx.secretKey,
    passphrase: okx.passphrase,
  });
  const savedBybit = await send('vaultSaveCredentials', {
    exchange: 'bybit',
    apiKey: bybit.apiKey,
    secret: bybit.apiSecret,
  });

  expect(savedOkx).toEqual({ ok: true, data: { saved: true, maskedKey: masked(okx.apiKey) } });
  expect(savedBybit).toEqual({ ok: true, data: { saved: true, maskedKey: masked(bybit.apiKey) } });
  const secrets = [
    okx.apiKey,
    okx.secretKey,
    okx.passphrase,
    bybit.apiKey,
    bybit.apiSecret,
    VAULT_PASSPHRASE,
  ];
  const stored = await dumpStorage(options);
  const everything = JSON.stringify(stored);
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(Object.keys(stored.local)).toContain('vaultSlot_a');
  expect(Object.keys(stored.session)).toContain('vaultUnlocked');
  expect(stored.sync).toEqual({});

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
  const afterLock = await dumpStorage(options);
  expect(Object.keys(afterLock.session)).not.toContain('vaultUnlocked');
  const stillSecret = JSON.stringify(afterLock);
  for (const secret of secrets) expect(stillSecret).not.toContain(secret);
});
