import type { Browser, Page } from 'puppeteer-core';

/**
 * Opens Perch's real toolbar popup over `tab`, as a click on its icon does (at the size Chromium
 * gives it, not a tab's), and returns it. Needs a browser launched over a pipe (scripts/launch-options.ts).
 */
export async function openActionPopup(browser: Browser, extensionId: string, tab: Page): Promise<Page> {
  const perch = (await browser.extensions()).get(extensionId);
  if (perch === undefined)
    throw new Error(`Chromium does not list Perch (${extensionId}) among its extensions.`);
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  const before = new Set(browser.targets());
  const opened = browser.waitForTarget((target) => target.url() === popupUrl && !before.has(target), {
    timeout: 10_000,
  });
  // Handled here too, so a failed trigger below does not leave this wait to reject unheard.
  opened.catch(() => undefined);
  await tab.bringToFront();
  await perch.triggerAction(tab);
  return (await opened).asPage();
}
