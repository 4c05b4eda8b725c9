import { expect } from 'vitest';
import { perchTest as test } from '../e2e/fixture';
import { ChartPage, type Badge } from '../e2e/pages/chart-page';
import { BADGE_WORDS, leakedWords, readBadgeFromPage, shownWords } from '../e2e/pages/page-read-out';
import type { Perch } from '../e2e/harness';
import { startSessionOnSimulator, type PerchSession } from '../e2e/perch-session';
import { closeWithoutTrade, openLong, simPositions } from '../e2e/sim-account';
import { DEFAULT_UI_SETTINGS } from '../../src/contracts/settings-defaults';
import { NOT_AS_DRAWN, PRESS_TOO_SOON, SETTLE_MS } from '../../src/content/badge/press-words';
import { recordScenario } from './scenario';

type Simulator = Parameters<typeof startSessionOnSimulator>[1];

const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';
const SECTION = 'Abuse from a web page';
const PRICE = /^\d{1,3}(,\d{3})*\.\d{2,}$/;
const priced = (badge: Badge) => PRICE.test(badge.lines[0]?.price ?? '');
const withPosition = (badge: Badge) => priced(badge) && badge.lines[0]?.positions.length === 1;

/** The box a page learns the overlay covers, by asking elementFromPoint on a 2 px grid of the viewport. */
const FOOTPRINT = `(() => {
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let x = 0; x < innerWidth; x += 2)
    for (let y = 0; y < innerHeight; y += 2)
      if (document.elementFromPoint(x, y)?.tagName === 'PERCH-OVERLAY') {
        box.left = Math.min(box.left, x); box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y); box.bottom = Math.max(box.bottom, y);
      }
  return box;
})()`;

/** A TradingView chart of Bybit's BTCUSDT perpetual, opened with privacy mode as asked. */
async function openChart(perch: Perch, session: PerchSession, privacy: boolean): Promise<ChartPage> {
  const settings = { ...DEFAULT_UI_SETTINGS, overlay: { ...DEFAULT_UI_SETTINGS.overlay, privacy } };
  const saved = await session.send('saveSettings', { settings });
  if (!saved.ok) throw new Error(saved.error.message);
  return ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
}

/** Perch set up on the simulator with a Bybit BTC long open. */
async function sessionWithBybitLong(perch: Perch, simulator: Simulator): Promise<PerchSession> {
  const session = await startSessionOnSimulator(perch, simulator);
  await openLong(simulator, 'bybit', 'net');
  return session;
}

test('a chart page finds, selects, copies, prints and measures nothing of the badge, in or out of privacy mode', async ({
  perch,
  simulator,
  task,
}) => {
  const session = await sessionWithBybitLong(perch, simulator);
  const chart = await openChart(perch, session, false);
  const shown = await chart.waitForBadge(withPosition);
  expect(shown.lines[0]?.positions[0]).toMatch(/^Long 0\.03/);
  const point = await chart.centerOf('position-text');
  const words = [...BADGE_WORDS, ...shownWords(shown)];

  const readOut = await readBadgeFromPage(chart, words, point);

  expect(leakedWords(readOut, words)).toEqual([]);
  expect(readOut.found).toEqual([]);
  await chart.page.emulateMediaType('print');
  await expect(chart.centerOf('badge')).rejects.toThrow();
  await chart.page.emulateMediaType('screen');

  await chart.page.close();
  const hidden = await openChart(perch, session, true);
  const private_ = await hidden.waitForBadge(withPosition);
  expect(private_.lines[0]?.positions).toEqual(['Position •••']);
  expect(leakedWords(await readBadgeFromPage(hidden, [...words, '•••'], point), [...words, '•••'])).toEqual(
    [],
  );
  const holding = await hidden.page.evaluate(FOOTPRINT);
  await closeWithoutTrade(simulator, 'bybit');
  await hidden.waitForBadge((badge) => priced(badge) && badge.lines[0]?.positions.length === 0);
  expect(await hidden.page.evaluate(FOOTPRINT)).toEqual(holding);

  recordScenario(task, {
    section: SECTION,
    scenario: "reading the badge's words from the page",
    injected: `window.find() of ${String(BADGE_WORDS.length + 2)} words of the badge, select-all and toString, a copy, caretRangeFromPoint on the position, print media`,
    times: '2 badges (privacy off and on), 1 page each',
    result:
      'nothing found, selected, copied or under the caret; the badge is not printed. Found: on the earlier badge window.find and a selection read "Long 0.030 @ 60,000.00 · PnL +146.60 USDT" (in the security review) out of the closed shadow root; fixed (every word is CSS generated content)',
  });
  recordScenario(task, {
    section: SECTION,
    scenario: 'measuring the badge to learn whether a position is open',
    injected: 'elementFromPoint on a 2 px grid of the whole viewport, with a Bybit long and after it closed',
    times: '2 scans, 1 page',
    result:
      'the same box both times. Found: the earlier badge was 72 px tall with a position and 50 px without; fixed (one position slot per instrument, always)',
  });
});

/** Page CSS that hides the host and moves the badge under a bait button of the page's own. */
const RESTYLES = {
  'made invisible and moved under bait': `perch-overlay{opacity:0!important;transform:translate(-200px,-120px)!important}`,
  'faded to 1 %': `perch-overlay{opacity:.01!important}`,
  'covered by a page element that lets clicks through': `#cover{position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none}`,
} as const;

test('a real hold on a badge the page restyled, moved or covered closes nothing', async ({
  perch,
  simulator,
  task,
}) => {
  const session = await sessionWithBybitLong(perch, simulator);
  for (const [how, css] of Object.entries(RESTYLES)) {
    const chart = await openChart(perch, session, false);
    await chart.waitForBadge(withPosition);

    await chart.page.evaluate(`(() => {
      const style = document.createElement('style');
      style.textContent = ${JSON.stringify(css)};
      document.head.append(style);
      // After Perch's host in <html>, at the same z-index: painted over the badge.
      const cover = document.createElement('div');
      cover.id = 'cover';
      document.documentElement.append(cover);
    })()`);
    const answer = await chart.holdClose();
    await chart.page.close();

    expect(answer, how).toBe(NOT_AS_DRAWN);
    expect(await simPositions(simulator, 'bybit'), how).toHaveLength(1);
    recordScenario(task, {
      section: SECTION,
      scenario: `clickjacking Close: the host ${how}`,
      injected: `page CSS \`${css}\`, then a person's real press held on Close where the browser draws it`,
      times: '1 hold',
      result: `nothing closed; the badge says "${NOT_AS_DRAWN}"${how.startsWith('made') ? '. Found: on the earlier badge the real click closed the position; fixed (Close needs a hold, refused while the host or <html> is restyled, the badge is out of place or, in Chromium, IntersectionObserver v2 reports it covered)' : ''}`,
    });
  }
});

test('a symbol switched under the pointer gets no press on the new Close', async ({
  perch,
  simulator,
  task,
}) => {
  const session = await sessionWithBybitLong(perch, simulator);
  await openLong(simulator, 'okx', 'net');
  const chart = await openChart(perch, session, false);
  await chart.waitForBadge(withPosition);
  // The bait: as the pointer comes over Perch, the page moves the chart to OKX, whose Close then sits
  // where the Bybit one was.
  await chart.page.evaluate(`document.querySelector('perch-overlay').addEventListener('pointerover', () => {
    window.switchSymbol('OKX', 'BTCUSDT.P');
  }, { once: true })`);
  const { x, y } = await chart.centerOf('close');
  await chart.page.mouse.move(x, y);
  await chart.waitForBadge((badge) => badge.lines[0]?.name === 'OKX BTC-USDT-SWAP' && withPosition(badge));

  await chart.page.mouse.down();
  const answered = await chart.waitForBadge((badge) => (badge.lines[0]?.results[0] ?? '') !== '');
  await chart.page.mouse.up();

  expect(answered.lines[0]?.results[0]).toBe(PRESS_TOO_SOON);
  expect(await simPositions(simulator, 'okx')).toHaveLength(1);
  expect(await simPositions(simulator, 'bybit')).toHaveLength(1);
  recordScenario(task, {
    section: SECTION,
    scenario: 'bait and switch: the symbol changed under the pointer',
    injected:
      "on pointerover of the host the page switches the chart from Bybit to OKX; a person's press lands on the new badge's Close as soon as it shows the OKX position",
    times: '1 press',
    result: `nothing closed on either exchange; the badge says "${PRESS_TOO_SOON}". Found: on the earlier badge the click closed the other exchange's position; fixed (a press within ${String(SETTLE_MS)} ms of a new row, a remount or a move is ignored)`,
  });
});
