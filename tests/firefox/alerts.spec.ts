import { expect } from 'vitest';
import { priceAlertFiresWithPopupClosed } from '../e2e/alert-journeys';
import { simulatorWith } from '../e2e/fixture';
import { PopupPage } from '../e2e/pages/popup-page';
import { firefoxTest as test } from './fixture';

// Prices move only when the test moves them: the level is crossed when the test says, not by chance.
test.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) })(
  'in Firefox, a price alert set from the popup fires a system notification with the popup closed, and the popup lists it; a second one with sound fires too',
  async ({ firefox, simulator }) => {
    await priceAlertFiresWithPopupClosed({
      simulator,
      openPopup: async () => new PopupPage(await firefox.openPopupInTab()),
      // Firefox answers getAll() with the notifications Perch shows, keyed by their ids.
      shownNotifications: async () =>
        (await firefox.options.evaluate(
          'browser.notifications.getAll().then((shown) => Object.keys(shown))',
        )) as string[],
    });
    expect(firefox.perchErrors()).toEqual([]);
  },
);
