// Saves screenshots of Perch's screens, in light and dark, to docs/screenshots/ (npm run screenshots),
// so a change to a screen can be looked at, not just tested. Each run shows the same thing: a fixed
// seed and port, a market that stands still at pinned prices, the development session's keys and
// positions, UTC, and fixed window sizes (the popup is the real toolbar popup, at the size Chromium gives it).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { startSimulator } from '../sim';
import { launchPerch } from '../tests/e2e/harness';
import { ChartPage } from '../tests/e2e/pages/chart-page';
import { openActionPopup } from './action-popup';
import { ensureDevBuild, ROOT } from './dev-build';
import { startDevSession } from './dev-session';
import { sendPerchMessage } from './perch-messages';
import { keepPricesPinned, setPinnedPrices, STILL_MARKET_TICK_MS } from './pinned-market';

// Chromium inherits the time zone: clock times on the screens read the same on every machine.
process.env.TZ = 'UTC';

const THEMES = ['light', 'dark'] as const;
/** The pinned BTC price (scripts/pinned-market.ts) as a screen shows it, with or without a thousands comma. */
const BTC_SHOWN = /67,?250\.5/;
/** How long a screen may take to show its content before it is taken as it is, with a warning. */
const READY_WITHIN_MS = 10_000;
/** The popup names the market's address, so the simulator listens on the same port every run. */
const PORT = Number(process.env.PERCH_SCREENSHOT_PORT ?? 8766);
/** The overlay is shown on the simulator's demo chart of Bybit's BTC perpetual; these are the candles it asks for. */
const DEMO_CHART = '/demo/chart?symbol=BYBIT:BTCUSDT.P';
const DEMO_CHART_CANDLES = '/v5/market/kline?category=linear&symbol=BTCUSDT&interval=1&limit=120';

interface Shot {
  readonly name: string;
  readonly page: Page;
  /** What the screen shows once it has its content, in words for the warning. */
  readonly waitsFor: string;
  readonly ready: () => Promise<boolean>;
  readonly fullPage: boolean;
}

const pageText = (page: Page) => page.evaluate('document.body.innerText') as Promise<string>;

/** Opens or closes the first position's Protect panel; true once it is as asked. */
async function protectPanel(page: Page, open: boolean): Promise<boolean> {
  const toggle = await page.$('.perch-protect-toggle');
  if (toggle === null) return false;
  const expanded = (await page.$('.perch-protect-toggle[aria-expanded="true"]')) !== null;
  if (expanded !== open) await toggle.click();
  return ((await page.$('.perch-protect-panel')) !== null) === open;
}

/** Opens or closes the first watchlist quote's alert form, scrolled into view when open; true once it is as asked. */
async function alertForm(page: Page, open: boolean): Promise<boolean> {
  const bell = await page.$('.perch-quote .perch-alert-bell');
  if (bell === null) return false;
  const expanded = (await page.$('.perch-quote .perch-alert-bell[aria-expanded="true"]')) !== null;
  if (expanded !== open) await bell.click();
  const form = await page.$('.perch-alert-form');
  // A string, not a function: scripts compile without DOM types.
  if (open)
    await page.evaluate(`document.querySelector('.perch-alert-form')?.scrollIntoView({ block: 'center' })`);
  else await page.evaluate('window.scrollTo(0, 0)');
  return (form !== null) === open;
}

async function until(ready: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Resolves once the page's DOM has not changed for half a second (at most 5 s): the theme has repainted. */
const settled = (page: Page) =>
  page.evaluate(`new Promise((resolve) => {
    let quiet;
    const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(done, 500); });
    const done = () => { observer.disconnect(); resolve(); };
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    quiet = setTimeout(done, 500);
    setTimeout(done, 5000);
  })`);

const outDir = join(ROOT, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
ensureDevBuild();
const simulator = await startSimulator({ port: PORT, seed: 7, tickMs: STILL_MARKET_TICK_MS }).catch(
  (error: unknown) => {
    console.error(
      `The simulator could not start on port ${PORT} (${String(error)}). Stop what uses it, or run PERCH_SCREENSHOT_PORT=<port> npm run screenshots.`,
    );
    process.exit(1);
  },
);
await setPinnedPrices(simulator);
// The chart's candle history is made up on its first request from the simulator's shared random
// numbers: asked for now, before Perch or the repeated pins draw any, it is the same every run.
await fetch(`${simulator.url}${DEMO_CHART_CANDLES}`);
const unpin = keepPricesPinned(simulator);
const perch = await launchPerch();
const warnings: string[] = [];
try {
  await perch.useSimulator(simulator);
  const options = await perch.openOptions();
  await options.setViewport({ width: 1000, height: 700 });
  await startDevSession(options, simulator);
  // Two alerts, so the options page lists them and the popup counts them.
  for (const draft of [
    {
      condition: {
        kind: 'price',
        instrument: { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
        direction: 'above',
        level: '70000',
        source: 'last',
      },
      repeat: { mode: 'once' },
      sound: true,
    },
    {
      condition: {
        kind: 'liquidation',
        scope: { exchanges: ['okx', 'bybit'], symbols: [] },
        belowPercent: '10',
      },
      repeat: { mode: 'every', cooldownSeconds: 300 },
      sound: false,
    },
  ])
    await sendPerchMessage(options, 'saveAlert', { draft });
  // The page read the vault before the session set it up through messages: it shows it as it is now.
  await options.reload();
  const status = await sendPerchMessage(options, 'vaultStatus', {});
  const okxKey = status.ok
    ? (status.data as { credentials: { exchange: string; maskedKey: string }[] }).credentials.find(
        (credential) => credential.exchange === 'okx',
      )?.maskedKey
    : undefined;

  const chart = await perch.browser.newPage();
  await chart.setViewport({ width: 1000, height: 600 });
  await chart.goto(`${simulator.url}${DEMO_CHART}`);
  const popup = await openActionPopup(perch.browser, perch.extensionId, chart);
  // The launch's default viewport would stretch the popup to a tab's size; it keeps its own.
  await popup.setViewport(null);

  const shots: Shot[] = [
    {
      name: 'popup',
      page: popup,
      waitsFor: 'the BTC price',
      ready: async () =>
        (await alertForm(popup, false)) &&
        (await protectPanel(popup, false)) &&
        BTC_SHOWN.test(await pageText(popup)),
      fullPage: false,
    },
    {
      name: 'popup-protect',
      page: popup,
      waitsFor: "the first position's Protect panel",
      ready: async () => (await protectPanel(popup, true)) && BTC_SHOWN.test(await pageText(popup)),
      fullPage: false,
    },
    {
      name: 'popup-alert',
      page: popup,
      waitsFor: "the first quote's alert form",
      ready: async () => (await protectPanel(popup, false)) && (await alertForm(popup, true)),
      fullPage: false,
    },
    {
      name: 'options',
      page: options,
      waitsFor: `the saved OKX key (${okxKey ?? 'no masked key came back'})`,
      ready: async () => okxKey !== undefined && (await pageText(options)).includes(okxKey),
      fullPage: true,
    },
    {
      name: 'overlay',
      page: chart,
      waitsFor: 'the BTC price in the overlay',
      ready: async () => BTC_SHOWN.test((await new ChartPage(chart).overlay()).text),
      fullPage: false,
    },
  ];
  for (const theme of THEMES) {
    for (const shot of shots) {
      await shot.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      if (!(await until(shot.ready, READY_WITHIN_MS)))
        warnings.push(`The ${shot.name} (${theme}) never showed ${shot.waitsFor}; it was taken as it was.`);
      await settled(shot.page);
      await shot.page.screenshot({
        path: join(outDir, `${shot.name}-${theme}.png`),
        fullPage: shot.fullPage,
      });
    }
  }
  console.log(`Screenshots written to ${outDir}`);
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
} finally {
  await perch.close();
  await unpin();
  await simulator.stop();
}
