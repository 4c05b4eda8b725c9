import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { importFromLocal, LOCAL_IMPORT_MARKER, type LocalItem } from './local-import';
import { broadcastChanges } from './trusted-changes';
import { createIndexedDbBackend } from './trusted-store-idb';
import { createTrustedStorage, type TrustedStorage } from './trusted-storage';
import { trustedRecords } from './trusted-storage.test-helper';

beforeEach(() => {
  fakeBrowser.reset();
});

/** A worker start: its own connection to the store. */
const workerStore = () => createTrustedStorage(createIndexedDbBackend(), broadcastChanges());

function itemsOf(store: TrustedStorage) {
  const theme = store.defineItem<string>('theme', { version: 1, fallback: 'light' });
  const minutes = store.defineItem<number>('minutes', {
    version: 2,
    fallback: 15,
    // Version 2 counts in minutes; version 1 counted in seconds.
    migrations: { 2: (seconds: number) => seconds / 60 },
  });
  const items: LocalItem[] = [
    { item: theme, usable: (value) => value === 'light' || value === 'dark' },
    { item: minutes, usable: (value) => Number.isInteger(value) },
  ];
  return { theme, minutes, items };
}

const warnings: unknown[][] = [];
const logger = { warn: (...args: unknown[]) => warnings.push(args) };

/** What a worker start runs: the import, then the items read as the worker would. */
async function startWorker(storeIsEphemeral = false) {
  const store = workerStore();
  const { theme, minutes, items } = itemsOf(store);
  const imported = await importFromLocal({
    local: fakeBrowser.storage.local,
    store,
    items,
    storeIsEphemeral,
    logger,
  });
  return { imported, theme: await theme.getValue(), minutes: await minutes.getValue() };
}

/** An older Perch's storage.local, WXT's way: each value, and its version beside it. */
const olderPerch = { theme: 'dark', theme$: { v: 1 }, minutes: 600, minutes$: { v: 1 } };

describe('importing what an older Perch left in storage.local', () => {
  it('carries every item over in its current shape and leaves nothing in storage.local', async () => {
    await fakeBrowser.storage.local.set(olderPerch);

    await expect(startWorker()).resolves.toEqual({
      imported: ['theme', 'minutes'],
      theme: 'dark',
      minutes: 10,
    });
    expect(await trustedRecords()).toEqual({
      theme: { v: 1, value: 'dark' },
      minutes: { v: 2, value: 10 },
      [LOCAL_IMPORT_MARKER]: { v: 1, value: true },
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('runs once: what a content script plants in storage.local later is never taken, only removed', async () => {
    await fakeBrowser.storage.local.set({ theme: 'dark' });
    await startWorker();

    await fakeBrowser.storage.local.set({ theme: 'light', minutes: 1440, minutes$: { v: 2 } });
    const next = await startWorker();

    expect(next).toEqual({ imported: [], theme: 'dark', minutes: 15 });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('marks itself done on a fresh install too, so values planted before the first update are never taken', async () => {
    await startWorker();
    await fakeBrowser.storage.local.set({ theme: 'dark' });

    await expect(startWorker()).resolves.toEqual({ imported: [], theme: 'light', minutes: 15 });
  });

  it('never overwrites an item the trusted store already holds', async () => {
    await itemsOf(workerStore()).theme.setValue('light');
    await fakeBrowser.storage.local.set(olderPerch);

    await expect(startWorker()).resolves.toEqual({ imported: ['minutes'], theme: 'light', minutes: 10 });
  });

  it("leaves behind what its reader would not use, and a newer Perch's value, and carries the rest", async () => {
    warnings.length = 0;
    await fakeBrowser.storage.local.set({ theme: 'neon', minutes: 30, minutes$: { v: 3 } });

    await expect(startWorker()).resolves.toEqual({ imported: [], theme: 'light', minutes: 15 });
    expect(warnings).toEqual([
      ['Perch did not carry over a saved theme that it cannot use.'],
      [
        'Perch did not carry over the saved minutes:',
        expect.objectContaining({
          message: 'Version downgrade detected (v3 -> v2) for "minutes"',
        }),
      ],
    ]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keeps storage.local as it is while the trusted store lasts only until the browser closes', async () => {
    await fakeBrowser.storage.local.set(olderPerch);

    await expect(startWorker(true)).resolves.toMatchObject({ theme: 'dark', minutes: 10 });
    expect(await fakeBrowser.storage.local.get(null)).toEqual(olderPerch);
  });
});
