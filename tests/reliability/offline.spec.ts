import type { CDPSession, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { perchTest as test } from '../e2e/fixture';
import type { Perch } from '../e2e/harness';
import { PopupPage } from '../e2e/pages/popup-page';
import { startSessionOnSimulator } from '../e2e/perch-session';
import { BTC_PERPETUAL, openLong } from '../e2e/sim-account';
import { startNetworkCable, type NetworkCable } from './network-cable';
import { byRun, recordScenario } from './scenario';

const WAIT = { timeout: 60_000, polling: 200 } as const;

/**
 * The browser's offline switch, as DevTools' "Offline" sets it, on the worker (which talks to the
 * exchanges) and on the pages: `navigator.onLine` turns false, fetches and new socket handshakes fail.
 * Chrome leaves sockets already open alone under it, so the cable holds their bytes (a lost network's
 * silence) for as long as the switch is off.
 */
async function offlineSwitch(perch: Perch, pages: readonly Page[], cable: NetworkCable) {
  const sessions: CDPSession[] = [(await perch.worker()).client];
  for (const page of pages) sessions.push(await page.createCDPSession());
  const set = async (offline: boolean) => {
    if (offline) cable.unplug();
    for (const session of sessions)
      await session.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    if (!offline) cable.plugIn();
  };
  return { off: () => set(true), on: () => set(false) };
}

/** Every exchange's line and every quote and position row says its data is not live. */
const ALL_STALE = `(() => {
  const connections = [...document.querySelectorAll('.perch-connection')];
  const rows = [...document.querySelectorAll('.perch-quote, .perch-position')];
  return connections.length === 2 && connections.every((connection) => connection.dataset.tone !== 'live') &&
    rows.length > 0 && rows.every((row) => row.classList.contains('perch-stale'));
})()`;

/** Both exchanges live again, every row fresh, and the OKX price moved off `frozen`. */
const allLiveAgain = (frozen: string) => `(() => {
  const connections = [...document.querySelectorAll('.perch-connection')];
  const rows = [...document.querySelectorAll('.perch-quote, .perch-position')];
  const okx = document.querySelector('.perch-quote[data-exchange="okx"][data-symbol="${BTC_PERPETUAL.okx.symbol}"] .perch-price');
  return connections.length === 2 && connections.every((connection) => connection.dataset.tone === 'live') &&
    rows.length > 0 && rows.every((row) => !row.classList.contains('perch-stale')) &&
    okx !== null && okx.textContent !== ${JSON.stringify(frozen)};
})()`;

/** The oldest data age the connection bar shows, in seconds ("down · 21 s", "stale · 1 min"). */
const OLDEST_AGE_S = `Math.max(...[...document.querySelectorAll('.perch-connection')].map((connection) => {
  const age = /· ([\\d.]+) (s|min|h)/.exec(connection.textContent);
  return age === null ? 0 : Number(age[1]) * { s: 1, min: 60, h: 3600 }[age[2]];
}))`;

test(
  'the browser offline and back: the popup marks every price and position stale, then recovers with no action',
  async ({ perch, simulator, task }) => {
    const outageS = byRun(15, 60);
    const cable = await startNetworkCable(simulator);
    try {
      const session = await startSessionOnSimulator(perch, {
        ...simulator,
        url: cable.url,
        wsUrl: cable.wsUrl,
      });
      await openLong(simulator, 'okx', 'net');
      await openLong(simulator, 'bybit', 'net');
      const popup = new PopupPage(await perch.openPopup());
      await popup.positions(2);
      await popup.quoteWithPrice('bybit', BTC_PERPETUAL.bybit.symbol);
      await popup.page.waitForFunction(allLiveAgain(''), WAIT);
      const network = await offlineSwitch(perch, [popup.page, session.options], cable);

      await network.off();
      const offAt = Date.now();
      await popup.page.waitForFunction(ALL_STALE, WAIT);
      const markedStaleMs = Date.now() - offAt;
      const offlineConnections = await popup.connections();
      const frozen = (await popup.quoteWithPrice('okx', BTC_PERPETUAL.okx.symbol)).last;
      // The outage lasts until the popup shows data this old: the sockets' backoff has grown meanwhile.
      await popup.page.waitForFunction(`${OLDEST_AGE_S} >= ${outageS}`, {
        ...WAIT,
        timeout: (outageS + 30) * 1000,
      });
      // Never a frozen price shown as live, however long it lasts.
      expect(await popup.page.evaluate(ALL_STALE)).toBe(true);
      for (const connection of await popup.connections())
        expect(connection.state).toMatch(/^(stale|down) · \d+ (s|min)$/);

      await network.on();
      const onAt = Date.now();
      await popup.page.waitForFunction(allLiveAgain(frozen), WAIT);
      const recoveredMs = Date.now() - onAt;
      const sockets = simulator.ctx.sockets.sessions().length;
      expect(sockets).toBeGreaterThan(0);
      expect(recoveredMs).toBeLessThan(5_000);

      recordScenario(task, {
        section: 'Worker and browser',
        scenario: 'browser offline, then back online',
        injected: `DevTools' offline switch on the worker and the pages (\`Network.emulateNetworkConditions\`) with every open socket's bytes held at a loopback cable (Chrome's switch leaves open sockets alone); ${outageS} s of outage as the popup counts data age`,
        times: '1 outage',
        result: `every price and position row marked stale and both exchanges not live ${(markedStaleMs / 1000).toFixed(1)} s after the cut (${offlineConnections.map((connection) => `${connection.exchange} "${connection.state}", "${connection.problem}"`).join('; ')}); live again with fresh quotes and positions ${(recoveredMs / 1000).toFixed(1)} s after the network came back, no action. Found: back online, every socket slept out its backoff (up to 30 s; 3.4 s and 7.0 s in two 60 s outages before the fix, 0.4 s after); fixed, the worker reads \`navigator.onLine\` every second (Chrome fires no \`online\` event in a service worker) and retries at once`,
      });
    } finally {
      await cable.close();
    }
  },
  byRun(60_000, 180_000),
);
