import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, expect, it } from 'vitest';
import { storeTrustedRaw, trustedRecords } from '../../platform/trusted-storage.test-helper';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { startTestVault } from './vault.test-helper';
import { autoLockItem, pointerItem, sessionItem, slotItems } from './vault-storage';

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

it('stamps every shape it stores with version 1, and keeps nothing in storage.local', async () => {
  const { vault } = await startTestVault();
  await vault.setUp('correct horse battery');
  await vault.setAutoLockMinutes(5);

  const trusted = await trustedRecords();
  const session = await fakeBrowser.storage.session.get(null);

  expect(trusted).toMatchObject({
    vaultPointer: { v: 1 },
    vaultSlot_a: { v: 1 },
    vaultAutoLockMinutes: { v: 1, value: 5 },
  });
  expect(session).toMatchObject({ vaultUnlocked$: { v: 1 } });
  expect(await fakeBrowser.storage.local.get(null)).toEqual({});
});

it.each([
  ['pointer', pointerItem],
  ['slot', slotItems.a],
  ['auto-lock setting', autoLockItem],
] as const)(
  'refuses to read the %s as written by a newer Perch rather than guess its shape',
  async (_, item) => {
    await storeTrustedRaw(item.key, { from: 'the future' }, 2);

    await expect(item.getValue()).rejects.toThrow(`Version downgrade detected (v2 -> v1) for "${item.key}"`);
  },
);

it('refuses to read the unlocked session as written by a newer Perch', async () => {
  await fakeBrowser.storage.session.set({ vaultUnlocked: { from: 'the future' }, vaultUnlocked$: { v: 2 } });

  await expect(sessionItem.migrate()).rejects.toThrow(
    'Version downgrade detected (v2 -> v1) for "session:vaultUnlocked"',
  );
});

it('reads a stored version-1 vault as it is', async () => {
  const { vault } = await startTestVault();
  await vault.setUp('correct horse battery');
  const stored = await trustedRecords();

  await expect(pointerItem.getValue()).resolves.toEqual((stored.vaultPointer as { value: unknown }).value);
  await expect(slotItems.a.getValue()).resolves.toEqual((stored.vaultSlot_a as { value: unknown }).value);
});
