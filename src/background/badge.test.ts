import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionStatus } from '../contracts/ports';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { badgeView, compactPnl, toolbarPnlSetting } from './badge';
import { storeTrustedRaw } from '../platform/trusted-storage.test-helper';
import { createSettingsStore } from './settings/settings-store';

const live = (exchange: ConnectionStatus['exchange']): ConnectionStatus => ({
  exchange,
  state: 'live',
  stale: false,
});

describe('the toolbar badge', () => {
  it('is green and quiet when every exchange in use is live', () => {
    expect(badgeView([live('okx'), live('bybit')], undefined)).toEqual({
      text: '',
      color: '#1a7f37',
      title: 'Perch — OKX: live; Bybit: live',
    });
  });

  it('warns in amber when one exchange is down or stale, naming it and why', () => {
    const view = badgeView(
      [live('okx'), { exchange: 'bybit', state: 'down', stale: true, lastError: 'connection refused' }],
      undefined,
    );
    expect(view).toEqual({
      text: '!',
      color: '#bf8700',
      title: 'Perch — OKX: live; Bybit: stale (prices over REST) (connection refused)',
    });
  });

  it('warns in amber when an exchange’s prices are live but its account sockets are down (a refused key)', () => {
    const view = badgeView(
      [live('okx'), { ...live('bybit'), account: 'down', lastError: 'login refused' }],
      undefined,
    );
    expect(view).toEqual({
      text: '!',
      color: '#bf8700',
      title: 'Perch — OKX: live; Bybit: live, account down (login refused)',
    });
  });

  it('is red when no exchange in use is live, and ignores exchanges not in use', () => {
    const view = badgeView(
      [
        { exchange: 'okx', state: 'down', stale: false },
        { exchange: 'bybit', state: 'idle', stale: false },
      ],
      undefined,
    );
    expect(view).toMatchObject({ text: '×', color: '#cf222e', title: 'Perch — OKX: down' });
  });

  it('shows nothing while no data is needed', () => {
    expect(badgeView([{ exchange: 'okx', state: 'idle', stale: false }], undefined)).toMatchObject({
      text: '',
    });
  });

  it('shows the total unrealised PnL in four characters when asked, coloured by the connection', () => {
    expect(badgeView([live('okx')], { text: compactPnl(-1234.5) })).toMatchObject({
      text: '-1.2k',
      color: '#1a7f37',
    });
    expect([12.4, -3.6, 999, 35_400, -1_260_000].map(compactPnl)).toEqual([
      '+12',
      '-4',
      '+999',
      '+35k',
      '-1.3M',
    ]);
  });

  it('moves a PnL that would round to four digits up a unit, so it never outgrows five characters', () => {
    const texts = [999.6, 9_960, 999_600, -999_999_999, 2.5e9].map(compactPnl);
    expect(texts).toEqual(['+1.0k', '+10k', '+1.0M', '-1.0B', '+2.5B']);
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThanOrEqual(5);
  });

  describe('toolbar PnL setting', () => {
    beforeEach(() => {
      fakeBrowser.reset();
    });
    const setting = () => toolbarPnlSetting(createSettingsStore());

    it('is off until the trader turns it on in the settings', async () => {
      await expect(setting().getValue()).resolves.toBe(false);
      await createSettingsStore().update((current) => ({ ...current, toolbarPnl: true }));
      await expect(setting().getValue()).resolves.toBe(true);
    });

    it.each([['yes'], [1], [{ on: true }]])(
      'reads settings a page wrote with toolbarPnl %j as off, so it cannot hold the sockets open',
      async (hostile) => {
        await storeTrustedRaw('uiSettings', { ...DEFAULT_UI_SETTINGS, toolbarPnl: hostile }, 2);
        await expect(setting().getValue()).resolves.toBe(false);
      },
    );

    it('keeps the settings saved before it existed, with the toolbar PnL off', async () => {
      const before = { closeConfirm: 'hold', overlay: DEFAULT_UI_SETTINGS.overlay };
      await storeTrustedRaw('uiSettings', before, 1);
      await expect(createSettingsStore().read()).resolves.toEqual({
        ...DEFAULT_UI_SETTINGS,
        closeConfirm: 'hold',
        toolbarPnl: false,
      });
    });
  });
});
