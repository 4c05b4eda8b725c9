import { expect, vi } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { FiredAlert } from '../../../src/contracts/alerts';
import { readTrustedItems } from '../../../scripts/trusted-store-page';

/** The extension API these helpers use inside a page (tests compile without extension types). */
interface PageChrome {
  notifications: { getAll(): Promise<Record<string, boolean>> };
}

const WAIT = { timeout: 30_000, interval: 200 };

/** The ids of the notifications Perch shows now, read through the browser's notifications API. */
export function shownNotifications(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    Object.keys(await (globalThis as unknown as { chrome: PageChrome }).chrome.notifications.getAll()),
  );
}

/** What fired, newest first, as the worker stored it (read from an extension page). */
export async function alertHistory(page: Page): Promise<FiredAlert[]> {
  const item = (await readTrustedItems(page)).alertHistory as { value?: FiredAlert[] } | undefined;
  return item?.value ?? [];
}

/** Waits until `count` alerts have fired and each is shown as a notification; returns them, oldest first. */
export async function firedAlerts(page: Page, count: number, timeout = WAIT.timeout): Promise<FiredAlert[]> {
  return await vi.waitFor(
    async () => {
      const fired = await alertHistory(page);
      expect(fired).toHaveLength(count);
      expect((await shownNotifications(page)).sort()).toEqual(fired.map((alert) => alert.id).sort());
      return fired.toReversed();
    },
    { ...WAIT, timeout },
  );
}

/** Waits until the worker has stored alert `id`'s first price: a stopped worker then comes back knowing it. */
export async function alertHasBaseline(page: Page, id: string): Promise<void> {
  await vi.waitFor(async () => {
    const watch = (await readTrustedItems(page)).alertWatch as
      { value?: { memory?: { alerts?: Record<string, { rule?: { price?: string } }> } } } | undefined;
    expect(watch?.value?.memory?.alerts?.[id]?.rule?.price).toMatch(/\d/);
  }, WAIT);
}
