import { describe, expect, vi } from 'vitest';
import type { Alert, AlertDraft } from '../../src/contracts/alerts';
import { priceAlertFiresWithPopupClosed } from './alert-journeys';
import { perchTest, simulatorWith } from './fixture';
import { isPerchWorker, type Perch } from './harness';
import { alertHasBaseline, firedAlerts, shownNotifications } from './pages/alerts';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator, type PerchSession } from './perch-session';
import { BTC_PERPETUAL, openLong, SEEN_LONG, simAdmin, type ExchangeName } from './sim-account';

/** Prices move only when the test moves them: every crossing is the test's. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });
const START = 60_000;
const MINUTE = 60_000;

type Simulator = Parameters<typeof simAdmin>[0];

const moveBtc = (simulator: Simulator, exchange: ExchangeName, price: number) =>
  simAdmin(simulator, 'price', { exchange, symbol: BTC_PERPETUAL[exchange].symbol, price: String(price) });

/** Waits until the popup's watchlist row shows `last`: the worker's alerts have seen that price by then. */
async function showsLast(popup: PopupPage, exchange: ExchangeName, symbol: string, last: string) {
  await vi.waitFor(
    async () => {
      const row = (await popup.quotes()).find(
        (quote) => quote.exchange === exchange && quote.symbol === symbol,
      );
      expect(row?.last).toContain(last);
    },
    { timeout: 15_000, interval: 200 },
  );
}

/**
 * Brings the keep-alive alarm (src/background/keep-alive.ts, every 30 s) forward to fire now, with its
 * period unchanged, as its next turn would within 30 s: from a tab showing Perch's manifest, a page of
 * Perch's own that runs none of its code and wakes no worker. Chrome lets an unpacked extension's alarm
 * fire at once.
 */
async function keepAliveAlarmNow(perch: Perch): Promise<void> {
  const tab = await perch.browser.newPage();
  await tab.goto(`chrome-extension://${perch.extensionId}/manifest.json`);
  const found = await tab.evaluate(`chrome.alarms.get('perch-keep-alive').then(async (alarm) => {
    if (alarm === undefined) return false;
    await chrome.alarms.create(alarm.name, { when: Date.now(), periodInMinutes: alarm.periodInMinutes });
    return true;
  })`);
  await tab.close();
  if (found !== true) throw new Error('Perch has no keep-alive alarm.');
}

async function saveAlert(session: PerchSession, draft: AlertDraft): Promise<Alert> {
  const reply = await session.send('saveAlert', { draft });
  if (!reply.ok) throw new Error(`saveAlert failed: ${reply.error.message}`);
  return reply.data as Alert;
}

const everyTime = { mode: 'every', cooldownSeconds: 0 } as const;
const scope = (exchange: ExchangeName) => ({ exchanges: [exchange], symbols: [] });

test('a price alert set from the popup fires a notification when the price crosses, with the popup closed', async ({
  perch,
  simulator,
}) => {
  await moveBtc(simulator, 'okx', START);
  const session = await startSessionOnSimulator(perch, simulator);
  await priceAlertFiresWithPopupClosed({
    simulator,
    openPopup: () => PopupPage.openFromToolbar(perch),
    shownNotifications: () => shownNotifications(session.options),
  });
});

describe.each<ExchangeName>(['okx', 'bybit'])('account alerts on %s', (exchange) => {
  test('a fill, a stop that fires and a liquidation each notify once, naming why the position closed', async ({
    perch,
    simulator,
  }) => {
    const { symbol } = BTC_PERPETUAL[exchange];
    await moveBtc(simulator, exchange, START);
    const session = await startSessionOnSimulator(perch, simulator);
    for (const condition of [
      { kind: 'fill', scope: scope(exchange), partial: false },
      { kind: 'stop', scope: scope(exchange) },
      { kind: 'closed', scope: scope(exchange) },
    ] as const)
      await saveAlert(session, { condition, repeat: everyTime, sound: false });

    // A long with a stop under it; the price falls through the stop.
    await openLong(simulator, exchange, 'net');
    const stopSet = await vi.waitFor(
      async () => {
        const reply = await session.send('setProtection', {
          exchange,
          instrument: { kind: 'perpetual', symbol },
          slot: 'one-way',
          seen: SEEN_LONG[exchange],
          role: 'stop',
          triggerPrice: '58000',
        });
        expect(reply).toMatchObject({ ok: true, data: { status: 'sent' } });
        return reply;
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(stopSet.ok).toBe(true);
    await moveBtc(simulator, exchange, 57_000);
    const afterStop = await firedAlerts(session.options, 3);
    expect(afterStop.map((alert) => alert.kind).sort()).toEqual(['closed', 'fill', 'stop']);
    expect(afterStop.find((alert) => alert.kind === 'closed')?.message).toMatch(/by its stop/);

    // A new long far too big for the account: the mark falling through its liquidation price closes it.
    await moveBtc(simulator, exchange, START);
    await simAdmin(simulator, 'position', {
      exchange,
      symbol,
      size: exchange === 'okx' ? 3_000 : 30,
      avgPx: START,
    });
    await moveBtc(simulator, exchange, 56_000);
    const all = await firedAlerts(session.options, 5);
    const liquidation = all.slice(3);
    expect(liquidation.map((alert) => alert.kind).sort()).toEqual(['closed', 'fill']);
    expect(liquidation.find((alert) => alert.kind === 'closed')?.message).toMatch(/by liquidation/);
    expect(new Set(all.map((alert) => alert.id)).size).toBe(5);
  });
});

test('with the worker stopped before the price crosses, the alarm wakes it and the alert fires once, naming when it crossed', async ({
  perch,
  simulator,
}) => {
  const exchange = 'bybit';
  await moveBtc(simulator, exchange, START);
  const session = await startSessionOnSimulator(perch, simulator);
  const alert = await saveAlert(session, {
    condition: {
      kind: 'price',
      instrument: { exchange, kind: 'perpetual', symbol: BTC_PERPETUAL[exchange].symbol },
      direction: 'above',
      level: '60500',
      source: 'last',
    },
    repeat: everyTime,
    sound: false,
  });
  await alertHasBaseline(session.options, alert.id);
  await session.options.close();

  await perch.stopWorker();
  const crossedAt = Date.now();
  await moveBtc(simulator, exchange, 60_800);
  // No page is open: what starts a worker now is the keep-alive alarm.
  await keepAliveAlarmNow(perch);
  await perch.browser.waitForTarget(isPerchWorker, { timeout: 45_000 });

  const options = await perch.openOptions();
  const [fired] = await firedAlerts(options, 1);
  const minute = Math.floor(crossedAt / MINUTE) * MINUTE;
  // The minute candle it crossed in: as near as the exchange's history tells.
  expect([minute, minute + MINUTE]).toContain(fired?.at);
  const time = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(fired?.at);
  expect(fired?.message).toContain(`crossed above 60,500 at ${time}`);
  expect(fired?.message).toMatch(/Perch was not running/);
  expect(fired?.firedAt).toBeGreaterThan(crossedAt);

  // The live prices after the wake stay on the same side: nothing fires again.
  const popup = await PopupPage.openFromToolbar(perch);
  await moveBtc(simulator, exchange, 60_900);
  await moveBtc(simulator, exchange, 61_000);
  await showsLast(popup, exchange, BTC_PERPETUAL[exchange].symbol, '61,000');
  expect(await shownNotifications(options)).toEqual([fired?.id]);
});
