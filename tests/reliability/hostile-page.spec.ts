import { expect } from 'vitest';
import type { Page } from 'puppeteer-core';
import { perchTest as test } from '../e2e/fixture';
import { ChartPage, type Badge } from '../e2e/pages/chart-page';
import { startSessionOnSimulator } from '../e2e/perch-session';
import { openLong, simPositions } from '../e2e/sim-account';
import { byRun, recordScenario } from './scenario';

const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';
const PRICE = /^\d{1,3}(,\d{3})*\.\d{2,}$/;
const SECTION = 'Abuse from a web page';

/**
 * Runs in the page's main world before any other script, as a hostile site's own code would: it takes
 * every shadow root created through the page's `attachShadow`, and keeps every window message it hears
 * (Perch must post none to the page).
 */
const SPY = `(() => {
  const captured = [];
  const heard = [];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, { ...init, mode: 'open' });
    captured.push(root);
    return root;
  };
  window.addEventListener('message', (event) => heard.push(event.data), true);
  window.__hostile = { captured, heard };
})()`;

/** Messages shaped like Perch's own envelopes and intents, asking for a close and for secrets. */
const LOOK_ALIKES = [
  {
    perch: 1,
    name: 'closePosition',
    payload: { exchange: 'bybit', instrument: { category: 'linear', symbol: 'BTCUSDT' }, slot: 'one-way' },
  },
  { perch: 1, name: 'vaultReadCredentials', payload: {} },
  { type: 'want', quotes: [{ exchange: 'bybit', category: 'linear', symbol: 'BTCUSDT' }], account: true },
  { type: 'close', exchange: 'bybit', symbol: 'BTCUSDT' },
];

interface PageAttempts {
  capturedRoots: number;
  heardFromPerch: unknown[];
  runtimeSend: string;
  runtimeConnect: string;
}

/** Posts each look-alike `rounds` times and tries to reach the extension directly, from the page's world. */
async function attackFromPage(page: Page, extensionId: string, rounds: number): Promise<PageAttempts> {
  return (await page.evaluate(`(async () => {
    const lookAlikes = ${JSON.stringify(LOOK_ALIKES)};
    for (let round = 0; round < ${String(rounds)}; round += 1)
      for (const message of lookAlikes) window.postMessage(message, '*');
    const attempt = (run) => { try { run(); return 'sent'; } catch (error) { return 'refused: ' + error.message; } };
    // WXT stops an older copy of a content script when a newer one announces itself with this event:
    // a page that forges the announcement must not silence the overlay.
    document.dispatchEvent(new CustomEvent(${JSON.stringify(`${extensionId}:overlay:wxt:content-script-started`)}, {
      detail: { contentScriptName: 'overlay', messageId: 'forged' },
    }));
    const runtime = globalThis.chrome && globalThis.chrome.runtime;
    const runtimeSend = runtime && runtime.sendMessage
      ? attempt(() => runtime.sendMessage(${JSON.stringify(extensionId)}, lookAlikes[0]))
      : 'no runtime';
    const runtimeConnect = runtime && runtime.connect
      ? attempt(() => runtime.connect(${JSON.stringify(extensionId)}))
      : 'no runtime';
    // Messages from one window arrive in order: once the last marker is heard, all the page's own are in.
    const marker = { marker: Math.random() };
    await new Promise((resolve) => {
      const onMarker = (event) => {
        if (event.data && event.data.marker === marker.marker) { window.removeEventListener('message', onMarker); resolve(); }
      };
      window.addEventListener('message', onMarker);
      window.postMessage(marker, '*');
    });
    // Every message the spy heard that the page did not post itself came from somewhere else.
    const own = new Set([...lookAlikes, marker].map((message) => JSON.stringify(message)));
    return {
      capturedRoots: window.__hostile.captured.length,
      heardFromPerch: window.__hostile.heard.filter((data) => !own.has(JSON.stringify(data))),
      runtimeSend,
      runtimeConnect,
    };
  })()`)) as PageAttempts;
}

test('a hostile chart page cannot close a position, reach the extension or read the badge', async ({
  perch,
  simulator,
  task,
}) => {
  const rounds = byRun(5, 100);
  await startSessionOnSimulator(perch, simulator);
  await openLong(simulator, 'bybit', 'net');
  const chart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html', (page) =>
    page.evaluateOnNewDocument(SPY),
  );
  const priced = (badge: Badge) => PRICE.test(badge.lines[0]?.price ?? '');
  const first = await chart.waitForBadge((badge) => priced(badge) && badge.lines[0]?.positions.length === 1);

  const attempts = await attackFromPage(chart.page, perch.extensionId, rounds);
  for (let round = 0; round < rounds; round += 1) await chart.pressCloseFromPage();
  // Two more prices on the badge: time enough for a close to reach the simulator, had one been sent.
  const next = await chart.waitForBadge((badge) => badge.lines[0]?.price !== first.lines[0]?.price);
  const after = await chart.waitForBadge((badge) => badge.lines[0]?.price !== next.lines[0]?.price);

  expect(attempts).toEqual({
    capturedRoots: 0,
    heardFromPerch: [],
    runtimeSend: 'no runtime',
    runtimeConnect: 'no runtime',
  });
  await expect(chart.overlayAsSeenByPage()).resolves.toEqual({ present: true, shadowRootVisible: false });
  expect(await simPositions(simulator, 'bybit')).toHaveLength(1);
  expect(after.lines[0]?.positions).toHaveLength(1);
  expect(after.lines[0]?.results).toEqual(['']);
  expect(after.shadowRootType).toBe('closed');

  recordScenario(task, {
    section: SECTION,
    scenario:
      'look-alike messages, a forged "content script started" event, a hijacked attachShadow, direct calls to the extension',
    injected: `${String(LOOK_ALIKES.length)} window messages shaped like Perch's envelopes and port intents (close, read credentials, want the account); WXT's "newer copy started" document event naming the overlay; chrome.runtime.sendMessage/connect to Perch's id; Element.prototype.attachShadow replaced before any script ran`,
    times: `${String(rounds * LOOK_ALIKES.length)} messages, 1 forged event, 2 direct calls, 1 page`,
    result:
      'the position stays open on the simulator and on the badge, which keeps taking prices; the page got no shadow root (0 captured, host.shadowRoot null) and heard no message from Perch; a page has no chrome.runtime to reach Perch with. Found: the forged event removed the overlay (WXT aborts its context on it), and WXT posted a message with Perch’s id to every page; fixed (the overlay no longer follows that signal; the post is turned off)',
  });
  recordScenario(task, {
    section: SECTION,
    scenario: 'synthetic clicks and keys on the Close button',
    injected:
      'host.click(), dispatched click/pointerdown at the button’s spot, elementFromPoint(...).click(), Enter keydown',
    times: `${String(rounds)} rounds of 6 events`,
    result:
      'nothing closed: the simulator still holds the position after two more prices reached the badge, and the badge shows no close result',
  });
});
