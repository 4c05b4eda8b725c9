import type { Page } from 'puppeteer-core';

/** The one extension API this helper uses inside the page (scripts compile without extension types). */
interface PageChrome {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
}

/** A Perch reply as it arrives in an extension page: the data, or a named error in words. */
export type PerchReply =
  { ok: true; data: unknown } | { ok: false; error: { name: string; message: string } };

/**
 * Sends one Perch message from an extension page (popup or options), as its screens do: npm start,
 * the screenshots and the end-to-end tests drive the background this way.
 */
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
