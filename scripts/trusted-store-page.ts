import type { Page } from 'puppeteer-core';
import {
  TRUSTED_CHANGES_CHANNEL,
  TRUSTED_DATABASE,
  TRUSTED_DATABASE_VERSION,
  TRUSTED_STORE,
} from '../src/platform/trusted-store-format';

/**
 * Perch's trusted store as an extension page reaches it (src/platform/trusted-store-format.ts): npm start
 * and the tests write the simulator's address there, and the tests dump it. Code for the page is a
 * string: it runs there, with the page's IndexedDB, where these scripts' types know none.
 */
const OPEN_STORE = `(() => new Promise((resolve, reject) => {
  const request = indexedDB.open(${JSON.stringify(TRUSTED_DATABASE)}, ${String(TRUSTED_DATABASE_VERSION)});
  request.onupgradeneeded = () => request.result.createObjectStore(${JSON.stringify(TRUSTED_STORE)});
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
}))`;

/** `requests(store)` in one transaction of the trusted store; resolves to its requests' results once it committed. */
const IN_TRANSACTION = `(async (mode, requests) => {
  const db = await ${OPEN_STORE}();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(${JSON.stringify(TRUSTED_STORE)}, mode, { durability: 'strict' });
      const results = requests(tx.objectStore(${JSON.stringify(TRUSTED_STORE)}));
      tx.oncomplete = () => resolve(results.map((request) => request.result));
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
})`;

/** An extension page, or the extension's service worker (the tests' quick way in: no page to load). */
export interface ExtensionContext {
  evaluate(script: string): Promise<unknown>;
}

/**
 * Stores `value` as the item `key` at `version` from `page` (an extension page or the worker), and
 * announces the write as Perch's own contexts do, so a running worker hears it at once. A stopped worker
 * reads it at its next start: nothing here wakes it.
 */
export async function writeTrustedItem(
  page: ExtensionContext,
  key: string,
  version: number,
  value: unknown,
): Promise<void> {
  const record = { v: version, value };
  await page.evaluate(`(async () => {
    const key = ${JSON.stringify(key)};
    const record = ${JSON.stringify(record)};
    const [oldRecord] = await ${IN_TRANSACTION}('readwrite', (store) => [store.get(key), store.put(record, key)]);
    const channel = new BroadcastChannel(${JSON.stringify(TRUSTED_CHANGES_CHANNEL)});
    channel.postMessage(oldRecord === undefined ? { key, newRecord: record } : { key, newRecord: record, oldRecord });
    channel.close();
  })()`);
}

/** Every record of the trusted store by key (`{ v, value }` each), read from `page`, an extension page. */
export async function readTrustedItems(page: Page): Promise<Record<string, unknown>> {
  return (await page.evaluate(`(async () => {
    const [keys, records] = await ${IN_TRANSACTION}('readonly', (store) => [store.getAllKeys(), store.getAll()]);
    return Object.fromEntries(keys.map((key, index) => [key, records[index]]));
  })()`)) as Record<string, unknown>;
}
