import { deleteDB, openDB } from 'idb';
import { createIndexedDbBackend } from './trusted-store-idb';
import { TRUSTED_DATABASE, TRUSTED_DATABASE_VERSION, TRUSTED_STORE } from './trusted-store-format';

/** Empties the trusted store, as fakeBrowser.reset() empties the browser's areas (open connections let go). */
export async function resetTrustedStore(): Promise<void> {
  await deleteDB(TRUSTED_DATABASE);
}

/**
 * Writes `value` into the trusted store as another extension context could (npm start's page, or a
 * damaged or newer Perch): past every check of the worker, and announced to no one.
 */
export async function storeTrustedRaw(key: string, value: unknown, version = 1): Promise<void> {
  await createIndexedDbBackend().write(key, { v: version, value });
}

/** Every record in the trusted store, by key, as an extension page dumping it would see them. */
export async function trustedRecords(): Promise<Record<string, unknown>> {
  const db = await openDB(TRUSTED_DATABASE, TRUSTED_DATABASE_VERSION, {
    upgrade: (created) => {
      created.createObjectStore(TRUSTED_STORE);
    },
  });
  try {
    // Perch's keys are strings.
    const keys = (await db.getAllKeys(TRUSTED_STORE)) as string[];
    const values: unknown[] = await db.getAll(TRUSTED_STORE);
    return Object.fromEntries(keys.map((key, index) => [key, values[index]]));
  } finally {
    db.close();
  }
}
