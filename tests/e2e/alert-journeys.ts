import { expect, vi } from 'vitest';
import type { startSimulator } from '../../sim';
import { PopupAlerts } from './pages/popup-alerts';
import type { PopupPage } from './pages/popup-page';
import { BTC_PERPETUAL, simAdmin } from './sim-account';

// The alert journeys that run in Chromium and in Firefox alike, with what each must show.

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const WAIT = { timeout: 20_000, interval: 200 };
const { symbol } = BTC_PERPETUAL.okx;

export interface PriceAlertJourney {
  /** A simulator that moves prices only when told (`simulatorWith({ tickMs: 3_600_000 })`). */
  readonly simulator: Simulator;
  /** Perch's popup, opened afresh each time it is called. */
  readonly openPopup: () => Promise<PopupPage>;
  /** The ids of the notifications Perch shows now, read through the browser's notifications API. */
  readonly shownNotifications: () => Promise<string[]>;
}

function moveOkxBtc(simulator: Simulator, price: number): Promise<unknown> {
  return simAdmin(simulator, 'price', { exchange: 'okx', symbol, price: String(price) });
}

/** Waits until the popup's watchlist shows OKX's BTC perpetual at `price`. */
async function popupShowsOkxBtc(popup: PopupPage, price: number): Promise<void> {
  await vi.waitFor(async () => {
    const { last } = await popup.quoteWithPrice('okx', symbol);
    expect(Number(last.replace(/,/g, ''))).toBe(price);
  }, WAIT);
}

/**
 * Sets a price alert with its sound from the bell on the popup's OKX BTC quote, lets the price tick once on
 * this side of the level, and closes the popup.
 */
async function setAlertAndClosePopup(
  journey: PriceAlertJourney,
  level: number,
  tickTo: number,
): Promise<void> {
  const popup = await journey.openPopup();
  await popup.quoteWithPrice('okx', symbol);
  const alerts = new PopupAlerts(popup.page);
  // The level on the instrument's tick (0.01) once the hub knows it, with one decimal until then.
  const shownLevel = `${level.toLocaleString('en-US')}\\.00?`;
  await expect(
    alerts.setPriceAlert('OKX BTC-USDT-SWAP perpetual', {
      direction: 'above',
      level: String(level),
      sound: true,
    }),
  ).resolves.toMatch(
    new RegExp(
      `^Alert set: When OKX BTC-USDT-SWAP last price rises above ${shownLevel}: once, with sound\\.$`,
    ),
  );
  await alerts.activeLine(/^1 active alert\.$/);
  // An alert takes the first price after it is set as where the price was (a market would tick by itself).
  await moveOkxBtc(journey.simulator, tickTo);
  await popupShowsOkxBtc(popup, tickTo);
  await popup.page.close();
}

/** Moves the price to `price` and waits for Perch to show one notification more than `before`: its id. */
async function crossAndSeeNotified(
  journey: PriceAlertJourney,
  price: number,
  before: string[],
): Promise<string> {
  await moveOkxBtc(journey.simulator, price);
  let added: string[] = [];
  await vi.waitFor(async () => {
    added = (await journey.shownNotifications()).filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
  }, WAIT);
  return added[0] ?? '';
}

const firedAbove = (level: string, price: string) => ({
  title: `BTC-USDT-SWAP on OKX: above ${level}`,
  message: expect.stringMatching(
    new RegExp(`^Last price ${price} crossed above ${level} at \\d{2}:\\d{2}:\\d{2}\\.$`),
  ) as string,
});

/**
 * A trader sets a price alert, with its sound, from the bell on a watchlist quote and closes the popup; the
 * price rises through the level, and with no page of Perch's watching, Perch shows one system
 * notification; the popup, opened again, lists the alert that fired with the price in words, and no alert
 * left active (it was to fire once). A second alert set the same way fires too: the first one's chime,
 * which a browser may never play (no audio device), holds nothing up.
 */
export async function priceAlertFiresWithPopupClosed(journey: PriceAlertJourney): Promise<void> {
  await moveOkxBtc(journey.simulator, 60_000);
  await setAlertAndClosePopup(journey, 60_500, 60_100);
  const first = await crossAndSeeNotified(journey, 61_000, []);

  const popup = new PopupAlerts((await journey.openPopup()).page);
  expect(await popup.fired(1)).toEqual([firedAbove('60,500', '61,000')]);
  await popup.activeLine(/^No active alerts\.$/);
  await popup.page.close();

  await setAlertAndClosePopup(journey, 61_500, 61_100);
  const second = await crossAndSeeNotified(journey, 62_000, [first]);

  expect(second).not.toBe(first);
  const again = new PopupAlerts((await journey.openPopup()).page);
  expect(await again.fired(2)).toEqual([firedAbove('61,500', '62,000'), firedAbove('60,500', '61,000')]);
}
