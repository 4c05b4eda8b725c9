import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { closeOkxLongFromPopup, setUpVaultAndKeys } from './journeys';
import { openLong } from './sim-account';

test('a new trader installs Perch, sets it up in the options page that opens, then sees a live position in the toolbar popup and closes it with one click', async ({
  perch,
  simulator,
}) => {
  // Installing Perch opened its options page by itself.
  expect(perch.openedOnInstall).toBe(`chrome-extension://${perch.extensionId}/options.html`);
  await perch.useSimulator(simulator);
  await setUpVaultAndKeys(new OptionsPage(await perch.openOptions()), simulator);
  await openLong(simulator, 'okx', 'net');

  await closeOkxLongFromPopup(await PopupPage.openFromToolbar(perch), simulator);
});
