import { describe, expect, it, vi } from 'vitest';
import { broadcastChanges } from './trusted-changes';
import { createIndexedDbBackend } from './trusted-store-idb';
import { createTrustedStorage } from './trusted-storage';
import { storeTrustedRaw, trustedRecords } from './trusted-storage.test-helper';

/** One extension context's view of the store (the worker, or a page): its own connection and channel. */
const context = () => createTrustedStorage(createIndexedDbBackend(), broadcastChanges());

interface Settings {
  readonly theme: string;
  readonly size: number;
}
const DEFAULTS: Settings = { theme: 'light', size: 12 };
const settingsItem = (storage = context()) =>
  storage.defineItem<Settings>('settings', {
    version: 3,
    fallback: DEFAULTS,
    migrations: {
      2: (old: { theme: string }) => ({ ...old, size: 12 }),
      3: (old: Settings) => ({ ...old, theme: old.theme.toLowerCase() }),
    },
  });

/** Resolves with the next change `item` hears. */
const nextChange = <T>(item: { watch(listener: (next: T, previous: T) => void): () => void }) =>
  new Promise<[T, T]>((resolve) => {
    const stop = item.watch((next, previous) => {
      stop();
      resolve([next, previous]);
    });
  });

describe('a trusted item', () => {
  it('reads its fallback until a value is stored, then the value, and the fallback again once removed', async () => {
    const item = settingsItem();
    await expect(item.getValue()).resolves.toEqual(DEFAULTS);

    await item.setValue({ theme: 'dark', size: 14 });
    await expect(item.getValue()).resolves.toEqual({ theme: 'dark', size: 14 });
    await expect(settingsItem().getValue()).resolves.toEqual({ theme: 'dark', size: 14 });

    await item.removeValue();
    await expect(item.getValue()).resolves.toEqual(DEFAULTS);
    expect(await trustedRecords()).toEqual({});
  });

  it('stores each value with its version', async () => {
    await settingsItem().setValue({ theme: 'dark', size: 14 });

    expect(await trustedRecords()).toEqual({ settings: { v: 3, value: { theme: 'dark', size: 14 } } });
  });

  it('brings a value stored by an older version up to its own, step by step', async () => {
    await storeTrustedRaw('settings', { theme: 'DARK' }, 1);

    await expect(settingsItem().getValue()).resolves.toEqual({ theme: 'dark', size: 12 });
  });

  it('refuses a value stored by a newer version rather than guess its shape', async () => {
    await storeTrustedRaw('settings', { theme: 'dark', size: 14, contrast: 'high' }, 4);

    await expect(settingsItem().getValue()).rejects.toThrow(
      'Version downgrade detected (v4 -> v3) for "settings"',
    );
  });

  it('refuses a record without a version', async () => {
    await createIndexedDbBackend().write('settings', { theme: 'dark' } as never);

    await expect(settingsItem().getValue()).rejects.toThrow(
      'The stored "settings" is not a versioned record.',
    );
  });
});

describe('watching a trusted item', () => {
  it('hears a write made in its own context, with the value before it', async () => {
    const item = settingsItem();
    await item.setValue({ theme: 'dark', size: 14 });
    const heard = nextChange(item);

    await item.setValue({ theme: 'dark', size: 16 });

    await expect(heard).resolves.toEqual([
      { theme: 'dark', size: 16 },
      { theme: 'dark', size: 14 },
    ]);
  });

  it('hears a write made in another extension context (an extension page, for the worker)', async () => {
    const worker = settingsItem();
    const page = settingsItem();
    const heard = nextChange(worker);

    await page.setValue({ theme: 'dark', size: 14 });

    await expect(heard).resolves.toEqual([{ theme: 'dark', size: 14 }, DEFAULTS]);
  });

  it('hears a removal as the fallback', async () => {
    const item = settingsItem();
    await item.setValue({ theme: 'dark', size: 14 });
    const heard = nextChange(item);

    await item.removeValue();

    await expect(heard).resolves.toEqual([DEFAULTS, { theme: 'dark', size: 14 }]);
  });

  it('stops hearing once stopped, and a failing listener does not fail the write', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const item = settingsItem();
    const stopped = vi.fn();
    item.watch(stopped)();
    item.watch(() => {
      throw new Error('listener bug');
    });

    await item.setValue({ theme: 'dark', size: 14 });

    expect(stopped).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith("Perch's listener for settings failed:", expect.any(Error));
  });
});

describe('holding the store', () => {
  it('keeps reads and writes waiting until the task it holds for has settled', async () => {
    const storage = context();
    const item = settingsItem(storage);
    let finish: () => void = () => undefined;
    const task = new Promise<void>((resolve) => {
      finish = resolve;
    });
    storage.holdUntil(task.then(() => storeTrustedRaw('settings', { theme: 'dark', size: 20 }, 3)));

    const read = item.getValue();
    finish();

    await expect(read).resolves.toEqual({ theme: 'dark', size: 20 });
  });

  it('opens anyway when the task fails, saying so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = context();
    storage.holdUntil(Promise.reject(new Error('no storage.local')));

    await expect(settingsItem(storage).getValue()).resolves.toEqual(DEFAULTS);
    expect(errors).toHaveBeenCalledWith('Perch could not prepare its storage:', expect.any(Error));
  });
});
