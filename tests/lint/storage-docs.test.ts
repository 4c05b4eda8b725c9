import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/platform/storage';
import { trustedStorage } from '../../src/platform/trusted-storage';
import { LOCAL_IMPORT_MARKER } from '../../src/platform/local-import';
import {
  TRUSTED_CHANGES_CHANNEL,
  TRUSTED_DATABASE,
  TRUSTED_STORE,
} from '../../src/platform/trusted-store-format';
import { ROOT } from './repository-files';

// docs/storage.md lists every item Perch stores. The list here is what the code defines: every module
// that defines an item is imported while both storages' defineItem is watched, so a key built at run
// time (`vaultSlot_${name}`) counts as the code builds it.
const SOURCE = join(ROOT, 'src');
const DEFINES_ITEMS = /\b(?:storage|trustedStorage)\.defineItem\b/;

function modulesDefiningItems(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesDefiningItems(path);
    const isModule = /\.tsx?$/.test(entry.name) && !/\.test(?:-helper)?\.tsx?$/.test(entry.name);
    return isModule && DEFINES_ITEMS.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/** Each key as docs/storage.md writes it: `trusted:<key>`, and WXT's keys (`session:<key>`) as they are. */
async function definedKeys(): Promise<string[]> {
  const wxt = vi.spyOn(storage, 'defineItem');
  const trusted = vi.spyOn(trustedStorage, 'defineItem');
  const modules = modulesDefiningItems(SOURCE);
  for (const module of modules) await import(/* @vite-ignore */ module);
  return [
    ...trusted.mock.calls.map(([key]) => `trusted:${key}`),
    `trusted:${LOCAL_IMPORT_MARKER}`,
    ...wxt.mock.calls.map(([key]) => key),
  ];
}

const doc = readFileSync(join(ROOT, 'docs/storage.md'), 'utf8');
/** The items the page's table lists: every `area:name` in its rows' first cells. */
const tableKeys = [...doc.matchAll(/^\|([^|]*)\|/gm)].flatMap(([, cell]) =>
  [...cell!.matchAll(/`((?:trusted|session|local|sync):\w+)`/g)].map((match) => match[1]!),
);

describe('docs/storage.md', () => {
  it('lists every storage item the code defines, and no other', async () => {
    const keys = await definedKeys();
    expect(keys).toContain('trusted:vaultSlot_b');
    expect(keys).toContain('session:vaultUnlocked');
    expect([...tableKeys].sort()).toEqual([...new Set(keys)].sort());
    // Loading the worker's storage modules takes seconds on a busy 2-core machine.
  }, 30_000);

  it("names the trusted store's database, object store and change channel", () => {
    for (const name of [TRUSTED_DATABASE, TRUSTED_STORE, TRUSTED_CHANGES_CHANNEL])
      expect(doc).toContain(`\`${name}\``);
  });
});
