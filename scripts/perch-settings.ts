import type { Browser } from 'puppeteer-core';
import { writeTrustedItem, type ExtensionContext } from './trusted-store-page';

export interface SimulatorAddress {
  url: string;
  wsUrl: string;
}

/** The version of the market setting's shape (`marketEndpointSetting` in src/background/market/endpoint-setting.ts). */
const MARKET_ENDPOINT_VERSION = 1;

/** Saves the simulator as Perch's market from `page`, an extension page or the worker (they share the trusted store). */
export async function saveSimulatorEndpoint(
  page: ExtensionContext,
  simulator: SimulatorAddress,
): Promise<void> {
  await writeTrustedItem(page, 'marketEndpoint', MARKET_ENDPOINT_VERSION, {
    environment: 'simulator',
    restUrl: simulator.url,
    wsUrl: simulator.wsUrl,
  });
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
