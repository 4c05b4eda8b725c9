import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackground, OKX_BTC, OKX_BTC_LONG, rejects, resolves } from './popup-fakes.test-helper';
import { createPopupStore, TICK_FLASH_MS } from './store';

const quote = (last: string, ts: number) => ({ ...OKX_BTC, last, ts });
const KEY = 'okx:perpetual:BTC-USDT-SWAP';

const position = OKX_BTC_LONG;

describe('the popup store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flashes a price that moved, up or down, for TICK_FLASH_MS, and not one that stayed', () => {
    const store = createPopupStore(fakeBackground({}).client);
    const tick = (last: string, ts: number) => {
      store.getState().applyHub({ type: 'changes', quotes: [quote(last, ts)], status: [] });
    };

    tick('67000.1', 1);
    expect(store.getState().flashes).toEqual({});
    tick('67000.2', 2);
    expect(store.getState().flashes).toEqual({ [KEY]: 'up' });
    vi.advanceTimersByTime(TICK_FLASH_MS - 1);
    tick('67000.20', 3);
    expect(store.getState().flashes).toEqual({ [KEY]: 'up' });
    vi.advanceTimersByTime(1);
    expect(store.getState().flashes).toEqual({});

    tick('66999', 4);
    vi.advanceTimersByTime(TICK_FLASH_MS - 1);
    tick('66998', 5);
    vi.advanceTimersByTime(TICK_FLASH_MS - 1);
    // The second move started its own full flash.
    expect(store.getState().flashes).toEqual({ [KEY]: 'down' });
    vi.advanceTimersByTime(1);
    expect(store.getState().flashes).toEqual({});
  });

  it('sends a close with the position exchange, instrument, slot and side and size as seen, and keeps the answer as the notice', async () => {
    const background = fakeBackground({
      closePosition: resolves({
        status: 'sent',
        clientOrderId: 'c1',
        orderId: '',
        via: 'socket',
        message: 'Close sent.',
      }),
    });
    const store = createPopupStore(background.client);

    const closing = store.getState().closePosition(position);
    expect(store.getState().closing).toEqual({ 'okx:perpetual:BTC-USDT-SWAP:one-way': true });
    await store.getState().closePosition(position);
    await closing;

    expect(background.sent).toEqual([
      {
        name: 'closePosition',
        request: {
          exchange: 'okx',
          instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
          slot: 'one-way',
          seen: { side: 'long', sizeContracts: '3' },
        },
      },
    ]);
    expect(store.getState().closing).toEqual({});
    expect(store.getState().notice).toEqual({
      tone: 'ok',
      text: 'Close sent.',
      about: 'okx:perpetual:BTC-USDT-SWAP:one-way',
    });
  });

  it('says in words why a close failed', async () => {
    const store = createPopupStore(
      fakeBackground({ closePosition: rejects('CloseRejectedError', 'OKX refused the close: 51000.') })
        .client,
    );

    await store.getState().closePosition(position);

    expect(store.getState().notice).toEqual({
      tone: 'problem',
      text: 'OKX refused the close: 51000.',
      about: 'okx:perpetual:BTC-USDT-SWAP:one-way',
    });
  });

  it.each([
    [{ state: 'not-set-up', credentials: [] }, 'empty'],
    [{ state: 'unlocked', credentials: [] }, 'empty'],
    [{ state: 'locked', credentials: [{ exchange: 'okx', maskedKey: 'ab…yz' }] }, 'locked'],
    [{ state: 'unlocked', credentials: [{ exchange: 'okx', maskedKey: 'ab…yz' }] }, 'unlocked'],
  ])('reads the vault %j as %s', async (status, kind) => {
    const store = createPopupStore(
      fakeBackground({ vaultStatus: resolves({ autoLockMinutes: 15, ...status }) }).client,
    );

    await store.getState().load();

    expect(store.getState().vault).toEqual({ kind });
  });

  it('shows the vault unlocked when the unlock went through but its answer was lost', async () => {
    const store = createPopupStore(
      fakeBackground({
        vaultUnlock: rejects('BackgroundStoppedError', "Perch's background stopped before it answered."),
        vaultStatus: resolves({
          state: 'unlocked',
          autoLockMinutes: 15,
          credentials: [{ exchange: 'okx', maskedKey: 'ab…yz' }],
        }),
      }).client,
    );

    await store.getState().unlockVault('a passphrase');

    expect(store.getState().vault).toEqual({ kind: 'unlocked' });
  });

  it('keeps the unlock form and says why when the passphrase is refused', async () => {
    const store = createPopupStore(
      fakeBackground({
        vaultUnlock: rejects('WrongPassphraseError', 'That passphrase does not open the vault.'),
        vaultStatus: resolves({
          state: 'locked',
          autoLockMinutes: 15,
          credentials: [{ exchange: 'okx', maskedKey: 'ab…yz' }],
        }),
      }).client,
    );

    await store.getState().unlockVault('a passphrase');

    expect(store.getState().vault).toEqual({ kind: 'locked' });
    expect(store.getState().unlock).toEqual({
      pending: false,
      error: 'That passphrase does not open the vault.',
    });
  });

  it('keeps one-click closing when the settings cannot be read', async () => {
    const store = createPopupStore(
      fakeBackground({ readSettings: rejects('InternalError', 'Not yet.') }).client,
    );

    await store.getState().load();

    expect(store.getState().closeConfirm).toBe('click');
  });
});
