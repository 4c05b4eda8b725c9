import { join } from 'node:path';
import { expect } from 'vitest';
import { saveDemoKeys } from '../../scripts/dev-session';
import { sendPerchMessage } from '../../scripts/perch-messages';
import { attackStorageFromContentScript } from '../e2e/content-script-storage';
import { VAULT_PASSPHRASE } from '../e2e/perch-session';
import { startPageServer } from '../helpers/page-server';
import { firefoxTest as test } from './fixture';

/**
 * An expression for the options page that runs `body` (an async function's body) in Perch's
 * content-script sandbox on the tab showing `url`. WebDriver BiDi lists no content script realm
 * (script.getRealms shows the page's window and BiDi's own sandboxes only), so the options page injects
 * it with scripting.executeScript, which Firefox runs in the extension's content-script sandbox of that
 * page: the same `chrome.storage`, the page's origin.
 */
const inContentScriptOf = (url: string, body: string) => `(async () => {
  const tab = (await browser.tabs.query({})).find((candidate) => candidate.url === ${JSON.stringify(url)});
  const [injected] = await browser.scripting.executeScript({
    target: { tabId: tab.id },
    func: async () => { ${body} },
  });
  if (injected.error !== undefined) throw injected.error;
  return injected.result;
})()`;

test("in Firefox, a content script finds nothing of Perch's in storage.local, and what it writes or clears there changes nothing the worker keeps", async ({
  firefox,
  simulator,
}) => {
  const send = (name: string, payload: object = {}) => sendPerchMessage(firefox.options, name, payload);
  await expect(send('vaultSetUp', { passphrase: VAULT_PASSPHRASE })).resolves.toMatchObject({ ok: true });
  await saveDemoKeys(send, simulator);
  // A development build runs the overlay on 127.0.0.1 pages, where it also holds the host permission
  // that executeScript needs.
  const pages = await startPageServer(join(import.meta.dirname, '../e2e/site'));
  const chartUrl = `${pages.url}/tradingview-chart.html`;
  try {
    const chart = await firefox.browser.newPage();
    await chart.goto(chartUrl);

    await attackStorageFromContentScript({
      send,
      asContentScript: (body) => firefox.options.evaluate(inContentScriptOf(chartUrl, body)),
      pageOrigin: pages.url,
    });
    expect(firefox.perchErrors()).toEqual([]);
  } finally {
    await pages.close();
  }
});
