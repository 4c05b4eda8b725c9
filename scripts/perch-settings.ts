import type { Browser, Page } from 'puppeteer-core';

export interface SimulatorAddress {
  url: string;
  wsUrl: string;
}

/** Saves the simulator as Perch's market from `page`, an extension page (it has the storage API). */
export async function saveSimulatorEndpoint(page: Page, simulator: SimulatorAddress): Promise<void> {
  const endpoint = JSON.stringify({
    environment: 'simulator',
    restUrl: simulator.url,
    wsUrl: simulator.wsUrl,
  });
  await page.evaluate(`chrome.storage.local.set({ marketEndpoint: ${endpoint} })`);
}

/**
 * Saves the simulator as Perch's market, from an extension page, as the settings UI would (its
 * environment picker comes with the options issue). An extension page always has the extension APIs;
 * a just-started service worker may not yet.
 */
export async function saveSimulatorAsMarket(
  browser: Browser,
  extensionId: string,
  simulator: SimulatorAddress,
): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await saveSimulatorEndpoint(page, simulator);
  } finally {
    await page.close();
  }
}
