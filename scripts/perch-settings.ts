import type { Browser } from 'puppeteer-core';

/**
 * Saves the simulator as Perch's market, from an extension page, as the settings UI would (its
 * environment picker comes with the options issue). An extension page always has the extension APIs;
 * a just-started service worker may not yet.
 */
export async function saveSimulatorAsMarket(
  browser: Browser,
  extensionId: string,
  simulator: { url: string; wsUrl: string },
): Promise<void> {
  const endpoint = JSON.stringify({
    environment: 'simulator',
    restUrl: simulator.url,
    wsUrl: simulator.wsUrl,
  });
  const page = await browser.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await page.evaluate(`chrome.storage.local.set({ marketEndpoint: ${endpoint} })`);
  } finally {
    await page.close();
  }
}
