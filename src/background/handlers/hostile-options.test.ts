import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_UI_SETTINGS } from '../../contracts/settings';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import { DEFAULT_WATCHLIST } from '../portfolio/watchlist-setting';
import { createSettingsStore } from '../settings/settings-store';
import { createGetWatchlistHandler } from './get-watchlist';
import { createReadSettingsHandler } from './read-settings';
import { createSaveSettingsHandler } from './save-settings';
import { createSaveWatchlistHandler } from './save-watchlist';

/** What a trader (or a broken page) can type or paste into the options page's free-text fields. */
const HOSTILE_TEXT = [
  'X'.repeat(1_000_000),
  'BTC\u0000USDT',
  'BTC\nUSDT\r\t',
  '\u202eTDSU-CTB',
  '<img src=x onerror=alert(1)>',
  '',
] as const;
const WRONG_TYPES = [42, null, true, ['BTCUSDT'], { symbol: 'BTCUSDT' }] as const;

function setUp() {
  const settings = createSettingsStore();
  const handlers: MessageHandlers = {
    ...unusedHandlers(),
    getWatchlist: createGetWatchlistHandler(),
    saveWatchlist: createSaveWatchlistHandler(),
    readSettings: createReadSettingsHandler(settings),
    saveSettings: createSaveSettingsHandler(settings),
  };
  return (name: string, payload: object) => dispatchMessage({ perch: 1, name, payload }, 'options', handlers);
}

/** A refusal a trader can read: a Perch error, in a few lines of words, without the input pasted back. */
function expectReadableRefusal(reply: unknown) {
  expect(reply).toMatchObject({ ok: false, error: { name: expect.stringMatching(/Error$/) as unknown } });
  const { message } = (reply as { error: { message: string } }).error;
  expect(message.length).toBeGreaterThan(10);
  expect(message.length).toBeLessThanOrEqual(400);
  const hidden = message.replace(/./gsu, (char) =>
    char.charCodeAt(0) < 0x20 || char === '\u202e' ? char : '',
  );
  expect(hidden).toBe('');
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('hostile input in the options page fields', () => {
  it.each([...HOSTILE_TEXT, ...WRONG_TYPES])(
    'a watchlist symbol %# is refused in words and the saved watchlist stays',
    async (symbol) => {
      const send = setUp();
      const reply = await send('saveWatchlist', {
        instruments: [{ exchange: 'bybit', kind: 'perpetual', symbol }],
      });
      expectReadableRefusal(reply);
      await expect(send('getWatchlist', {})).resolves.toEqual({
        ok: true,
        data: { instruments: DEFAULT_WATCHLIST },
      });
    },
  );

  it.each([...HOSTILE_TEXT, ...WRONG_TYPES])(
    'an extra overlay site %# is refused in words and the saved settings stay',
    async (origin) => {
      const send = setUp();
      const settings = {
        ...DEFAULT_UI_SETTINGS,
        overlay: { ...DEFAULT_UI_SETTINGS.overlay, extraOrigins: [origin] },
      };
      expectReadableRefusal(await send('saveSettings', { settings }));
      await expect(send('readSettings', {})).resolves.toEqual({ ok: true, data: DEFAULT_UI_SETTINGS });
    },
  );

  it.each([...HOSTILE_TEXT, ...WRONG_TYPES])(
    'a badge corner %# is refused in words and the saved settings stay',
    async (corner) => {
      const send = setUp();
      const settings = {
        ...DEFAULT_UI_SETTINGS,
        overlay: { ...DEFAULT_UI_SETTINGS.overlay, badge: { ...DEFAULT_UI_SETTINGS.overlay.badge, corner } },
      };
      expectReadableRefusal(await send('saveSettings', { settings }));
      await expect(send('readSettings', {})).resolves.toEqual({ ok: true, data: DEFAULT_UI_SETTINGS });
    },
  );

  it('a watchlist of a hundred thousand entries is refused in words and the saved one stays', async () => {
    const send = setUp();
    const entry = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' };
    expectReadableRefusal(
      await send('saveWatchlist', { instruments: Array.from({ length: 100_000 }, () => entry) }),
    );
    await expect(send('getWatchlist', {})).resolves.toEqual({
      ok: true,
      data: { instruments: DEFAULT_WATCHLIST },
    });
  });
});
