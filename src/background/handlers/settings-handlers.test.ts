import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_UI_SETTINGS, type UiSettings } from '../../contracts/settings';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import { storeTrustedRaw } from '../../platform/trusted-storage.test-helper';
import { createSettingsStore } from '../settings/settings-store';
import { createOverlaySettingsHandler } from './overlay-settings';
import { createReadSettingsHandler } from './read-settings';
import { createSaveBadgePlacementHandler } from './save-badge-placement';
import { createSaveSettingsHandler } from './save-settings';

type Sender = 'popup' | 'options' | 'content';

function setUp(): (name: string, payload: object, sender: Sender) => Promise<unknown> {
  const store = createSettingsStore();
  const handlers: MessageHandlers = {
    ...unusedHandlers(),
    readSettings: createReadSettingsHandler(store),
    saveSettings: createSaveSettingsHandler(store),
    overlaySettings: createOverlaySettingsHandler(store),
    saveBadgePlacement: createSaveBadgePlacementHandler(store),
  };
  return (name, payload, sender) => dispatchMessage({ perch: 1, name, payload }, sender, handlers);
}

const mine: UiSettings = {
  closeConfirm: 'hold',
  toolbarPnl: true,
  risk: { warnBelowPercent: 15, dangerBelowPercent: 7.5, toolbar: 'liquidation-distance' },
  overlay: {
    sites: { tradingview: true, binance: false },
    extraOrigins: ['https://charts.example.com'],
    privacy: true,
    badge: { corner: 'top-left', offsetX: 40, offsetY: 8 },
  },
  deadManSwitch: { enabled: true, timeoutSeconds: 30 },
};
const ok = (data: unknown) => ({ ok: true, data });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('settings messages', () => {
  it('the popup reads the defaults before anything is saved', async () => {
    const send = setUp();
    await expect(send('readSettings', {}, 'popup')).resolves.toEqual(ok(DEFAULT_UI_SETTINGS));
  });

  it('options saves the settings; the popup reads them back and the overlay gets its part', async () => {
    const send = setUp();
    await expect(send('saveSettings', { settings: mine }, 'options')).resolves.toEqual(ok(mine));
    await expect(send('readSettings', {}, 'popup')).resolves.toEqual(ok(mine));
    await expect(send('overlaySettings', {}, 'content')).resolves.toEqual(ok(mine.overlay));
  });

  it('refuses bad settings naming each setting and its valid choices, and saves nothing', async () => {
    const send = setUp();
    const bad = {
      ...mine,
      closeConfirm: 'double-click',
      overlay: { ...mine.overlay, badge: { ...mine.overlay.badge, corner: 'middle' } },
    };
    await expect(send('saveSettings', { settings: bad }, 'options')).resolves.toEqual({
      ok: false,
      error: {
        name: 'InvalidSettingError',
        message:
          'The settings were not saved. Close confirmation is "double-click"; choose one of click, hold. ' +
          'Badge corner is "middle"; choose one of top-left, top-right, bottom-left, bottom-right.',
      },
    });
    await expect(send('readSettings', {}, 'options')).resolves.toEqual(ok(DEFAULT_UI_SETTINGS));
  });

  it('a charting page moves the badge and nothing else', async () => {
    const send = setUp();
    await send('saveSettings', { settings: mine }, 'options');
    const badge = { corner: 'bottom-left', offsetX: 0, offsetY: 120 };
    await expect(send('saveBadgePlacement', { badge }, 'content')).resolves.toEqual(ok({ badge }));
    await expect(send('readSettings', {}, 'options')).resolves.toEqual(
      ok({ ...mine, overlay: { ...mine.overlay, badge } }),
    );
  });

  it('a charting page may neither read nor save the whole settings', async () => {
    const send = setUp();
    for (const [name, payload] of [
      ['readSettings', {}],
      ['saveSettings', { settings: mine }],
    ] as const) {
      await expect(send(name, payload, 'content')).resolves.toMatchObject({
        ok: false,
        error: { name: 'ForbiddenSenderError' },
      });
    }
  });

  it('loses no change when the badge is dragged while options saves', async () => {
    const send = setUp();
    const badge = { corner: 'top-right', offsetX: 12, offsetY: 12 };
    await Promise.all([
      send('saveSettings', { settings: mine }, 'options'),
      send('saveBadgePlacement', { badge }, 'content'),
    ]);
    await expect(send('readSettings', {}, 'popup')).resolves.toEqual(
      ok({ ...mine, overlay: { ...mine.overlay, badge } }),
    );
  });

  it('stored settings that no longer parse read as the defaults, with a warning', async () => {
    const send = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // What any extension context can do: write the trusted store directly, past every message check.
    await storeTrustedRaw('uiSettings', { ...mine, closeConfirm: 'never' }, 2);
    await expect(send('readSettings', {}, 'popup')).resolves.toEqual(ok(DEFAULT_UI_SETTINGS));
    await expect(send('overlaySettings', {}, 'content')).resolves.toEqual(ok(DEFAULT_UI_SETTINGS.overlay));
    expect(warn).toHaveBeenCalledWith('Perch ignored saved settings it cannot read and uses the defaults:', {
      ...mine,
      closeConfirm: 'never',
    });
  });
});
