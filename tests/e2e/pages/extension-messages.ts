import type { Page } from 'puppeteer-core';

import { readTrustedItems } from '../../../scripts/trusted-store-page';

// The sender lives in scripts/ because npm start and the screenshots send the same messages.
export { sendPerchMessage, type PerchReply } from '../../../scripts/perch-messages';

/**
 * The extension API this helper uses inside the page (tests compile without extension types).
 * Functions passed to `evaluate` run in the page, so each reaches `chrome` itself, not through a helper here.
 */
interface PageChrome {
  storage: Record<'local' | 'session' | 'sync', { get(keys: null): Promise<Record<string, unknown>> }>;
}

export interface StorageDump {
  /** The trusted store (the extension origin's IndexedDB): each item's `{ v, value }` by key. */
  readonly trusted: Record<string, unknown>;
  readonly local: Record<string, unknown>;
  readonly session: Record<string, unknown>;
  readonly sync: Record<string, unknown>;
}

/** Everything Perch keeps in every storage area, read from an extension page (a trusted context). */
export async function dumpStorage(page: Page): Promise<StorageDump> {
  const areas = await page.evaluate(async () => {
    const { storage } = (globalThis as unknown as { chrome: PageChrome }).chrome;
    return {
      local: await storage.local.get(null),
      session: await storage.session.get(null),
      sync: await storage.sync.get(null),
    };
  });
  return { trusted: await readTrustedItems(page), ...areas };
}
