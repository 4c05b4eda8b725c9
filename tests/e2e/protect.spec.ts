import { describe } from 'vitest';
import { perchTest, simulatorWith } from './fixture';
import { PROTECT_ENTRY, protectLongFromPopupAndChart } from './journeys';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator } from './perch-session';
import { BTC_PERPETUAL, openLong, simAdmin, type ExchangeName } from './sim-account';

/** Prices move only when the test moves them: a stop's side of the mark is then the test's to decide. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });

describe.each<ExchangeName>(['okx', 'bybit'])('protecting a position on %s', (exchange) => {
  test('a stop set from the popup, moved to breakeven, half taken off from the chart badge with a held press, and the rest closed when the mark falls through the stop', async ({
    perch,
    simulator,
  }) => {
    const { symbol } = BTC_PERPETUAL[exchange];
    await simAdmin(simulator, 'price', { exchange, symbol, price: String(PROTECT_ENTRY) });
    await startSessionOnSimulator(perch, simulator);
    const popup = await PopupPage.openFromToolbar(perch);
    await openLong(simulator, exchange, 'net');

    await protectLongFromPopupAndChart({
      exchange,
      simulator,
      browser: perch.browser,
      popup,
      popupAfterChart: () => PopupPage.openFromToolbar(perch),
    });
  });
});
