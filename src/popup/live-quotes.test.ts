import { openEarlyHub } from '../platform/early-hub';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEPT_QUOTES_ITEM } from '../contracts/port-names';
import { storage } from '../platform/storage';
import { followLiveQuotes } from './live-quotes';
import { fakeBackground, fakeHubPort, OKX_BTC, resolves } from './popup-fakes.test-helper';
import { createPopupStore } from './store';

const WATCHLIST = [
  { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
] as const;

const position = {
  exchange: 'bybit',
  symbol: 'ETHUSDT',
  kind: 'perpetual',
  side: 'long',
  slot: 'one-way',
  sizeContracts: '0.5',
  pnlSource: 'mark',
} as const;

async function loadedStore() {
  const { client } = fakeBackground({
    getWatchlist: resolves({ instruments: WATCHLIST }),
    vaultStatus: resolves({ state: 'unlocked', autoLockMinutes: 15, credentials: [] }),
  });
  const store = createPopupStore(client);
  await store.getState().load();
  return store;
}

describe('the popup over the hub port', () => {
  it('asks at once for the saved watchlist and the account, and takes the list the snapshot brings', () => {
    const store = createPopupStore(fakeBackground({}).client);
    const hub = fakeHubPort();
    followLiveQuotes(store, openEarlyHub(hub.connect));

    expect(hub.posted).toEqual([{ type: 'want', quotes: [], account: true, watchlist: true }]);
    hub.push({ type: 'snapshot', quotes: [], status: [], watchlist: WATCHLIST });

    expect(store.getState().watchlist).toEqual({ kind: 'ready', instruments: WATCHLIST });
    expect(hub.posted).toHaveLength(1);
  });

  it('adds the instrument of an open position not on the watchlist, and asks nothing new for the same list', async () => {
    const store = await loadedStore();
    const hub = fakeHubPort();
    followLiveQuotes(store, openEarlyHub(hub.connect));
    const onWatchlist = { ...position, exchange: 'okx', symbol: 'BTC-USDT-SWAP' } as const;

    hub.push({ type: 'snapshot', quotes: [], status: [], account: { positions: [onWatchlist] } });
    hub.push({ type: 'changes', quotes: [], status: [], account: { positions: [onWatchlist, position] } });
    hub.push({
      type: 'changes',
      quotes: [],
      status: [],
      account: { positions: [onWatchlist, { ...position, pnl: 3 }] },
    });

    expect(hub.posted).toEqual([
      { type: 'want', quotes: [], account: true, watchlist: true },
      {
        type: 'want',
        quotes: [{ exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT' }],
        account: true,
        watchlist: true,
      },
    ]);
  });

  it('keeps the latest of each quote, each connection status and each account section, and ignores a refusal', async () => {
    const store = await loadedStore();
    const hub = fakeHubPort();
    followLiveQuotes(store, openEarlyHub(hub.connect));
    const freshness = [{ exchange: 'bybit', restored: false, stale: false, positionsKnown: true }];

    hub.push({
      type: 'snapshot',
      quotes: [{ ...OKX_BTC, last: '67000.1', open24h: '66000', ts: 1 }],
      status: [{ exchange: 'okx', state: 'live', stale: false, dataAgeMs: 400 }],
      account: { positions: [position], freshness },
    });
    hub.push({ type: 'error', message: 'refused' });
    hub.push({
      type: 'changes',
      quotes: [{ exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', last: '67001', ts: 2 }],
      status: [{ exchange: 'okx', state: 'live', stale: true, dataAgeMs: 42_000 }],
      account: { positions: [] },
    });

    const state = store.getState();
    expect(state.quotes['okx:perpetual:BTC-USDT-SWAP']).toEqual({
      ...OKX_BTC,
      last: '67001',
      open24h: '66000',
      ts: 2,
    });
    expect(state.connections.okx).toEqual({ exchange: 'okx', state: 'live', stale: true, dataAgeMs: 42_000 });
    expect(state.account).toEqual({ positions: [], freshness });
  });

  it('tells the hub once it has applied what came, so the next message may come at once, and never asks it again', () => {
    const store = createPopupStore(fakeBackground({}).client);
    const hub = fakeHubPort();
    const queued: (() => void)[] = [];
    const early = openEarlyHub(hub.connect, (run) => queued.push(run));
    const taken = () => hub.posted.filter((message) => JSON.stringify(message) === '{"type":"taken"}');

    // Before the app takes the port, nothing is applied, so nothing is said taken.
    hub.push({ type: 'snapshot', quotes: [], status: [] });
    expect(queued).toHaveLength(0);
    followLiveQuotes(store, early);
    expect(queued).toHaveLength(1);
    expect(taken()).toHaveLength(0);

    // Two messages in one task: applied both, then one "taken" after the tasks already queued.
    hub.push({ type: 'changes', quotes: [{ ...OKX_BTC, last: '67001', ts: 2 }], status: [] });
    expect(store.getState().quotes['okx:perpetual:BTC-USDT-SWAP']?.last).toBe('67001');
    expect(queued).toHaveLength(1);
    queued.splice(0).forEach((run) => {
      run();
    });
    expect(taken()).toHaveLength(1);

    hub.push({ type: 'changes', quotes: [{ ...OKX_BTC, last: '67002', ts: 3 }], status: [] });
    queued.splice(0).forEach((run) => {
      run();
    });
    expect(taken()).toHaveLength(2);
    // The standing request is still the want: "taken" is said once, never sent again on a reconnect.
    expect(hub.posted.filter((message) => JSON.stringify(message) !== '{"type":"taken"}')).toEqual([
      { type: 'want', quotes: [], account: true, watchlist: true },
    ]);
  });

  describe('before the worker answers', () => {
    const kept = {
      keptAt: 1_000,
      quotes: [{ ...OKX_BTC, last: '66990.5', ts: 1 }],
      watchlist: WATCHLIST,
      exchanges: ['okx'],
    };
    beforeEach(() => {
      fakeBrowser.reset();
    });

    it('paints the quotes the worker kept, each stale until the stream brings it again, with the watchlist they came with', async () => {
      await storage.setItem(KEPT_QUOTES_ITEM, kept);
      const store = createPopupStore(fakeBackground({}).client);
      const hub = fakeHubPort();
      const early = openEarlyHub(hub.connect);
      followLiveQuotes(store, early);
      await early.kept;

      const state = store.getState();
      expect(state.quotes['okx:perpetual:BTC-USDT-SWAP']?.last).toBe('66990.5');
      expect(state.keptOnly).toEqual({ 'okx:perpetual:BTC-USDT-SWAP': true });
      expect(state.watchlist).toEqual({ kind: 'ready', instruments: WATCHLIST });
      expect(state.connections.okx).toEqual({ exchange: 'okx', state: 'connecting', stale: false });

      // The woken worker answers before its sockets have a price: the kept one stays, still stale.
      hub.push({
        type: 'snapshot',
        quotes: [],
        status: [{ exchange: 'okx', state: 'connecting', stale: false }],
      });
      expect(store.getState().keptOnly).toEqual({ 'okx:perpetual:BTC-USDT-SWAP': true });
      hub.push({ type: 'changes', quotes: [{ ...OKX_BTC, last: '67010', ts: 9 }], status: [] });
      expect(store.getState().quotes['okx:perpetual:BTC-USDT-SWAP']?.last).toBe('67010');
      expect(store.getState().keptOnly).toEqual({});
    });

    it('shows nothing kept once the port has answered, nor when nothing was kept', async () => {
      await storage.setItem(KEPT_QUOTES_ITEM, kept);
      const answered = createPopupStore(fakeBackground({}).client);
      const hub = fakeHubPort();
      const early = openEarlyHub(hub.connect);
      hub.push({ type: 'snapshot', quotes: [], status: [{ exchange: 'okx', state: 'live', stale: false }] });
      followLiveQuotes(answered, early);
      await early.kept;
      expect(answered.getState().quotes).toEqual({});
      expect(answered.getState().connections.okx?.state).toBe('live');

      await storage.removeItem(KEPT_QUOTES_ITEM);
      const nothingKept = createPopupStore(fakeBackground({}).client);
      const other = openEarlyHub(fakeHubPort().connect);
      followLiveQuotes(nothingKept, other);
      await other.kept;
      expect(nothingKept.getState().quotes).toEqual({});
      expect(nothingKept.getState().watchlist.kind).toBe('loading');
    });
  });
});
