import { describe, expect, vi } from 'vitest';
import { DEFAULT_UI_SETTINGS } from '../../src/contracts/settings';
import { okx } from '../integration/sim-private-client';
import { perchTest as test } from './fixture';
import { dumpStorage } from './pages/extension-messages';
import { startSessionOnSimulator } from './perch-session';

const WAIT = { timeout: 20_000, interval: 200 };
/** A buy this far under the simulator's market rests until something cancels it. */
const RESTING_BUY = {
  instId: 'BTC-USDT-SWAP',
  tdMode: 'cross',
  side: 'buy',
  ordType: 'limit',
  px: '20000',
  sz: '1',
};

/** The extension API these tests reach in the worker (tests compile without extension types). */
interface WorkerChrome {
  commands: {
    getAll(): Promise<{ name?: string; shortcut?: string }[]>;
    onCommand: { hasListeners(): boolean };
  };
  storage: { session: { set(items: Record<string, unknown>): Promise<void> } };
}

describe('keyboard shortcuts in Chromium', () => {
  // Headless Chromium binds no extension shortcut (commands.getAll lists them with no keys set) and opens no
  // popup window, so no key press, CDP or other, can reach onCommand here: this test proves the manifest's
  // commands, the worker's listener, and the popup taking an intent recorded in session storage as the
  // worker records it (the listener's own path is unit-tested in src/background/hotkeys.test.ts).
  test('the browser lists the shortcuts, the worker listens, and the popup takes a close-everything intent once', async ({
    perch,
  }) => {
    const worker = await perch.worker();
    const commands = await worker.evaluate(() =>
      (globalThis as unknown as { chrome: WorkerChrome }).chrome.commands.getAll(),
    );
    expect(commands.map(({ name }) => name).sort()).toEqual([
      '_execute_action',
      'close-everything',
      'open-side-panel',
    ]);
    expect(
      await worker.evaluate(() =>
        (globalThis as unknown as { chrome: WorkerChrome }).chrome.commands.onCommand.hasListeners(),
      ),
    ).toBe(true);

    await worker.evaluate(() =>
      (globalThis as unknown as { chrome: WorkerChrome }).chrome.storage.session.set({
        popupIntent: { intent: 'close-everything', at: Date.now() },
      }),
    );
    const options = await perch.openOptions();
    expect((await dumpStorage(options)).session.popupIntent).toMatchObject({ intent: 'close-everything' });
    const popup = await perch.openPopup();
    await vi.waitFor(async () => {
      // WXT removes an item set to null: taken once, it is gone.
      expect((await dumpStorage(popup)).session).not.toHaveProperty('popupIntent');
    }, WAIT);
  });
});

describe('the dead-man switch on the simulator', () => {
  test('arms OKX cancel-all-after while an order rests, renews it, and disarms when turned off', async ({
    perch,
    simulator,
  }) => {
    const { send } = await startSessionOnSimulator(perch, simulator);
    const triggerTime = async () => {
      const answer = (await (await fetch(`${simulator.url}/__sim/dead-man`)).json()) as {
        okx: { triggerTime: number };
      };
      return answer.okx.triggerTime;
    };
    const placed = await okx(simulator, 'POST', '/api/v5/trade/order', RESTING_BUY);
    expect(placed.json.code).toBe('0');
    expect(await triggerTime()).toBe(0);

    const on = { ...DEFAULT_UI_SETTINGS, deadManSwitch: { enabled: true, timeoutSeconds: 10 } };
    await expect(send('saveSettings', { settings: on })).resolves.toMatchObject({ ok: true });

    // Armed once the account stream listed the order, then renewed every third of 10 s.
    let first = 0;
    await vi.waitFor(async () => {
      first = await triggerTime();
      expect(first).toBeGreaterThan(0);
    }, WAIT);
    await vi.waitFor(async () => {
      expect(await triggerTime()).toBeGreaterThan(first);
    }, WAIT);
    const status = await send('deadManSwitchStatus', {});
    expect(status).toMatchObject({ ok: true, data: { enabled: true, timeoutSeconds: 10 } });
    expect((status as { data: { armedUntil?: number } }).data.armedUntil).toBeGreaterThan(Date.now());

    await send('saveSettings', { settings: DEFAULT_UI_SETTINGS });
    await vi.waitFor(async () => {
      expect(await triggerTime()).toBe(0);
    }, WAIT);
    // The order still rests: disarming cancelled nothing.
    const open = await okx(simulator, 'GET', '/api/v5/trade/orders-pending?instType=SWAP');
    expect((open.json.data as unknown[]).length).toBe(1);
  });
});
