import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { byRun, recordScenario } from '../../../tests/reliability/scenario';
import { BYBIT_KEYS, OKX_KEYS } from '../vault/vault.test-helper';
import { expectReadableRefusal, HOSTILE_INPUTS, MARKUP } from './hostile-input.test-helper';
import { vaultRouter } from './vault-router.test-helper';

const PASSPHRASE = 'correct horse battery';
const SECTION = 'Abuse: hostile input in the vault and key fields';
const VALUES =
  'a 1,000,000-character string, NUL, a line break and tab, a right-to-left override, an empty string, a number, null, true, a list, an object';
/** The long run repeats every value: a refusal must not depend on what was refused before. */
const ROUNDS = byRun(1, 5);

type Send = Awaited<ReturnType<typeof vaultRouter>>['send'];

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

/** A vault set up with both exchanges' keys saved, and its status as the options page reads it. */
async function vaultWithKeys() {
  const router = await vaultRouter();
  await router.send('vaultSetUp', { passphrase: PASSPHRASE });
  await router.send('vaultSaveCredentials', { exchange: 'okx', ...OKX_KEYS });
  await router.send('vaultSaveCredentials', { exchange: 'bybit', ...BYBIT_KEYS });
  const status = await router.send('vaultStatus', {});
  return { ...router, status };
}

/** Markup is a legal passphrase (stored, never rendered); every other hostile value is not. */
const NOT_A_PASSPHRASE = HOSTILE_INPUTS.filter((value) => value !== MARKUP);

/** Sends every value through `request`, expecting each to be refused in words. */
async function refuseEach(
  send: Send,
  name: string,
  request: (value: unknown) => object,
  values: readonly unknown[] = NOT_A_PASSPHRASE,
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < ROUNDS; round += 1)
    for (const value of values) {
      const reply = await send(name, request(value));
      expectReadableRefusal(reply, value);
      sent += 1;
    }
  return sent;
}

describe('hostile input in the vault fields', () => {
  it('a new vault passphrase is refused in words and no vault is made', async ({ task }) => {
    const { send } = await vaultRouter();
    const sent = await refuseEach(send, 'vaultSetUp', (passphrase) => ({ passphrase }));
    await expect(send('vaultStatus', {})).resolves.toMatchObject({ ok: true, data: { state: 'not-set-up' } });
    await expect(send('vaultSetUp', { passphrase: PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
    recordScenario(task, {
      section: SECTION,
      scenario: 'new vault passphrase',
      injected: `as the passphrase of a new vault: ${VALUES}`,
      times: `${String(sent)} set-ups`,
      result:
        'each refused in words (a line break, tab or invisible character: one you could not type again); no vault made, a good passphrase then works',
    });
  });

  it('an unlock with a hostile passphrase is refused in words and the vault stays locked', async ({
    task,
  }) => {
    const { send, status } = await vaultWithKeys();
    await send('vaultLock', {});
    const sent = await refuseEach(send, 'vaultUnlock', (passphrase) => ({ passphrase }));
    await expect(send('vaultStatus', {})).resolves.toEqual({
      ok: true,
      data: { ...(status as { data: object }).data, state: 'locked' },
    });
    await expect(send('vaultUnlock', { passphrase: PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
    recordScenario(task, {
      section: SECTION,
      scenario: 'unlock passphrase',
      injected: `at the unlock field of a locked vault holding both exchanges’ keys: ${VALUES}`,
      times: `${String(sent)} unlocks`,
      result:
        'each refused in words; the vault stays locked with both keys listed, the right passphrase then opens it',
    });
  });

  it('a passphrase change to a hostile passphrase is refused and the old one still opens everything', async ({
    task,
  }) => {
    const { send, status } = await vaultWithKeys();
    const sent = await refuseEach(send, 'vaultChangePassphrase', (next) => ({ current: PASSPHRASE, next }));
    await send('vaultLock', {});
    await expect(send('vaultUnlock', { passphrase: PASSPHRASE })).resolves.toEqual({ ok: true, data: {} });
    await expect(send('vaultStatus', {})).resolves.toEqual(status);
    recordScenario(task, {
      section: SECTION,
      scenario: 'passphrase change',
      injected: `as the new passphrase: ${VALUES}`,
      times: `${String(sent)} changes`,
      result: 'each refused in words; the old passphrase still unlocks, both keys still saved',
    });
  });

  it.for(['apiKey', 'secret', 'passphrase'] as const)(
    'an OKX %s field with hostile text is refused in words and the saved key stays',
    async (field, { task }) => {
      const { send, status } = await vaultWithKeys();
      const sent = await refuseEach(
        send,
        'vaultSaveCredentials',
        (value) => ({ exchange: 'okx', ...OKX_KEYS, [field]: value }),
        field === 'passphrase' ? NOT_A_PASSPHRASE : HOSTILE_INPUTS,
      );
      await expect(send('vaultStatus', {})).resolves.toEqual(status);
      recordScenario(task, {
        section: SECTION,
        scenario: `OKX credentials: ${field}`,
        injected: `in the ${field} field, the other fields valid: ${VALUES}${field === 'passphrase' ? '' : ', markup'}`,
        times: `${String(sent)} saves`,
        result: 'each refused in words at the field, never echoing the value; the saved key unchanged',
      });
    },
  );

  it('an auto-lock time that is no number of minutes is refused in words', async ({ task }) => {
    const { send, status } = await vaultWithKeys();
    const minutes = [NaN, -1, 0, 1e9, Infinity, '15', null, [15], { minutes: 15 }];
    for (const value of minutes)
      expectReadableRefusal(await send('vaultSetAutoLock', { minutes: value }), value);
    await expect(send('vaultStatus', {})).resolves.toEqual(status);
    recordScenario(task, {
      section: SECTION,
      scenario: 'auto-lock minutes',
      injected: 'NaN, -1, 0, 10^9, Infinity, "15", null, a list, an object',
      times: `${String(minutes.length)} saves`,
      result: 'each refused in words; the auto-lock time unchanged',
    });
  });
});
