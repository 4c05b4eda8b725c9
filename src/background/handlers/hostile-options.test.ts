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
import { expectReadableRefusal, HOSTILE_INPUTS } from './hostile-input.test-helper';
import { recordScenario } from '../../../tests/reliability/scenario';

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

beforeEach(() => {
  fakeBrowser.reset();
});

const SECTION = 'Abuse: hostile input in the options page fields';
const VALUES =
  'a 1,000,000-character string, NUL, a line break and tab, a right-to-left override, markup, an empty string, a number, null, true, a list, an object';

describe('hostile input in the options page fields', () => {
  it('every hostile watchlist symbol is refused in words and the saved watchlist stays', async ({ task }) => {
    for (const symbol of HOSTILE_INPUTS) {
      const send = setUp();
      const reply = await send('saveWatchlist', {
        instruments: [{ exchange: 'bybit', kind: 'perpetual', symbol }],
      });
      expectReadableRefusal(reply);
      await expect(send('getWatchlist', {})).resolves.toEqual({
        ok: true,
        data: { instruments: DEFAULT_WATCHLIST },
      });
    }
    recordScenario(task, {
      section: SECTION,
      scenario: 'watchlist symbol',
      injected: VALUES,
      times: `${String(HOSTILE_INPUTS.length)} saves`,
      result:
        'each refused in words (no control or bidi characters, at most 400 characters), the saved watchlist unchanged. Found: the 1 MB symbol and the bidi override were pasted back whole; fixed (quoted-input.ts cuts a quoted value at 40 characters and escapes invisible ones)',
    });
  });

  it('every hostile extra overlay site is refused in words and the saved settings stay', async ({ task }) => {
    for (const origin of HOSTILE_INPUTS) {
      const send = setUp();
      const settings = {
        ...DEFAULT_UI_SETTINGS,
        overlay: { ...DEFAULT_UI_SETTINGS.overlay, extraOrigins: [origin] },
      };
      expectReadableRefusal(await send('saveSettings', { settings }));
      await expect(send('readSettings', {})).resolves.toEqual({ ok: true, data: DEFAULT_UI_SETTINGS });
    }
    recordScenario(task, {
      section: SECTION,
      scenario: 'extra overlay site',
      injected: VALUES,
      times: `${String(HOSTILE_INPUTS.length)} saves`,
      result: 'each refused in words, settings unchanged',
    });
  });

  it('every hostile badge corner is refused in words and the saved settings stay', async ({ task }) => {
    for (const corner of HOSTILE_INPUTS) {
      const send = setUp();
      const settings = {
        ...DEFAULT_UI_SETTINGS,
        overlay: { ...DEFAULT_UI_SETTINGS.overlay, badge: { ...DEFAULT_UI_SETTINGS.overlay.badge, corner } },
      };
      expectReadableRefusal(await send('saveSettings', { settings }));
      await expect(send('readSettings', {})).resolves.toEqual({ ok: true, data: DEFAULT_UI_SETTINGS });
    }
    recordScenario(task, {
      section: SECTION,
      scenario: 'badge corner',
      injected: VALUES,
      times: `${String(HOSTILE_INPUTS.length)} saves`,
      result: 'each refused in words, settings unchanged',
    });
  });

  it('unknown settings keys are named back only short, escaped and few', async ({ task }) => {
    const send = setUp();
    const keys = [
      'X'.repeat(1_000_000),
      '\u202eemeht',
      'a\u0000b',
      ...Array.from({ length: 1_000 }, (_, i) => `k${i}`),
    ];
    const settings = { ...DEFAULT_UI_SETTINGS, ...Object.fromEntries(keys.map((key) => [key, true])) };
    const reply = await send('saveSettings', { settings });
    expectReadableRefusal(reply);
    expect((reply as { error: { message: string } }).error.message).toContain('and 1000 more');
    await expect(send('readSettings', {})).resolves.toEqual({ ok: true, data: DEFAULT_UI_SETTINGS });
    recordScenario(task, {
      section: SECTION,
      scenario: 'unknown settings keys',
      injected:
        'a settings object with 1,003 keys Perch does not know: a 1,000,000-character key, a right-to-left override, a NUL, and 1,000 plain ones',
      times: '1 save',
      result:
        'refused in words naming 3 keys (cut at 40 characters, invisible characters escaped) and "1000 more"; settings unchanged. Found: every unknown key was listed as sent, the 1 MB one whole; fixed',
    });
  });

  it('a watchlist of a hundred thousand entries is refused in words and the saved one stays', async ({
    task,
  }) => {
    const send = setUp();
    const entry = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' };
    expectReadableRefusal(
      await send('saveWatchlist', { instruments: Array.from({ length: 100_000 }, () => entry) }),
    );
    await expect(send('getWatchlist', {})).resolves.toEqual({
      ok: true,
      data: { instruments: DEFAULT_WATCHLIST },
    });
    recordScenario(task, {
      section: SECTION,
      scenario: 'watchlist of 100,000 entries',
      injected: 'one valid entry repeated',
      times: '1 save',
      result: 'refused in words, the saved watchlist unchanged',
    });
  });
});
