import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { trustedRecords } from '../../platform/trusted-storage.test-helper';
import { createVault, type Vault } from './vault';
import { slotItems } from './vault-storage';
import { BYBIT_KEYS, OKX_KEYS, startTestVault, testRuleDeps, TEST_ITERATIONS } from './vault.test-helper';

const PASSPHRASE = 'correct horse battery';
const MINUTE = 60_000;

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

async function unlockedVault() {
  const started = await startTestVault();
  await started.vault.setUp(PASSPHRASE);
  await started.vault.saveCredentials('okx', OKX_KEYS);
  await started.vault.saveCredentials('bybit', BYBIT_KEYS);
  return started;
}

/** Resolves at the vault's next change (here: the auto-lock timer firing), so no test waits on the clock. */
const nextChange = (vault: Vault) =>
  new Promise<void>((resolve) => {
    const stop = vault.onChange(() => {
      stop();
      resolve();
    });
  });

/** Chrome stopped the worker: storage stays, in-memory state and timers go. */
const restartWorker = (time = createFakeTime()) => startTestVault(time);
/** The browser restarted: storage.session is gone with it. */
async function restartBrowser() {
  await fakeBrowser.storage.session.clear();
  return startTestVault();
}

describe('setting up and unlocking', () => {
  it('gives back the credentials it was given, once unlocked', async () => {
    const { vault } = await unlockedVault();

    await expect(vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
    await expect(vault.credentials('bybit')).resolves.toEqual(BYBIT_KEYS);
  });

  it('stays unlocked across a worker restart and locks when the browser restarts', async () => {
    await unlockedVault();

    const afterWorker = await restartWorker();
    await expect(afterWorker.vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
    const afterBrowser = await restartBrowser();
    await expect(afterBrowser.vault.credentials('okx')).resolves.toBeUndefined();
    await expect(afterBrowser.vault.status()).resolves.toMatchObject({ state: 'locked' });
    await afterBrowser.vault.unlock(PASSPHRASE);
    await expect(afterBrowser.vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
  });

  it('refuses a wrong passphrase in words and leaves every record as it was', async () => {
    await unlockedVault();
    const { vault } = await restartBrowser();
    const before = await trustedRecords();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['vaultPointer', 'vaultSlot_a']));

    await expect(vault.unlock('wrong horse battery')).rejects.toMatchObject({
      name: 'WrongPassphraseError',
      message: 'That passphrase does not open the vault. Nothing was changed; check it and try again.',
    });
    await expect(vault.changePassphrase('wrong horse battery', 'new passphrase!')).rejects.toMatchObject({
      name: 'WrongPassphraseError',
    });
    expect(await trustedRecords()).toEqual(before);
    await vault.unlock(PASSPHRASE);
    await expect(vault.credentials('bybit')).resolves.toEqual(BYBIT_KEYS);
  });

  it('says when there is no vault yet, and refuses a second set-up', async () => {
    const { vault } = await startTestVault();

    await expect(vault.unlock(PASSPHRASE)).rejects.toMatchObject({ name: 'VaultNotSetUpError' });
    await expect(vault.saveCredentials('okx', OKX_KEYS)).rejects.toMatchObject({
      name: 'VaultNotSetUpError',
    });
    await vault.setUp(PASSPHRASE);
    await expect(vault.setUp('another passphrase')).rejects.toMatchObject({
      name: 'VaultAlreadySetUpError',
      message: 'The vault is already set up. To use another passphrase, change it with your current one.',
    });
  });

  it('derives a new vault key with 600,000 PBKDF2-SHA256 iterations unless a test says otherwise', async () => {
    const time = createFakeTime();
    const vault = createVault({ clock: time.clock, timers: time.timers, ...testRuleDeps });

    await vault.setUp(PASSPHRASE);

    expect(await slotItems.a.getValue()).toMatchObject({
      kdf: { name: 'PBKDF2-SHA256', iterations: 600_000 },
    });
  });
});

describe('the rule for a new passphrase', () => {
  const ADVICE = 'Add more words — a few unrelated words make a strong passphrase.';

  it('refuses one under 12 characters at set-up, saying how long it must be, and makes no vault', async () => {
    const { vault } = await startTestVault();

    await expect(vault.setUp('hunter22abc')).rejects.toMatchObject({
      name: 'WeakPassphraseError',
      message: 'Too short: 12 characters or more (this one has 11).',
    });
    await expect(vault.status()).resolves.toMatchObject({ state: 'not-set-up' });
  });

  it('refuses one easy to guess at set-up, saying why and what to do', async () => {
    const { vault } = await startTestVault();

    await expect(vault.setUp('password1234')).rejects.toMatchObject({
      name: 'WeakPassphraseError',
      message: `Too easy to guess: it is a common word with digits. ${ADVICE}`,
    });
    await expect(vault.status()).resolves.toMatchObject({ state: 'not-set-up' });
  });

  it('refuses a weak new passphrase at a change and leaves the old one opening everything', async () => {
    await unlockedVault();
    const { vault } = await restartWorker();
    const before = await fakeBrowser.storage.local.get(null);

    await expect(vault.changePassphrase(PASSPHRASE, 'sunshine2026')).rejects.toMatchObject({
      name: 'WeakPassphraseError',
      message: `Too easy to guess: it is a common word with digits. ${ADVICE}`,
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
    const after = await restartBrowser();
    await after.vault.unlock(PASSPHRASE);
    await expect(after.vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
  });

  it('still opens a vault set up under the old rule (8 characters), and lets it move to a strong passphrase', async () => {
    const OLD_RULE_PASSPHRASE = 'hunter22';
    const time = createFakeTime();
    const older = createVault({
      clock: time.clock,
      timers: time.timers,
      iterations: TEST_ITERATIONS,
      passphraseRule: () => Promise.resolve(() => ({ accepted: true, words: 'The rule of an older Perch.' })),
    });
    await older.setUp(OLD_RULE_PASSPHRASE);
    await older.saveCredentials('okx', OKX_KEYS);

    const { vault } = await restartBrowser();
    await vault.unlock(OLD_RULE_PASSPHRASE);
    await expect(vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
    await vault.changePassphrase(OLD_RULE_PASSPHRASE, PASSPHRASE);
    await expect((await restartBrowser()).vault.unlock(PASSPHRASE)).resolves.toBeUndefined();
  });
});

describe('while locked', () => {
  it('has no credentials to give and refuses to save new ones, yet still lists what is saved', async () => {
    const { vault } = await unlockedVault();

    await vault.lock();

    await expect(vault.credentials('okx')).resolves.toBeUndefined();
    await expect(vault.saveCredentials('okx', OKX_KEYS)).rejects.toMatchObject({
      name: 'VaultLockedError',
      message: 'The vault is locked: unlock it with your passphrase first.',
    });
    await expect(vault.status()).resolves.toEqual({
      state: 'locked',
      autoLockMinutes: 15,
      credentials: [
        { exchange: 'okx', maskedKey: '5f1b…0c64' },
        { exchange: 'bybit', maskedKey: 'XyZ1…H56i' },
      ],
    });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });
});

describe('saving and forgetting', () => {
  it('answers a bad credential with what is wrong with each field, saving nothing', async () => {
    const { vault } = await unlockedVault();

    const result = await vault.saveCredentials('okx', { apiKey: 'abc def', secret: 'x'.repeat(300) });

    expect(result).toEqual({
      saved: false,
      problems: {
        apiKey: 'The API key contains a space or line break; copy it again from the exchange without them.',
        secret: 'The secret key should be 8 to 128 characters long; this one has 300.',
        passphrase: 'OKX API keys need the passphrase you chose when you created the key.',
      },
    });
    await expect(vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
  });

  it('forgets one exchange and keeps the other', async () => {
    const { vault } = await unlockedVault();

    await vault.forget('okx');

    await expect(vault.credentials('okx')).resolves.toBeUndefined();
    await expect(vault.credentials('bybit')).resolves.toEqual(BYBIT_KEYS);
    await expect(vault.status()).resolves.toMatchObject({
      credentials: [{ exchange: 'bybit', maskedKey: 'XyZ1…H56i' }],
    });
  });

  it('tells its listeners after every unlock, lock, save, forget and passphrase change', async () => {
    const { vault } = await unlockedVault();
    let calls = 0;
    const stop = vault.onChange(() => calls++);

    await vault.lock();
    await vault.unlock(PASSPHRASE);
    await vault.saveCredentials('okx', OKX_KEYS);
    await vault.forget('bybit');
    await vault.changePassphrase(PASSPHRASE, 'a new passphrase');
    stop();
    await vault.lock();

    expect(calls).toBe(5);
  });
});

describe('changing the passphrase', () => {
  it('re-encrypts every record under the new passphrase; the old one no longer opens it', async () => {
    const { vault } = await unlockedVault();

    await vault.changePassphrase(PASSPHRASE, 'a new passphrase');
    const after = await restartBrowser();

    await expect(after.vault.unlock(PASSPHRASE)).rejects.toMatchObject({ name: 'WrongPassphraseError' });
    await after.vault.unlock('a new passphrase');
    await expect(after.vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
    await expect(after.vault.credentials('bybit')).resolves.toEqual(BYBIT_KEYS);
  });
});

describe('auto-lock', () => {
  it('locks after 15 idle minutes by default, to the millisecond', async () => {
    const { vault, time } = await unlockedVault();

    time.advance(15 * MINUTE - 1);
    await time.flush();
    await expect(vault.status()).resolves.toMatchObject({ state: 'unlocked' });
    const locked = nextChange(vault);
    time.advance(1);
    await locked;
    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });

  it('counts idle time from the last thing the trader did', async () => {
    const { vault, time } = await unlockedVault();

    time.advance(10 * MINUTE);
    await vault.recordActivity();
    time.advance(10 * MINUTE);
    await time.flush();

    await expect(vault.status()).resolves.toMatchObject({ state: 'unlocked' });
    await vault.checkAutoLock(time.clock.now() + 5 * MINUTE);
    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });

  it('takes the idle time the trader chose, and refuses one outside 1 to 1440 minutes', async () => {
    const { vault, time } = await unlockedVault();

    await vault.setAutoLockMinutes(2);
    await expect(vault.setAutoLockMinutes(0)).rejects.toMatchObject({
      name: 'InvalidSettingError',
      message: 'Auto-lock takes a whole number of minutes from 1 to 1440 (24 hours).',
    });
    const locked = nextChange(vault);
    time.advance(2 * MINUTE);
    await locked;

    await expect(vault.status()).resolves.toMatchObject({ state: 'locked', autoLockMinutes: 2 });
  });

  /** Sets up a vault, then starts a new worker `ms` later: the old worker's timers died with it. */
  async function workerStartedAfter(ms: number) {
    const first = await startTestVault();
    await first.vault.setUp(PASSPHRASE);
    return restartWorker(createFakeTime(first.time.clock.now() + ms));
  }

  it('locks at the next worker start when the deadline passed while the worker slept', async () => {
    const { vault } = await workerStartedAfter(15 * MINUTE);

    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });

  it('still locks on time after a worker restart, without an alarm', async () => {
    const { vault, time } = await workerStartedAfter(14 * MINUTE);

    await expect(vault.status()).resolves.toMatchObject({ state: 'unlocked' });
    const locked = nextChange(vault);
    time.advance(MINUTE);
    await locked;

    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });

  it('does nothing while locked: recording activity does not unlock', async () => {
    const { vault } = await unlockedVault();
    await vault.lock();

    await vault.recordActivity();

    await expect(vault.status()).resolves.toMatchObject({ state: 'locked' });
  });
});
