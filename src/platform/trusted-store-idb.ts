import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import {
  TRUSTED_DATABASE,
  TRUSTED_DATABASE_VERSION,
  TRUSTED_STORE,
  type StoredRecord,
} from './trusted-store-format';

/** The raw records of the trusted store. Reads answer `unknown`: any extension context can write here. */
export interface TrustedBackend {
  read(key: string): Promise<unknown>;
  /** Stores `record` under `key`, or deletes `key` when it is undefined; answers what `key` held before. */
  write(key: string, record: StoredRecord | undefined): Promise<unknown>;
  /**
   * Unless `marker` is stored: stores each record whose key holds nothing, then the marker, all in one
   * transaction. Answers the keys it stored, or undefined when the marker was there already.
   */
  importOnce(marker: string, records: ReadonlyMap<string, StoredRecord>): Promise<string[] | undefined>;
}

/** Every write reaches the disk before it counts: a vault write acknowledged is a vault write kept. */
const DURABLE: IDBTransactionOptions = { durability: 'strict' };
const MARKER_RECORD: StoredRecord = { v: 1, value: true };

/** The trusted store in IndexedDB (idb's promises over it), one connection per context. */
export function createIndexedDbBackend(name = TRUSTED_DATABASE): TrustedBackend {
  let connection: Promise<IDBPDatabase> | undefined;

  function database(): Promise<IDBPDatabase> {
    if (connection !== undefined) return connection;
    const opening: Promise<IDBPDatabase> = openDB(name, TRUSTED_DATABASE_VERSION, {
      upgrade: (db) => {
        db.createObjectStore(TRUSTED_STORE);
      },
      // Another context opens a newer version or deletes the database: let go, and open again on next use.
      blocking: () => {
        void opening.then((db) => {
          db.close();
        });
        if (connection === opening) connection = undefined;
      },
      terminated: () => {
        if (connection === opening) connection = undefined;
      },
    });
    connection = opening;
    opening.catch(() => {
      if (connection === opening) connection = undefined;
    });
    return opening;
  }

  /** Runs `body` in one read-write transaction and resolves once it committed; a failure undoes it whole. */
  async function inTransaction<T>(body: (store: TrustedObjectStore) => Promise<T>): Promise<T> {
    const tx = (await database()).transaction(TRUSTED_STORE, 'readwrite', DURABLE);
    const work = body(tx.store).catch((error: unknown) => {
      abortQuietly(tx);
      throw error;
    });
    const [result] = await Promise.all([work, tx.done]);
    return result;
  }

  return {
    async read(key) {
      const raw: unknown = await (await database()).get(TRUSTED_STORE, key);
      return raw;
    },

    write: (key, record) =>
      inTransaction(async (store) => {
        const before: unknown = await store.get(key);
        await (record === undefined ? store.delete(key) : store.put(record, key));
        return before;
      }),

    importOnce: (marker, records) =>
      inTransaction(async (store) => {
        if ((await store.getKey(marker)) !== undefined) return undefined;
        const stored: string[] = [];
        for (const [key, record] of records) {
          if ((await store.getKey(key)) !== undefined) continue;
          await store.put(record, key);
          stored.push(key);
        }
        await store.put(MARKER_RECORD, marker);
        return stored;
      }),
  };
}

type TrustedObjectStore = IDBPTransaction<unknown, [typeof TRUSTED_STORE], 'readwrite'>['store'];

/** Aborts `tx` unless it already ended (then there is nothing left to undo). */
function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already committed or aborted.
  }
}
