import { expect } from 'vitest';
import { perchTest, simulatorWith } from '../e2e/fixture';
import { ChartPage, showUrlSymbol, type Badge } from '../e2e/pages/chart-page';
import { PopupPage } from '../e2e/pages/popup-page';
import { startSessionOnSimulator } from '../e2e/perch-session';
import { evaluateAsOverlay } from '../e2e/pages/content-script-world';
import { recordScenario } from './scenario';

/** Seven made-up coins (ALT1 to ALT7) on four markets each: more instruments than chart pages may follow. */
const test = perchTest.extend({ simulator: simulatorWith({ extraCoins: 7 }) });

const TOO_OFTEN = 'This chart page changed symbols too often; Perch paused its quotes for a few seconds.';
const FULL =
  'Chart pages already follow 24 instruments, as many as Perch streams for them; close a chart tab you no longer need, then reload this page.';
const HAMMERED_WANTS = 200;
const PRICE = /^\d[\d,]*(\.\d+)?$/;
const priceOf = (badge: Badge) => badge.lines[0]?.price ?? '';
const priced = (badge: Badge) => badge.notice === '' && PRICE.test(priceOf(badge));
const chartUrl = (symbol: string) => `https://www.tradingview.com/chart/?symbol=${symbol}`;

/** ALT`n` on the four markets the simulator lists it on, as a page names them. */
const altMarkets = (n: number) => [
  { exchange: 'okx', kind: 'perpetual', symbol: `ALT${String(n)}-USDT-SWAP` },
  { exchange: 'okx', kind: 'spot', symbol: `ALT${String(n)}-USDT` },
  { exchange: 'bybit', kind: 'perpetual', symbol: `ALT${String(n)}USDT`, contractType: 'linear' },
  { exchange: 'bybit', kind: 'spot', symbol: `ALT${String(n)}USDT` },
];
/** ALT1 to ALT6: 24 instruments no watchlist row or extension page streams. */
const FILLING = [1, 2, 3, 4, 5, 6].map(altMarkets);
/** The hammering port's last want, unlike any before it: one instrument the filling ports follow. */
const LAST = altMarkets(1).slice(0, 1);

/** In the overlay's world: opens a hub port per list, each wanting that list, and returns each first answer. */
const openPortsWanting = (lists: readonly object[][]) => `(async () => {
  globalThis.budgetPorts = globalThis.budgetPorts ?? [];
  const answers = [];
  for (const quotes of ${JSON.stringify(lists)}) {
    const port = chrome.runtime.connect({ name: 'hub' });
    globalThis.budgetPorts.push(port);
    answers.push(await new Promise((resolve) => {
      port.onMessage.addListener((message) => {
        if (message.type !== 'changes') resolve(message.type === 'error' ? message.message : message.type);
      });
      port.postMessage({ type: 'want', quotes });
    }));
  }
  return answers;
})()`;

/**
 * In the overlay's world: one port sends `count` wants at once over the lists, then `last`, and waits until
 * `last`, which waited for room, comes through; returns every answer (a snapshot with the symbols it
 * quotes) and how long the last one took.
 */
const hammer = (count: number, lists: readonly object[][], last: readonly object[]) => `(async () => {
  const port = chrome.runtime.connect({ name: 'hub' });
  globalThis.budgetPorts.push(port);
  const answers = [];
  port.onMessage.addListener((message) => {
    if (message.type === 'error') answers.push(message.message);
    if (message.type === 'snapshot') answers.push('snapshot ' + message.quotes.map((quote) => quote.symbol).join(','));
  });
  const lists = ${JSON.stringify(lists)};
  for (let sent = 0; sent < ${String(count)}; sent += 1)
    port.postMessage({ type: 'want', quotes: lists[sent % lists.length] });
  port.postMessage({ type: 'want', quotes: ${JSON.stringify(last)} });
  const sentAt = Date.now();
  const through = 'snapshot ' + ${JSON.stringify(last.map((instrument) => (instrument as { symbol: string }).symbol).join(','))};
  while (answers.at(-1) !== through && Date.now() - sentAt < 20000)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return { answers, lastAfterMs: Date.now() - sentAt };
})()`;

test('a chart page over its budgets is refused in words, the popup and other charts keep their prices, and closing a tab makes room', async ({
  perch,
  simulator,
  task,
}) => {
  await startSessionOnSimulator(perch, simulator);
  const popup = new PopupPage(await perch.openPopup());
  const hostile = await ChartPage.open(perch.browser, chartUrl('BYBIT:BTCUSDT.P'), 'tradingview-chart.html');
  const hostileFirst = await hostile.waitForBadge(priced);

  // A compromised renderer with the overlay's powers fills the cap, then asks for one instrument more.
  const filled = await evaluateAsOverlay(
    hostile.page,
    perch.extensionId,
    openPortsWanting([...FILLING, altMarkets(7).slice(0, 1)]),
  );
  expect(filled).toEqual([...FILLING.map(() => 'snapshot'), FULL]);

  // A real chart page switching to a market no one follows yet is refused in words on its badge.
  const chart = await ChartPage.open(
    perch.browser,
    chartUrl('BYBIT:BTCUSDT.P'),
    'tradingview-chart.html',
    showUrlSymbol,
  );
  await chart.waitForBadge(priced);
  await chart.switchSymbol('BYBIT', 'ALT7USDT.P');
  const refused = await chart.waitForBadge((badge) => badge.notice === FULL);

  // The same renderer now hammers the hub with wants from one port, while the popup takes prices.
  const calmPrices = await popup.watchlistPrices();
  const calmFrom = Date.now();
  const calmPrices2 = await popup.watchlistPrices(calmPrices);
  const calmMs = Date.now() - calmFrom;
  const hammeredFrom = Date.now();
  const [hammered, popupPrices] = await Promise.all([
    evaluateAsOverlay(hostile.page, perch.extensionId, hammer(HAMMERED_WANTS, FILLING, LAST)) as Promise<{
      answers: string[];
      lastAfterMs: number;
    }>,
    popup.watchlistPrices(calmPrices2, 5_000),
  ]);
  const popupMs = Date.now() - hammeredFrom;
  const refusals = hammered.answers.filter((answer) => !answer.startsWith('snapshot'));
  expect(new Set(refusals)).toEqual(new Set([TOO_OFTEN]));
  // At most the tab's burst of 10 (less what its ports already spent) and one a second got through.
  expect(refusals.length).toBeGreaterThanOrEqual(
    HAMMERED_WANTS + 1 - 10 - Math.ceil(hammered.lastAfterMs / 1000),
  );
  expect(hammered.answers.at(-1)).toBe(`snapshot ${LAST[0]?.symbol ?? ''}`);
  expect(popupPrices).not.toBe(calmPrices2);
  const hostileLater = await hostile.waitForBadge(
    (badge) => priced(badge) && priceOf(badge) !== priceOf(hostileFirst),
  );

  // Closing the hostile tab makes room: the refused page, reloaded as its words say, takes its quotes.
  await hostile.page.close();
  await chart.page.reload();
  const recovered = await chart.waitForBadge(priced);
  expect(recovered.lines[0]?.name).toBe('Bybit ALT7USDT');

  recordScenario(task, {
    section: 'Abuse from a web page',
    scenario:
      'a compromised chart page with the overlay’s powers fills the chart pages’ cap and hammers the hub with wants; a second, honest chart switches to a new market (browser)',
    injected: `from the overlay's script world: 6 hub ports wanting 24 instruments no watchlist row or extension page streams, a 7th wanting one more; then ${String(HAMMERED_WANTS + 1)} wants at once on one port; the honest tab switches to BYBIT:ALT7USDT.P`,
    times: `7 ports, ${String(HAMMERED_WANTS + 1)} wants, 1 switch`,
    result: `the 7th port and the honest tab were refused in words (badge: "${refused.notice}"); of the ${String(HAMMERED_WANTS + 1)} wants ${String(refusals.length)} were refused with "${TOO_OFTEN}", and the last came through ${(hammered.lastAfterMs / 1000).toFixed(1)} s after they were sent; the popup showed a new price ${String(popupMs)} ms into the hammering (${String(calmMs)} ms before it), the hostile tab's own badge went on from ${priceOf(hostileFirst)} to ${priceOf(hostileLater)}; once the hostile tab closed, the refused tab, reloaded, showed ALT7 at ${priceOf(recovered)}`,
  });
});
