import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, expect, it } from 'vitest';
import { loadPassphraseRuleFirst } from '../../contracts/passphrase-rule.test-helper';
import { startTestVault } from './vault.test-helper';
import { autoLockItem, pointerItem, sessionItem, slotItems } from './vault-storage';

loadPassphraseRuleFirst();

beforeEach(() => {
  fakeBrowser.reset();
});

it('stamps every shape it stores with version 1', async () => {
  const { vault } = await startTestVault();
  await vault.setUp('correct horse battery');
  await vault.setAutoLockMinutes(5);

  const local = await fakeBrowser.storage.local.get(null);
  const session = await fakeBrowser.storage.session.get(null);

  expect(local).toMatchObject({
    vaultPointer$: { v: 1 },
    vaultSlot_a$: { v: 1 },
    vaultAutoLockMinutes$: { v: 1 },
  });
  expect(session).toMatchObject({ vaultUnlocked$: { v: 1 } });
});

it.each([
  ['pointer', pointerItem, 'local:vaultPointer'],
  ['slot', slotItems.a, 'local:vaultSlot_a'],
  ['auto-lock setting', autoLockItem, 'local:vaultAutoLockMinutes'],
  ['unlocked session', sessionItem, 'session:vaultUnlocked'],
] as const)(
  'refuses to read the %s as written by a newer Perch rather than guess its shape',
  async (_, item, key) => {
    const [area, name] = key.split(':') as ['local' | 'session', string];
    await fakeBrowser.storage[area].set({ [name]: { from: 'the future' }, [`${name}$`]: { v: 2 } });

    await expect(item.migrate()).rejects.toThrow(`Version downgrade detected (v2 -> v1) for "${key}"`);
  },
);

it('reads a stored version-1 vault as it is', async () => {
  const { vault } = await startTestVault();
  await vault.setUp('correct horse battery');
  const stored = await fakeBrowser.storage.local.get(null);

  await pointerItem.migrate();
  await slotItems.a.migrate();

  expect(await fakeBrowser.storage.local.get(null)).toEqual(stored);
});
