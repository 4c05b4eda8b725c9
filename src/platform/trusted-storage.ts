import { broadcastChanges, type TrustedChanges } from './trusted-changes';
import { createIndexedDbBackend, type TrustedBackend } from './trusted-store-idb';
import { storedRecord, type StoredRecord } from './trusted-store-format';

/**
 * Versioned items in the trusted store (the extension origin's IndexedDB, out of content scripts' reach:
 * docs/storage.md), with the API WXT's storage items have: every shape has a version from day one, so a
 * later change of shape is a migration, and a value from a newer Perch is refused rather than guessed at.
 */

export interface TrustedItemOptions<T> {
  readonly version: number;
  /** What a read gives while nothing is stored. */
  readonly fallback: T;
  /** `migrations[n]` turns a value of version n - 1 into version n's shape; a missing step keeps it as it is. */
  readonly migrations?: Readonly<Record<number, (stored: never) => unknown>>;
}

export interface TrustedItem<T> {
  readonly key: string;
  readonly version: number;
  readonly fallback: T;
  /**
   * The stored value, brought up to this version, or the fallback. Typed, not checked: any extension
   * context can write the store, so callers check what they read, as before.
   */
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls `listener` after every write, from this context or another extension context; returns the stop. */
  watch(listener: (newValue: T, oldValue: T) => void): () => void;
  /** `value`, stored at `version`, in this version's shape. Throws "Version downgrade detected" for a newer one. */
  upgrade(value: unknown, version: number): unknown;
}

export interface TrustedStorage {
  defineItem<T>(key: string, options: TrustedItemOptions<T>): TrustedItem<T>;
  /**
   * Holds every item's reads and writes until `task` settles: the worker's import of what an older Perch
   * left in storage.local, so nothing reads the store before it is complete.
   */
  holdUntil(task: Promise<unknown>): void;
  /** See TrustedBackend.importOnce; not held. */
  importOnce(marker: string, records: ReadonlyMap<string, StoredRecord>): Promise<string[] | undefined>;
}

export function createTrustedStorage(backend: TrustedBackend, changes: TrustedChanges): TrustedStorage {
  let ready: Promise<void> = Promise.resolve();

  function defineItem<T>(key: string, options: TrustedItemOptions<T>): TrustedItem<T> {
    const { version, fallback, migrations = {} } = options;

    function upgrade(value: unknown, from: number): unknown {
      if (from > version)
        throw new Error(`Version downgrade detected (v${from} -> v${version}) for "${key}"`);
      let current = value;
      for (let next = from + 1; next <= version; next++) {
        const step = migrations[next];
        if (step !== undefined) current = step(current as never);
      }
      return current;
    }

    /** A stored record as this version reads it; nothing stored (or null, as WXT had it) is the fallback. */
    function valueOf(raw: unknown): T {
      if (raw === undefined) return fallback;
      const record = storedRecord.safeParse(raw);
      if (!record.success) throw new Error(`The stored "${key}" is not a versioned record.`);
      // Typed as the item's shape, unchecked, as WXT's items are: every reader checks what it gets.
      return (upgrade(record.data.value, record.data.v) ?? fallback) as T;
    }

    async function write(record: StoredRecord | undefined): Promise<void> {
      await ready;
      const before = await backend.write(key, record);
      const oldRecord = storedRecord.safeParse(before);
      changes.publish({
        key,
        ...(record !== undefined && { newRecord: record }),
        ...(oldRecord.success && { oldRecord: oldRecord.data }),
      });
    }

    return {
      key,
      version,
      fallback,
      upgrade,
      async getValue() {
        await ready;
        return valueOf(await backend.read(key));
      },
      setValue: (value) => write({ v: version, value }),
      removeValue: () => write(undefined),
      watch: (listener) =>
        changes.subscribe(key, (change) => {
          let values: [T, T];
          try {
            values = [valueOf(change.newRecord), valueOf(change.oldRecord)];
          } catch (error) {
            console.error(`Perch could not read a change of ${key}:`, error);
            return;
          }
          listener(...values);
        }),
    };
  }

  return {
    defineItem,
    holdUntil(task) {
      ready = task.then(
        () => undefined,
        (error: unknown) => {
          console.error('Perch could not prepare its storage:', error);
        },
      );
    },
    importOnce: (marker, records) => backend.importOnce(marker, records),
  };
}

/** Perch's one trusted store, shared by every item of this context. */
export const trustedStorage = createTrustedStorage(createIndexedDbBackend(), broadcastChanges());
