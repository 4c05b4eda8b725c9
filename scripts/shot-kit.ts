// The parts every family of screenshots shares (npm run screenshots): what a shot is, and the waits.
import type { Page } from 'puppeteer-core';
import type { Perch } from '../tests/e2e/harness';
import type { startSimulator } from '../sim';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The pinned BTC price (scripts/pinned-market.ts) as a screen shows it, with or without a thousands comma. */
export const BTC_SHOWN = /67,?250\.5/;

/** What every family gets: the browser with Perch set up, and the screens already open. */
export interface Screens {
  readonly perch: Perch;
  readonly simulator: Awaited<ReturnType<typeof startSimulator>>;
  readonly options: Page;
  /** The simulator's demo chart of Bybit's BTC perpetual, with the overlay on it. */
  readonly chart: Page;
  /** The real toolbar popup, opened over the chart. */
  readonly popup: Page;
  /** The OKX key as the options page shows it, masked; undefined when the session saved none. */
  readonly okxKey: string | undefined;
  /** An empty tab to compose images in (store images, the promo tile). */
  readonly canvas: Page;
}

/** One image, written as `<name>-<theme>.png` (or `<name>.png` with one theme) under docs/screenshots/. */
export interface Shot {
  /** The file name, without the theme; may name a folder (`store/chart`). */
  readonly name: string;
  readonly page: Page;
  /** What the screen shows once it has its content, in words for the warning. */
  readonly waitsFor: string;
  readonly ready: () => Promise<boolean>;
  readonly fullPage?: boolean;
  /** The themes it is taken in; both unless it says. */
  readonly themes?: readonly Theme[];
  /** Puts the page in `theme` before it is taken; by default the system colour scheme is emulated. */
  readonly prepare?: (theme: Theme) => Promise<void>;
  /** Makes the image itself (a composed one) instead of a screenshot of `page` as it is. */
  readonly take?: (theme: Theme) => Promise<Uint8Array>;
}

export const pageText = (page: Page) => page.evaluate('document.body.innerText') as Promise<string>;

export const systemTheme = (page: Page, theme: Theme) =>
  page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);

export async function until(ready: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Resolves once the page's DOM has not changed for half a second (at most 5 s): the theme has repainted. */
export const settled = (page: Page) =>
  page.evaluate(`new Promise((resolve) => {
    let quiet;
    const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(done, 500); });
    const done = () => { observer.disconnect(); resolve(); };
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    quiet = setTimeout(done, 500);
    setTimeout(done, 5000);
  })`);
