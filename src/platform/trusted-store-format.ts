import * as z from 'zod/mini';

/**
 * Where Perch keeps what it persists: the extension origin's IndexedDB. A content script runs in the
 * page's origin, so it opens the page's databases, never these (docs/storage.md). Plain names and shapes,
 * so the development scripts can reach the same store from an extension page.
 */
export const TRUSTED_DATABASE = 'perch';
export const TRUSTED_DATABASE_VERSION = 1;
/** One object store: each item's record under the item's key. */
export const TRUSTED_STORE = 'items';
/** The BroadcastChannel on which the extension's own contexts announce each write (same origin only). */
export const TRUSTED_CHANGES_CHANNEL = 'perch-trusted-storage';

/** An item as stored: its value and the version of the shape it was written in. */
export const storedRecord = z.object({ v: z.int().check(z.minimum(1)), value: z.unknown() });
export type StoredRecord = z.infer<typeof storedRecord>;

/** One write, as announced: the record before and after (absent: none). */
export const trustedChange = z.object({
  key: z.string(),
  newRecord: z.optional(storedRecord),
  oldRecord: z.optional(storedRecord),
});
export type TrustedChange = z.infer<typeof trustedChange>;
