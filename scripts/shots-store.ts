// The store listing's images (store/README.md): 1280 x 800 screenshots composed from Perch's real
// screens, and the 440 x 280 promo tile, drawn from HTML. One entry per image.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { ROOT } from './dev-build';
import { optionsLoaded, showSection } from './shots-options';
import { chartInTheme, overlayPriced } from './shots-overlay';
import { popupAtRest } from './shots-popup';
import { systemTheme, until, type Screens, type Shot, type Theme } from './shot-kit';

/** The Chrome Web Store's screenshot size; Firefox Add-ons takes the same. */
const STORE_SIZE = { width: 1280, height: 800 };
/** The Chrome Web Store's small promo tile. */
const PROMO_SIZE = { width: 440, height: 280 };
const READY_WITHIN_MS = 10_000;

const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/** `html` drawn on the canvas tab at `size`, as a PNG. */
async function render(
  canvas: Page,
  size: { width: number; height: number },
  html: string,
): Promise<Uint8Array> {
  await canvas.setViewport(size);
  await canvas.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${size.width}px; height: ${size.height}px; overflow: hidden; font-family: system-ui, sans-serif; }
  </style></head><body>${html}</body></html>`);
  await canvas.evaluate('document.fonts.ready');
  return canvas.screenshot();
}

/** The chart with its overlay, and the popup open over it where the toolbar would drop it. */
async function chartWithPopup({ chart, popup, canvas }: Screens, theme: Theme): Promise<Uint8Array> {
  await chart.setViewport(STORE_SIZE);
  await chartInTheme(chart, theme);
  await systemTheme(popup, theme);
  await until(async () => (await overlayPriced(chart)) && (await popupAtRest(popup)), READY_WITHIN_MS);
  const [chartPng, popupPng] = [await chart.screenshot(), await popup.screenshot()];
  return render(
    canvas,
    STORE_SIZE,
    `<img src="${dataUrl(chartPng)}" style="position:absolute;inset:0">
     <img src="${dataUrl(popupPng)}" style="position:absolute;top:8px;left:16px;border-radius:8px;box-shadow:0 8px 28px #0008">`,
  );
}

const ICON = readFileSync(join(ROOT, 'scripts/icon.svg'), 'utf8');

/** The promo tile: the icon, the name and what Perch is for, on the chart's dark panel colour. */
const PROMO_HTML = `<div style="box-sizing:border-box;height:100%;padding:32px 30px;background:linear-gradient(135deg,#1e222d,#131722);color:#d1d4dc;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:16px">
    <div style="width:72px;height:72px">${ICON.replace('<svg ', '<svg width="72" height="72" ')}</div>
    <div style="font-size:44px;font-weight:700;color:#f0b90b;letter-spacing:-0.5px">Perch</div>
  </div>
  <div style="font-size:21px;line-height:28px;font-weight:600;color:#fff">Your OKX and Bybit positions,<br>live, beside every chart.</div>
  <div style="font-size:14px;color:#9598a1">Quotes · PnL · stops · alerts · one-move close</div>
</div>`;

export const storeShots = (screens: Screens): Shot[] => [
  {
    name: 'store/chart-popup',
    page: screens.canvas,
    waitsFor: 'nothing',
    ready: () => Promise.resolve(true),
    take: (theme) => chartWithPopup(screens, theme),
  },
  {
    name: 'store/options',
    page: screens.options,
    waitsFor: `the saved OKX key (${screens.okxKey ?? 'no masked key came back'})`,
    ready: optionsLoaded(screens),
    prepare: (theme) => showSection(screens, 'accounts', theme, STORE_SIZE),
  },
  {
    name: 'store/promo-tile',
    page: screens.canvas,
    waitsFor: 'nothing',
    themes: ['dark'],
    ready: () => Promise.resolve(true),
    take: () => render(screens.canvas, PROMO_SIZE, PROMO_HTML),
  },
];
