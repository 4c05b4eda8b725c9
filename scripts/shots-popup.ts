// The toolbar popup's screenshots: each tab, a Protect panel, an alert form, and the kit's components
// cropped from it (docs/ui.md). One entry per image.
import type { Page } from 'puppeteer-core';
import { ariaState, BTC_SHOWN, crop, disclosure, pageText, type Screens, type Shot } from './shot-kit';

type PopupTab = 'Positions' | 'Orders' | 'Watchlist' | 'Alerts';

/** The position the Protect panel is shown for, as its row names it. */
const PROTECTED = 'OKX BTC-USDT-SWAP long';
/** The quote the alert form is shown for, as its row names it. */
const WATCHED = 'OKX BTC-USDT-SWAP perpetual';

/** Shows `tab`; true once it is the selected one. */
async function showTab(page: Page, tab: PopupTab): Promise<boolean> {
  const selector = `::-p-aria(${tab}[role="tab"])`;
  const element = await page.$(selector);
  if (element === null) return false;
  if ((await ariaState(element, 'ariaSelected')) === 'true') return true;
  await page.locator(selector).click();
  return false;
}

/** Scrolls the first element `selector` finds to the top of the popup, or the popup to its top. */
const scrollTo = (page: Page, selector: string | undefined) =>
  // A string, not a function: scripts compile without DOM types.
  page.evaluate(
    selector === undefined
      ? 'window.scrollTo(0, 0)'
      : `document.querySelector(${JSON.stringify(selector)})?.scrollIntoView({ block: 'start' })`,
  );

/** No panel, form or confirmation open on any tab, and the popup scrolled to its top. */
async function folded(page: Page): Promise<boolean> {
  const keep = await page.$('::-p-aria(Keep everything[role="button"])');
  if (keep !== null) await page.locator('::-p-aria(Keep everything[role="button"])').click();
  const closed =
    keep === null &&
    (await disclosure(page, `Protect ${PROTECTED}`, false)) &&
    (await disclosure(page, `Details of ${PROTECTED}`, false)) &&
    (await disclosure(page, `Alert for ${WATCHED}`, false));
  await scrollTo(page, undefined);
  return closed;
}

/** Both positions have their PnL, and every figure is in. */
const positionsPriced = async (page: Page) => {
  const text = await pageText(page);
  return /BTC-USDT-SWAP/.test(text) && /BTCUSDT/.test(text) && !text.includes('PnL not known yet');
};

/** The popup at rest on its Positions tab: nothing open, the positions priced. */
export const popupAtRest = async (popup: Page) =>
  (await showTab(popup, 'Positions')) && (await folded(popup)) && (await positionsPriced(popup));

/** The popup on `tab`, nothing open, once it shows `shown`. */
const onTab = (popup: Page, tab: PopupTab, shown: (text: string) => boolean) => async () =>
  (await showTab(popup, tab)) && (await folded(popup)) && shown(await pageText(popup));

/** A picture of one kit component, cropped from the popup at rest (light only: docs/ui.md shows one). */
const kitCrop = (popup: Page, name: string, selector: string): Shot => ({
  name,
  page: popup,
  waitsFor: 'the positions priced',
  themes: ['light'],
  ready: () => popupAtRest(popup),
  take: () => crop(popup, selector),
});

export const popupShots = ({ popup }: Screens): Shot[] => [
  { name: 'popup', page: popup, waitsFor: 'both positions priced', ready: () => popupAtRest(popup) },
  {
    name: 'popup-orders',
    page: popup,
    waitsFor: 'the resting orders',
    ready: onTab(popup, 'Orders', (text) => /open orders/i.test(text) && /50,000/.test(text)),
  },
  {
    name: 'popup-watchlist',
    page: popup,
    waitsFor: 'the BTC price',
    ready: onTab(popup, 'Watchlist', (text) => BTC_SHOWN.test(text)),
  },
  {
    name: 'popup-alerts',
    page: popup,
    waitsFor: 'the alerts listed',
    ready: onTab(popup, 'Alerts', (text) => !text.includes('Loading alerts')),
  },
  {
    name: 'popup-protect',
    page: popup,
    waitsFor: `the Protect panel of ${PROTECTED}`,
    ready: async () => {
      const open =
        (await showTab(popup, 'Positions')) &&
        (await disclosure(popup, `Details of ${PROTECTED}`, true)) &&
        (await disclosure(popup, `Protect ${PROTECTED}`, true));
      if (open) await scrollTo(popup, '.perch-position[data-exchange="okx"]');
      return open && (await positionsPriced(popup));
    },
  },
  {
    name: 'popup-alert-form',
    page: popup,
    waitsFor: `the alert form of ${WATCHED}`,
    ready: async () => {
      const open =
        (await showTab(popup, 'Watchlist')) && (await disclosure(popup, `Alert for ${WATCHED}`, true));
      if (open) await scrollTo(popup, '.perch-quote:has(.perch-alert-form)');
      return open && BTC_SHOWN.test(await pageText(popup));
    },
  },
  kitCrop(popup, 'ui-figure', '.perch-position .perch-figures'),
  kitCrop(popup, 'ui-signed-pnl', '.perch-position .perch-pnl'),
  kitCrop(popup, 'ui-status-pill', '.perch-connection-bar'),
  kitCrop(popup, 'ui-tab-bar', '[role="tablist"]'),
  {
    name: 'ui-hold-button',
    page: popup,
    waitsFor: "close everything's confirmation",
    themes: ['light'],
    ready: async () => {
      if ((await popup.$('::-p-aria(Confirm close everything[role="group"])')) !== null) return true;
      if (await popupAtRest(popup))
        await popup.locator('::-p-aria(Close everything…[role="button"])').click();
      return false;
    },
    take: async () => {
      const image = await crop(popup, '::-p-aria(Confirm close everything[role="group"])');
      await popup.locator('::-p-aria(Keep everything[role="button"])').click();
      return image;
    },
  },
];
