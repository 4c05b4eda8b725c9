import type { Page } from 'puppeteer-core';

/**
 * The few extension APIs these helpers use inside the page (tests compile without extension types).
 * Functions passed to `evaluate` run in the page, so each reaches `chrome` itself, not through a helper here.
 */
interface PageChrome {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: Record<'local' | 'session' | 'sync', { get(keys: null): Promise<Record<string, unknown>> }>;
}

/** A Perch reply as it arrives in an extension page: the data, or a named error in words. */
export type PerchReply =
  { ok: true; data: unknown } | { ok: false; error: { name: string; message: string } };

/** Sends one Perch message from an extension page (popup or options), as its screens will. */
export function sendPerchMessage(page: Page, name: string, payload: object): Promise<PerchReply> {
  return page.evaluate(
    (message) =>
      (globalThis as unknown as { chrome: PageChrome }).chrome.runtime.sendMessage(
        message,
      ) as Promise<PerchReply>,
    {
      perch: 1,
      name,
      payload,
    },
  );
}

export interface StorageDump {
  readonly local: Record<string, unknown>;
  readonly session: Record<string, unknown>;
  readonly sync: Record<string, unknown>;
}

/** Everything Perch keeps in every storage area, read from an extension page (a trusted context). */
export function dumpStorage(page: Page): Promise<StorageDump> {
  return page.evaluate(async () => {
    const { storage } = (globalThis as unknown as { chrome: PageChrome }).chrome;
    return {
      local: await storage.local.get(null),
      session: await storage.session.get(null),
      sync: await storage.sync.get(null),
    };
  });
}
