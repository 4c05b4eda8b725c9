// The toolbar popup's screenshots. One entry per image.
import type { Page } from 'puppeteer-core';
import { BTC_SHOWN, pageText, type Screens, type Shot } from './shot-kit';

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

/** The popup at rest: no panel or form open, the prices in. */
export const popupAtRest = async (popup: Page) =>
  (await alertForm(popup, false)) &&
  (await protectPanel(popup, false)) &&
  BTC_SHOWN.test(await pageText(popup));

export const popupShots = ({ popup }: Screens): Shot[] => [
  { name: 'popup', page: popup, waitsFor: 'the BTC price', ready: () => popupAtRest(popup) },
  {
    name: 'popup-protect',
    page: popup,
    waitsFor: "the first position's Protect panel",
    ready: async () => (await protectPanel(popup, true)) && BTC_SHOWN.test(await pageText(popup)),
  },
  {
    name: 'popup-alert',
    page: popup,
    waitsFor: "the first quote's alert form",
    ready: async () => (await protectPanel(popup, false)) && (await alertForm(popup, true)),
  },
];
