// The parts every family of screenshots shares (npm run screenshots): what a shot is, and the waits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
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
  /** The real Chrome side panel, opened from the popup beside the chart. */
  readonly sidePanel: Page;
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

/** How long a screen may take to show its content before it is taken as it is, with a warning. */
const READY_WITHIN_MS = 10_000;

/**
 * Takes each shot in each of its themes, one shot after the other (a shot may change what the next one
 * finds: the first-run path's steps follow each other), into `outDir`; returns a warning per screen that
 * never showed what it waits for.
 */
export async function takeShots(shots: readonly Shot[], outDir: string): Promise<string[]> {
  const warnings: string[] = [];
  for (const shot of shots) {
    const themes = shot.themes ?? THEMES;
    for (const theme of themes) {
      console.log(`${shot.name} (${theme})`);
      await (shot.prepare ?? ((asked) => systemTheme(shot.page, asked)))(theme);
      if (!(await until(shot.ready, READY_WITHIN_MS)))
        warnings.push(`The ${shot.name} (${theme}) never showed ${shot.waitsFor}; it was taken as it was.`);
      await settled(shot.page);
      const path = join(outDir, themes.length === 1 ? `${shot.name}.png` : `${shot.name}-${theme}.png`);
      mkdirSync(dirname(path), { recursive: true });
      const image = shot.take
        ? await shot.take(theme)
        : await shot.page.screenshot({ fullPage: shot.fullPage ?? false });
      writeFileSync(path, image);
    }
  }
  return warnings;
}

/** The element `selector` finds, cropped from `page` as it is: a picture of one kit component on a real screen. */
export async function crop(page: Page, selector: string): Promise<Uint8Array> {
  const element = await page.waitForSelector(selector, { timeout: READY_WITHIN_MS });
  if (element === null) throw new Error(`Nothing on ${page.url()} matches ${selector}.`);
  return element.screenshot();
}

/** An element's ARIA state as its DOM property holds it ("true", "false" or null); by name, as scripts have no DOM types. */
export async function ariaState(element: ElementHandle, property: string): Promise<unknown> {
  const handle = await element.getProperty(property);
  return handle.jsonValue();
}

/**
 * Opens or closes the disclosure button `name`; true once it already was as asked (polled by `until`). A
 * button not on screen (in a folded part or a hidden tab) counts as closed.
 */
export async function disclosure(page: Page, name: string, open: boolean): Promise<boolean> {
  const selector = `::-p-aria(${name}[role="button"])`;
  const button = await page.$(selector);
  if (button === null) return !open;
  const expanded = (await ariaState(button, 'ariaExpanded')) === 'true';
  if (expanded === open) return true;
  await page.locator(selector).click();
  return false;
}

/** Goes to the page at `url` afresh (a new document, not a jump within it), in `theme`. */
export async function freshGoto(page: Page, url: string, theme: Theme): Promise<void> {
  await page.goto('about:blank');
  await systemTheme(page, theme);
  await page.goto(url);
}

export const pageText = (page: Page) => page.evaluate('document.body.innerText') as Promise<string>;

export const systemTheme = (page: Page, theme: Theme) =>
  page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);

export async function until(ready: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    // A page that stops answering (a query that never settles) counts as not ready, not as a hang.
    const answer = await Promise.race([
      ready().catch(() => false),
      new Promise<false>((resolve) => {
        setTimeout(
          () => {
            resolve(false);
          },
          Math.max(0, deadline - Date.now()),
        );
      }),
    ]);
    if (answer) return true;
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
