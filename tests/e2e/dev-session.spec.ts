import { expect } from 'vitest';
import { DEV_PASSPHRASE, startDevSession } from '../../scripts/dev-session';
import { perchTest as test } from './fixture';
import { sendPerchMessage } from './pages/extension-messages';
import { simPositions } from './sim-account';

/** How the vault shows a saved key: its first and last four characters. */
const masked = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;

test("npm start's development session leaves the vault unlocked with both demo keys and a BTC position open on each exchange", async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const options = await perch.openOptions();
  const send = (name: string) => sendPerchMessage(options, name, {});

  const session = await startDevSession(options, simulator);

  expect(session.passphrase).toBe(DEV_PASSPHRASE);
  const status = await send('vaultStatus');
  expect(status).toMatchObject({ ok: true, data: { state: 'unlocked' } });
  const { credentials } = (status as { data: { credentials: { exchange: string; maskedKey: string }[] } })
    .data;
  expect(credentials).toEqual(
    expect.arrayContaining([
      { exchange: 'okx', maskedKey: masked(simulator.accounts.okx.apiKey) },
      { exchange: 'bybit', maskedKey: masked(simulator.accounts.bybit.apiKey) },
    ]),
  );
  expect(credentials).toHaveLength(2);
  expect(await simPositions(simulator, 'okx')).toEqual([
    { symbol: 'BTC-USDT-SWAP', posSide: 'net', size: 3, avgPx: session.positions.okx.avgPx },
  ]);
  expect(await simPositions(simulator, 'bybit')).toEqual([
    { symbol: 'BTCUSDT', posSide: 'net', size: -0.03, avgPx: session.positions.bybit.avgPx },
  ]);
  // The passphrase npm start prints is the one that opens the vault again.
  expect(await send('vaultLock')).toMatchObject({ ok: true });
  await expect(
    sendPerchMessage(options, 'vaultUnlock', { passphrase: session.passphrase }),
  ).resolves.toMatchObject({ ok: true });
});

test('a development session on a profile whose vault is already set up fails in words', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const options = await perch.openOptions();
  await startDevSession(options, simulator);

  await expect(startDevSession(options, simulator)).rejects.toThrow(
    /^Perch would not set up the development vault: .+/,
  );
});
