import { describe, expect, it } from 'vitest';
import type { ChartFocusMessage } from '../../contracts';
import type { WantedInstrument } from '../../contracts/ports';
import { serveChartFocusPort, type ChartFocusDeps, type FocusPort, type TabActivation } from './chart-focus';

const BYBIT_BTC: WantedInstrument = {
  exchange: 'bybit',
  kind: 'perpetual',
  symbol: 'BTCUSDT',
  contractType: 'linear',
};
const OKX_ETH: WantedInstrument = { exchange: 'okx', kind: 'perpetual', symbol: 'ETH-USDT-SWAP' };

/** The browser's tabs and the hub's tab wants, in memory: window 1 holds tabs 10 and 11, window 2 tab 20. */
function rig() {
  const follows = new Map<number, WantedInstrument[]>();
  const active = new Map<number, number>([
    [1, 10],
    [2, 20],
  ]);
  const wantListeners = new Set<(tabId: number) => void>();
  const activationListeners = new Set<(activation: TabActivation) => void>();
  const deps: ChartFocusDeps = {
    tabs: {
      tabInstruments: (tabId) => follows.get(tabId) ?? [],
      onTabWants: (listener) => {
        wantListeners.add(listener);
        return () => wantListeners.delete(listener);
      },
    },
    activeTab: (windowId) => Promise.resolve(active.get(windowId)),
    onTabActivated: (listener) => {
      activationListeners.add(listener);
      return () => activationListeners.delete(listener);
    },
  };
  const received: ChartFocusMessage[] = [];
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  let disconnected = false;
  const port: FocusPort = {
    postMessage: (message) => received.push(message),
    disconnect: () => {
      disconnected = true;
    },
    onMessage: { addListener: (listener) => messageListeners.push(listener) },
    onDisconnect: { addListener: (listener) => disconnectListeners.push(listener) },
  };
  return {
    deps,
    port,
    received,
    disconnected: () => disconnected,
    send: (message: unknown) => {
      for (const listener of messageListeners) listener(message);
    },
    /** A chart tab's content script wants other instruments (or none: its port closed). */
    chartFollows(tabId: number, instruments: WantedInstrument[]) {
      follows.set(tabId, instruments);
      for (const listener of wantListeners) listener(tabId);
    },
    activate(activation: TabActivation) {
      active.set(activation.windowId, activation.tabId);
      for (const listener of activationListeners) listener(activation);
    },
    closePanel: () => {
      for (const listener of disconnectListeners) listener();
    },
    listening: () => wantListeners.size + activationListeners.size,
  };
}

const focus = (...instruments: WantedInstrument[]): ChartFocusMessage => ({
  type: 'focus',
  instruments: instruments.map(({ exchange, kind, symbol }) => ({ exchange, kind, symbol })),
});

describe('the side panel’s chart focus', () => {
  it('answers a follow with what the window’s active tab’s chart follows', async () => {
    const perch = rig();
    perch.chartFollows(10, [BYBIT_BTC]);
    serveChartFocusPort(perch.port, 'popup', perch.deps);

    perch.send({ type: 'follow', windowId: 1 });

    await expect.poll(() => perch.received).toEqual([focus(BYBIT_BTC)]);
  });

  it('follows the trader to another tab of its window, and ignores other windows', async () => {
    const perch = rig();
    perch.chartFollows(10, [BYBIT_BTC]);
    perch.chartFollows(11, [OKX_ETH]);
    serveChartFocusPort(perch.port, 'popup', perch.deps);
    perch.send({ type: 'follow', windowId: 1 });
    await expect.poll(() => perch.received).toHaveLength(1);

    perch.activate({ tabId: 20, windowId: 2 });
    perch.activate({ tabId: 11, windowId: 1 });

    expect(perch.received).toEqual([focus(BYBIT_BTC), focus(OKX_ETH)]);
  });

  it('follows a symbol switch on the active chart, and says so when the chart follows nothing', async () => {
    const perch = rig();
    perch.chartFollows(10, [BYBIT_BTC]);
    serveChartFocusPort(perch.port, 'popup', perch.deps);
    perch.send({ type: 'follow', windowId: 1 });
    await expect.poll(() => perch.received).toHaveLength(1);

    perch.chartFollows(11, [BYBIT_BTC]); // not the active tab: nothing to say
    perch.chartFollows(10, [BYBIT_BTC]); // the same instruments again: nothing new
    perch.chartFollows(10, [OKX_ETH]);
    perch.chartFollows(10, []);

    expect(perch.received).toEqual([focus(BYBIT_BTC), focus(OKX_ETH), focus()]);
  });

  it('answers every follow, even with what the panel had before it reconnected', async () => {
    const perch = rig();
    perch.chartFollows(10, [BYBIT_BTC]);
    serveChartFocusPort(perch.port, 'popup', perch.deps);

    perch.send({ type: 'follow', windowId: 1 });
    await expect.poll(() => perch.received).toHaveLength(1);
    perch.send({ type: 'follow', windowId: 1 });

    await expect.poll(() => perch.received).toEqual([focus(BYBIT_BTC), focus(BYBIT_BTC)]);
  });

  it('stops listening to the tabs once the panel closes', async () => {
    const perch = rig();
    serveChartFocusPort(perch.port, 'popup', perch.deps);
    perch.send({ type: 'follow', windowId: 1 });
    await expect.poll(() => perch.received).toHaveLength(1);

    perch.closePanel();

    expect(perch.listening()).toBe(0);
  });

  it.each([['content'], ['options'], [undefined]] as const)(
    'refuses a port from %s, so no chart page can steer it',
    (sender) => {
      const perch = rig();

      serveChartFocusPort(perch.port, sender, perch.deps);

      expect(perch.received).toEqual([
        { type: 'error', message: 'This page may not follow the chart tabs.' },
      ]);
      expect(perch.disconnected()).toBe(true);
      expect(perch.listening()).toBe(0);
    },
  );

  it('refuses a request it does not understand, in words, and keeps the port', () => {
    const perch = rig();
    serveChartFocusPort(perch.port, 'popup', perch.deps);

    perch.send({ type: 'follow', windowId: 1, tabId: 99 });

    expect(perch.received).toEqual([
      { type: 'error', message: 'Perch did not understand that request: send { type: "follow", windowId }.' },
    ]);
    expect(perch.disconnected()).toBe(false);
  });
});
