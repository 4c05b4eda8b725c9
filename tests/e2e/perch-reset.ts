import { TargetType, type Browser, type Page } from 'puppeteer-core';
import { isPerchWorker, targetGone, type PerchBrowser } from './harness';

/**
 * Puts a browser that ran a test back to the state a fresh install of Perch is in, so the next test in
 * the file need not start (and install into) a Chromium of its own, which took 3 to 6 s a test:
 * every tab and extension page closed, the worker stopped, everything the extension keeps outside the
 * worker emptied (its storage areas, its origin's databases, alarms, run-time content scripts, granted
 * optional sites, notifications, the toolbar badge), and then a new worker started on that empty state,
 * as an install starts one. Throws if any of it is left, rather than hand the next test old state.
 */
export async function resetPerch(host: PerchBrowser): Promise<void> {
  const { browser, extensionId } = host;
  const origin = `chrome-extension://${extensionId}`;
  // The reset's own tab, closed last: a fresh install leaves none open (the harness closed its options tab).
  const tab = await browser.newPage();
  await closeAllBut(browser, tab, origin);
  const session = await tab.createCDPSession();
  await session.send('ServiceWorker.enable');
  // A storage event may wake the worker while the clearing runs; it would start on half-cleared state.
  // Stopped again, the clearing is repeated until it finishes with no worker woken.
  for (let round = 1; ; round += 1) {
    await stopWorker(browser);
    // Perch's manifest, shown as text: an extension page of Perch's own that runs none of its code.
    await tab.goto(`${origin}/manifest.json`);
    const left = (await tab.evaluate(CLEAR_AND_LIST_LEFT)) as string[];
    const woken = browser.targets().some(isPerchWorker);
    if (left.length === 0 && !woken) break;
    if (round === 3)
      throw new Error(
        `Perch's state would not clear: ${woken ? 'the worker kept waking; ' : ''}${left.join(', ')}`,
      );
  }
  await session.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` });
  await browser.waitForTarget(isPerchWorker, { timeout: 10_000 });
  await session.detach();
  await tab.close();
}

/** Closes every tab and every page of the extension (popup, side panel, offscreen document) but `keep`. */
async function closeAllBut(browser: Browser, keep: Page, origin: string): Promise<void> {
  for (const target of browser.targets()) {
    const extensionPage = target.url().startsWith(origin) && target.type() !== TargetType.SERVICE_WORKER;
    if (target.type() !== TargetType.PAGE && !extensionPage) continue;
    const page = target.type() === TargetType.PAGE ? await target.page() : await target.asPage();
    if (page === null || page === keep) continue;
    const gone = targetGone(browser, target);
    await page.close();
    await gone;
  }
}

/**
 * Stops Perch's worker. A DevTools session on it (a test's `perch.worker()`) keeps it running through
 * `ServiceWorker.stopAllWorkers`, so its target is closed, which detaches that session too.
 */
async function stopWorker(browser: Browser): Promise<void> {
  const target = browser.targets().find(isPerchWorker);
  if (target === undefined) return;
  const gone = targetGone(browser, target);
  await (await target.worker())?.close();
  await gone;
}

/** Run in an extension page: empties what the extension keeps, then lists what is still there. */
const CLEAR_AND_LIST_LEFT = `(async () => {
  const manifest = chrome.runtime.getManifest();
  const areas = ['local', 'session', 'sync'];
  await Promise.all(areas.map((area) => chrome.storage[area].clear()));
  for (const { name } of await indexedDB.databases())
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = resolve;
      request.onerror = () => reject(request.error);
    });
  localStorage.clear();
  for (const key of await caches.keys()) await caches.delete(key);
  await chrome.alarms.clearAll();
  await chrome.scripting.unregisterContentScripts();
  const required = new Set([...manifest.host_permissions, ...manifest.content_scripts.flatMap((script) => script.matches)]);
  const granted = (await chrome.permissions.getAll()).origins.filter((origin) => !required.has(origin));
  if (granted.length > 0) await chrome.permissions.remove({ origins: granted });
  for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
  await chrome.action.setBadgeText({ text: '' });
  await chrome.action.setTitle({ title: manifest.action.default_title });

  const left = [];
  for (const area of areas)
    if (Object.keys(await chrome.storage[area].get(null)).length > 0) left.push('storage.' + area);
  if ((await indexedDB.databases()).length > 0) left.push('IndexedDB');
  if ((await chrome.alarms.getAll()).length > 0) left.push('alarms');
  if ((await chrome.scripting.getRegisteredContentScripts()).length > 0) left.push('content scripts');
  if ((await chrome.permissions.getAll()).origins.some((origin) => !required.has(origin))) left.push('granted sites');
  return left;
})()`;
