import { perchTest as test } from './fixture';
import { accountAtAGlance, openLiquidatableLong } from './journeys';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator } from './perch-session';

test('a trader sees both accounts at a glance: equity, available and margin risk, and on each position its liquidation distance and next funding', async ({
  perch,
  simulator,
}) => {
  await startSessionOnSimulator(perch, simulator);
  const popup = await PopupPage.openFromToolbar(perch);
  await openLiquidatableLong(simulator, 'okx');
  await openLiquidatableLong(simulator, 'bybit');
  await popup.positions(2);

  await accountAtAGlance(popup, ['okx', 'bybit']);
});
