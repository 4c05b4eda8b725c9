import type { Page } from 'puppeteer-core';
import { HUB_PORT } from '../../src/contracts/port-names';
import type { Perch } from '../../tests/e2e/harness';
import type { WantedQuote } from './bench-market';

export interface Streaming {
  /** Hub messages and quotes the page received so far. */
  received(): Promise<{ messages: number; quotes: number }>;
  close(): Promise<void>;
}

/**
 * An extension page that keeps the worker streaming `quotes`: it opens the hub port as the popup does
 * and asks for them, as a trader's popup with a long watchlist would.
 */
export async function streamQuotes(perch: Perch, quotes: readonly WantedQuote[]): Promise<Streaming> {
  const page: Page = await perch.browser.newPage();
  await page.goto(`chrome-extension://${perch.extensionId}/options.html`);
  await page.evaluate(`(() => {
    const counts = { messages: 0, quotes: 0 };
    const port = chrome.runtime.connect({ name: ${JSON.stringify(HUB_PORT)} });
    port.onMessage.addListener((message) => {
      counts.messages++;
      counts.quotes += Array.isArray(message.quotes) ? message.quotes.length : 0;
    });
    port.postMessage({ type: 'want', quotes: ${JSON.stringify(quotes)} });
    window.__perchStream = { port, counts };
  })()`);
  return {
    received: async () =>
      (await page.evaluate('({ ...window.__perchStream.counts })')) as { messages: number; quotes: number },
    close: () => page.close(),
  };
}
