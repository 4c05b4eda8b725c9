import { browser } from './browser';
import type { StoredRecord } from './trusted-store-format';
import { trustedStorage, type TrustedItem, type TrustedStorage } from './trusted-storage';

/** Stored in the trusted store once the import ran: it never runs again. */
export const LOCAL_IMPORT_MARKER = 'localImportDone';

/** An item an older Perch kept in storage.local (as a WXT item), and the check its reader makes. */
export interface LocalItem {
  readonly item: Pick<TrustedItem<unknown>, 'key' | 'version' | 'upgrade'>;
  /** Whether the item's reader would use this value (in this version's shape) at all. */
  readonly usable: (value: unknown) => boolean;
}

export interface LocalImportDeps {
  readonly local: {
    get(keys: string[]): Promise<Record<string, unknown>>;
    remove(keys: string[]): Promise<void>;
  };
  readonly store: Pick<TrustedStorage, 'importOnce'>;
  readonly items: readonly LocalItem[];
  /**
   * The trusted store lasts only while the browser runs (Firefox set never to remember history keeps
   * the extension's IndexedDB in memory): then storage.local keeps its copies, so closing loses nothing.
   */
  readonly storeIsEphemeral: boolean;
  readonly logger: Pick<Console, 'warn'>;
}

/** The version WXT kept beside an item (`<key>$` = `{ v }`); none, or not a version, is 1 as WXT read it. */
function wxtVersion(meta: unknown): number {
  const v = typeof meta === 'object' && meta !== null ? (meta as { v?: unknown }).v : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 1;
}

function recordOf(
  { item, usable }: LocalItem,
  stored: Record<string, unknown>,
  logger: LocalImportDeps['logger'],
): StoredRecord | undefined {
  const value = stored[item.key];
  if (value === undefined || value === null) return undefined;
  try {
    const upgraded = item.upgrade(value, wxtVersion(stored[`${item.key}$`]));
    if (usable(upgraded)) return { v: item.version, value: upgraded };
    logger.warn(`Perch did not carry over a saved ${item.key} that it cannot use.`);
  } catch (error) {
    logger.warn(`Perch did not carry over the saved ${item.key}:`, error);
  }
  return undefined;
}

/**
 * Moves what an older Perch left in storage.local (which content scripts can read and write) into the
 * trusted store, at a worker start. It runs once, ever: the marker is stored in the same transaction
 * as the items, so values a content script plants later are never taken. It never overwrites an item
 * the trusted store already holds, and each value passes its reader's check first. storage.local's
 * copies are removed at every start, so a crash between the two steps leaves nothing behind for long.
 * Resolves to the keys it carried over.
 */
export async function importFromLocal(deps: LocalImportDeps): Promise<string[]> {
  const keys = deps.items.flatMap(({ item }) => [item.key, `${item.key}$`]);
  const stored = await deps.local.get(keys);
  const records = new Map<string, StoredRecord>();
  for (const entry of deps.items) {
    const record = recordOf(entry, stored, deps.logger);
    if (record !== undefined) records.set(entry.item.key, record);
  }
  const imported = (await deps.store.importOnce(LOCAL_IMPORT_MARKER, records)) ?? [];
  if (!deps.storeIsEphemeral && Object.keys(stored).length > 0) await deps.local.remove(keys);
  return imported;
}

/**
 * Whether this context is private: Firefox set never to remember history runs the extension's own pages
 * privately too. Chrome's worker never is; its `extension` namespace may lack the flag, hence the guard.
 */
function inPrivateContext(): boolean {
  const extension = browser.extension as Partial<typeof browser.extension> | undefined;
  return extension?.inIncognitoContext === true;
}

/** At every worker start, before anything reads: holds the trusted store until the import has run. */
export function startLocalImport(items: readonly LocalItem[]): void {
  trustedStorage.holdUntil(
    importFromLocal({
      local: browser.storage.local,
      store: trustedStorage,
      items,
      storeIsEphemeral: inPrivateContext(),
      logger: console,
    }),
  );
}
