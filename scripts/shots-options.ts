// The options page's screenshots: each section, fresh from its address, and the kit's Dialog. One entry per image.
import type { Page } from 'puppeteer-core';
import { SECTIONS, type SectionId } from '../src/options/routes';
import { freshGoto, pageText, type Screens, type Shot, type Theme } from './shot-kit';

const VIEWPORT = { width: 1000, height: 700 };

/** Opens the options page afresh at `section`, sized and in `theme`. */
export async function showSection(
  { options, perch }: Screens,
  section: SectionId,
  theme: Theme,
  viewport = VIEWPORT,
): Promise<void> {
  await options.setViewport(viewport);
  await freshGoto(options, `chrome-extension://${perch.extensionId}/options.html#${section}`, theme);
}

/** The section's heading is on screen, and for Accounts the saved OKX key, masked. */
const sectionShown = (options: Page, title: string, okxKey: string | undefined) => async () =>
  // A string, not a function: scripts compile without DOM types.
  (await options.evaluate(`document.querySelector('main h2')?.textContent`)) === title &&
  (title !== 'Accounts' || (okxKey !== undefined && (await pageText(options)).includes(okxKey)));

export const optionsLoaded = ({ options, okxKey }: Screens) => sectionShown(options, 'Accounts', okxKey);

/** The Security section's one dialog, the Change passphrase form. */
const DIALOG = '[role="dialog"]';
/** The kit's SegmentedControl on a real screen: OKX's environment, with its label. */
const ENVIRONMENT = 'form[aria-label="OKX account"] .perch-segmented-field';

/**
 * Crops `selector` from the options tab as it is, without waiting for painted frames: the tab stays behind
 * the popup, where the browser paints none (a locator's or an element's own wait would never end).
 */
async function cropOptions(options: Page, selector: string, what: string): Promise<Uint8Array> {
  const box = await (await options.$(selector))?.boundingBox();
  if (box === null || box === undefined) throw new Error(`The ${what} has no box.`);
  return options.screenshot({ clip: box });
}

export const optionsShots = (screens: Screens): Shot[] => [
  ...SECTIONS.map(({ id, title }): Shot => ({
    name: `options-${id}`,
    page: screens.options,
    waitsFor:
      id === 'accounts'
        ? `the saved OKX key (${screens.okxKey ?? 'no masked key came back'})`
        : `the ${title} heading`,
    ready: sectionShown(screens.options, title, screens.okxKey),
    prepare: (theme) => showSection(screens, id, theme),
    fullPage: true,
  })),
  {
    name: 'ui-dialog',
    page: screens.options,
    waitsFor: 'the Change passphrase dialog',
    themes: ['light'],
    prepare: (theme) => showSection(screens, 'security', theme),
    // Clicked without a locator: the options tab is behind the popup, where nothing is painted (cropOptions).
    ready: async () => {
      if ((await screens.options.$(DIALOG)) !== null) return true;
      await screens.options.evaluate(
        `[...document.querySelectorAll('button')].find((button) => button.textContent === 'Change passphrase…')?.click()`,
      );
      return false;
    },
    take: async () => {
      const image = await cropOptions(screens.options, DIALOG, 'Change passphrase dialog');
      await screens.options.keyboard.press('Escape');
      return image;
    },
  },
  {
    name: 'ui-segmented-control',
    page: screens.options,
    waitsFor: "OKX's environment choice",
    themes: ['light'],
    prepare: (theme) => showSection(screens, 'accounts', theme),
    ready: async () => (await screens.options.$(ENVIRONMENT)) !== null,
    take: () => cropOptions(screens.options, ENVIRONMENT, 'OKX environment choice'),
  },
];
