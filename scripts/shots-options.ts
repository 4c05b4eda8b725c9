// The options page's screenshots: each section, fresh from its address, and the kit's Dialog. One entry per image.
import type { Page } from 'puppeteer-core';
import { SECTIONS, type SectionId } from '../src/options/routes';
import { crop, freshGoto, pageText, type Screens, type Shot, type Theme } from './shot-kit';

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

/** The page's one dialog, the Change passphrase form (an accessibility query never answers on some sections: text and roles instead). */
const CHANGE_PASSPHRASE = '[role="dialog"]';

export const optionsShots = (screens: Screens): Shot[] => [
  ...SECTIONS.map(
    ({ id, title }): Shot => ({
      name: `options-${id}`,
      page: screens.options,
      waitsFor:
        id === 'accounts'
          ? `the saved OKX key (${screens.okxKey ?? 'no masked key came back'})`
          : `the ${title} heading`,
      ready: sectionShown(screens.options, title, screens.okxKey),
      prepare: (theme) => showSection(screens, id, theme),
      fullPage: true,
    }),
  ),
  {
    name: 'ui-dialog',
    page: screens.options,
    waitsFor: 'the Change passphrase dialog',
    themes: ['light'],
    prepare: async (theme) => {
      await showSection(screens, 'security', theme);
      await screens.options.locator('button::-p-text(Change passphrase…)').click();
    },
    ready: async () => (await screens.options.$(CHANGE_PASSPHRASE)) !== null,
    take: async () => {
      const image = await crop(screens.options, CHANGE_PASSPHRASE);
      await screens.options.keyboard.press('Escape');
      return image;
    },
  },
];
