// Saves screenshots of Perch's screens, in light and dark, to docs/screenshots/ (npm run screenshots),
// so a change to a screen can be looked at, not just tested, and the store listing's images with them
// (docs/screenshots/store/). Each run shows the same thing: a fixed seed and port, a market that stands
// still at pinned prices, the development session's keys and positions, UTC, and fixed window sizes (the
// popup is the real toolbar popup, at the size Chromium gives it). Each family of screens lists its shots
// in its own file (shots-*.ts); a new image is one entry there.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from '../sim';
import { okx, bybit } from '../tests/integration/sim-private-client';
import { launchPerch } from '../tests/e2e/harness';
import { SidePanel } from '../tests/e2e/pages/side-panel';
import { openActionPopup } from './action-popup';
import { ensureDevBuild, ROOT } from './dev-build';
import { startDevSession } from './dev-session';
import { sendPerchMessage } from './perch-messages';
import { keepPricesPinned, setPinnedPrices, STILL_MARKET_TICK_MS } from './pinned-market';
import { takeShots, type Screens, type Shot } from './shot-kit';
import { firstRunShots } from './shots-first-run';
import { optionsShots } from './shots-options';
import { overlayShots } from './shots-overlay';
import { popupShots } from './shots-popup';
import { sidePanelShots } from './shots-side-panel';
import { storeShots } from './shots-store';

// Chromium inherits the time zone: clock times on the screens read the same on every machine.
process.env.TZ = 'UTC';

/** Every family of screens, in the order they are taken. */
const FAMILIES: readonly ((screens: Screens) => Shot[])[] = [
  popupShots,
  sidePanelShots,
  optionsShots,
  overlayShots,
  storeShots,
];

/** The popup names the market's address, so the simulator listens on the same port every run. */
const PORT = Number(process.env.PERCH_SCREENSHOT_PORT ?? 8766);
/** The overlay is shown on the simulator's demo chart of Bybit's BTC perpetual; these are the candles it asks for. */
const DEMO_CHART = '/demo/chart?symbol=BYBIT:BTCUSDT.P';
const DEMO_CHART_CANDLES = '/v5/market/kline?category=linear&symbol=BTCUSDT&interval=1&limit=120';

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
/** A resting buy limit far below the market on each exchange, so the popup's Orders tab has rows. */
async function placeRestingOrders(): Promise<void> {
  await okx(simulator, 'POST', '/api/v5/trade/order', {
    instId: 'BTC-USDT-SWAP',
    tdMode: 'cross',
    side: 'buy',
    ordType: 'limit',
    sz: '1',
    px: '50000',
  });
  await bybit(simulator, 'POST', '/v5/order/create', {
    category: 'linear',
    symbol: 'BTCUSDT',
    side: 'Buy',
    orderType: 'Limit',
    qty: '0.01',
    price: '50000',
  });
}

/** A fresh profile with no vault, for the first-run path's steps. */
async function shootFirstRun(): Promise<string[]> {
  const fresh = await launchPerch();
  try {
    await fresh.useSimulator(simulator);
    const options = await fresh.openOptions();
    return await takeShots(firstRunShots({ perch: fresh, simulator, options }), outDir);
  } finally {
    await fresh.close();
  }
}

const warnings: string[] = [];
const perch = await launchPerch();
try {
  await perch.useSimulator(simulator);
  const options = await perch.openOptions();
  await options.setViewport({ width: 1000, height: 700 });
  await startDevSession(options, simulator);
  await placeRestingOrders();
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
  const status = await sendPerchMessage(options, 'vaultStatus', {});
  const okxKey = status.ok
    ? (status.data as { credentials: { exchange: string; maskedKey: string }[] }).credentials.find(
        (credential) => credential.exchange === 'okx',
      )?.maskedKey
    : undefined;

  const chart = await perch.browser.newPage();
  await chart.setViewport({ width: 1000, height: 600 });
  await chart.goto(`${simulator.url}${DEMO_CHART}`);
  // Opened before the popup: a new tab takes the focus, and the toolbar popup closes when it loses it.
  const canvas = await perch.browser.newPage();
  // Opened from a popup of its own, which closes itself: then the popup the screenshots show.
  const sidePanel = (await SidePanel.openFromPopup(perch, chart)).page;
  const popup = await openActionPopup(perch.browser, perch.extensionId, chart);
  // The launch's default viewport would stretch the popup to a tab's size; it keeps its own.
  await popup.setViewport(null);

  const screens: Screens = { perch, simulator, options, chart, popup, sidePanel, okxKey, canvas };
  const shots: Shot[] = FAMILIES.flatMap((family) => family(screens));
  warnings.push(...(await takeShots(shots, outDir)));
} finally {
  await perch.close();
}
try {
  warnings.push(...(await shootFirstRun()));
} finally {
  await unpin();
  await simulator.stop();
}
console.log(`Screenshots written to ${outDir}`);
for (const warning of warnings) console.warn(`Warning: ${warning}`);
