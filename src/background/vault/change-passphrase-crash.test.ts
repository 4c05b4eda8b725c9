import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, expect, it, vi } from 'vitest';
import { resetTrustedStore } from '../../platform/trusted-storage.test-helper';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { BYBIT_KEYS, OKX_KEYS, startTestVault } from './vault.test-helper';

const OLD = 'the old passphrase';
const NEW = 'the new passphrase';

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

/**
 * Makes every storage write from the `crashAt`-th on fail, as if the worker died right before it.
 * Returns the number of writes attempted.
 */
function crashStorageAt(crashAt: number): { writes: () => number } {
  let writes = 0;
  const reached = () => {
    writes += 1;
    if (writes > crashAt) throw new Error('worker died');
  };
  // storage.session: the unlocked key.
  const session = fakeBrowser.storage.session;
  for (const method of ['set', 'remove'] as const) {
    // One signature for both writes: the fake's overloads (with and without callback) do not combine.
    const writable = session as unknown as Record<typeof method, (arg: never) => Promise<void>>;
    const real = writable[method].bind(session);
    vi.spyOn(writable, method).mockImplementation(async (arg) => {
      reached();
      await real(arg);
    });
  }
  // The trusted store: pointer and slots. A write that throws aborts its transaction, as a dead worker's.
  for (const method of ['put', 'delete'] as const) {
    const prototype = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const real = prototype[method]!;
    vi.spyOn(prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      reached();
      return real.apply(this, args);
    });
  }
  return { writes: () => writes };
}

async function vaultWithCredentials() {
  const { vault } = await startTestVault();
  await vault.setUp(OLD);
  await vault.saveCredentials('okx', OKX_KEYS);
  await vault.saveCredentials('bybit', BYBIT_KEYS);
  return vault;
}

/** Which of the two passphrases opens the vault after a restart; the records must all be there. */
async function passphraseThatOpens(): Promise<string[]> {
  const opening: string[] = [];
  for (const passphrase of [OLD, NEW]) {
    await fakeBrowser.storage.session.clear();
    const { vault } = await startTestVault();
    const unlocked = await vault.unlock(passphrase).then(
      () => true,
      () => false,
    );
    if (!unlocked) continue;
    expect(await vault.credentials('okx')).toEqual(OKX_KEYS);
    expect(await vault.credentials('bybit')).toEqual(BYBIT_KEYS);
    opening.push(passphrase);
  }
  return opening;
}

it('a passphrase change interrupted at any storage write leaves every record openable', async () => {
  const dryRun = await vaultWithCredentials();
  const counter = crashStorageAt(Infinity);
  await dryRun.changePassphrase(OLD, NEW);
  const totalWrites = counter.writes();
  vi.restoreAllMocks();
  expect(totalWrites).toBeGreaterThanOrEqual(3);

  const outcomes: string[][] = [];
  for (let crashAt = 0; crashAt <= totalWrites; crashAt++) {
    fakeBrowser.reset();
    await resetTrustedStore();
    const vault = await vaultWithCredentials();
    crashStorageAt(crashAt);
    await vault.changePassphrase(OLD, NEW).catch(() => undefined);
    vi.restoreAllMocks();
    // The worker that crashed is gone: a new one starts on what storage holds.
    await startTestVault();

    outcomes.push(await passphraseThatOpens());
  }

  // Exactly one passphrase opens the vault at every point: the old one until the pointer switches.
  expect(outcomes.every((opening) => opening.length === 1)).toBe(true);
  expect(outcomes[0]).toEqual([OLD]);
  expect(outcomes.at(-1)).toEqual([NEW]);
});
