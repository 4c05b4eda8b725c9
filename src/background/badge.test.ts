import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FeedStatus } from '../contracts/ports';
import { badgePnlSetting, badgeView, compactPnl } from './badge';

const live = (exchange: FeedStatus['exchange']): FeedStatus => ({ exchange, state: 'live', stale: false });

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
    expect(badgeView([live('okx')], -1234.5)).toMatchObject({ text: '-1.2k', color: '#1a7f37' });
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

  describe('PnL setting', () => {
    beforeEach(() => {
      fakeBrowser.reset();
    });

    it('is off until the trader turns it on', async () => {
      await expect(badgePnlSetting.getValue()).resolves.toBe(false);
      await badgePnlSetting.setValue(true);
      await expect(fakeBrowser.storage.local.get('badgePnl')).resolves.toEqual({ badgePnl: true });
    });

    it.each([['yes'], [1], [{ on: true }]])(
      'reads %j written by a page as off, so it cannot hold the sockets open',
      async (hostile) => {
        await fakeBrowser.storage.local.set({ badgePnl: hostile });
        await expect(badgePnlSetting.getValue()).resolves.toBe(false);
      },
    );
  });
});
