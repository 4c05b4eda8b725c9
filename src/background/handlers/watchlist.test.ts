import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import { DEFAULT_WATCHLIST } from '../portfolio/watchlist-setting';
import { createGetWatchlistHandler } from './get-watchlist';
import { createSaveWatchlistHandler } from './save-watchlist';

const handlers: MessageHandlers = {
  ...unusedHandlers(),
  getWatchlist: createGetWatchlistHandler(),
  saveWatchlist: createSaveWatchlistHandler(),
};
const send = (name: string, payload: object, sender: 'popup' | 'options' | 'content' = 'options') =>
  dispatchMessage({ perch: 1, name, payload }, sender, handlers);

const sol = { exchange: 'bybit', kind: 'perpetual', symbol: 'SOLUSDT' } as const;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('watchlist messages', () => {
  it('the popup reads the default watchlist', async () => {
    await expect(send('getWatchlist', {}, 'popup')).resolves.toEqual({
      ok: true,
      data: { instruments: DEFAULT_WATCHLIST },
    });
  });

  it('options saves a watchlist and reads it back', async () => {
    await expect(send('saveWatchlist', { instruments: [sol, sol] })).resolves.toEqual({
      ok: true,
      data: { instruments: [sol] },
    });
    await expect(send('getWatchlist', {})).resolves.toEqual({ ok: true, data: { instruments: [sol] } });
  });

  it('a list with a bad entry is refused in words and nothing is saved', async () => {
    await expect(
      send('saveWatchlist', { instruments: [sol, { ...sol, exchange: 'kraken' }] }),
    ).resolves.toEqual({
      ok: false,
      error: {
        name: 'InvalidRequestError',
        message: 'The watchlist was not saved. Instrument 2 has exchange "kraken"; choose one of okx, bybit.',
      },
    });
    await expect(send('getWatchlist', {})).resolves.toEqual({
      ok: true,
      data: { instruments: DEFAULT_WATCHLIST },
    });
  });

  it.each(['getWatchlist', 'saveWatchlist'])('a content script may not send %s', async (name) => {
    await expect(
      send(name, name === 'saveWatchlist' ? { instruments: [] } : {}, 'content'),
    ).resolves.toMatchObject({
      ok: false,
      error: { name: 'ForbiddenSenderError' },
    });
    await expect(fakeBrowser.storage.local.get(null)).resolves.toEqual({});
  });
});
