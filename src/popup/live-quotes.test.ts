import { describe, expect, it } from 'vitest';
import type { MessageClient } from '../platform/message-client';
import type { PagePort } from '../platform/port-client';
import { followLiveQuotes } from './live-quotes';
import { createPopupStore } from './store';

const market = {
  endpoint: { environment: 'live' },
  exchanges: [
    { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
    { exchange: 'bybit', symbol: 'BTCUSDT', problem: 'No price for BTCUSDT yet.' },
  ],
};

function backgroundPort() {
  const posted: unknown[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const port: PagePort = {
    postMessage: (message) => posted.push(message),
    disconnect: () => undefined,
    onMessage: { addListener: (listener) => listeners.push(listener) },
    onDisconnect: { addListener: () => undefined },
  };
  return {
    port,
    posted,
    push: (message: unknown) => {
      for (const listener of listeners) listener(message);
    },
  };
}

describe('the popup live prices', () => {
  it('asks the hub for the headline quotes and shows each new price in place of the last check', async () => {
    const client: MessageClient = { send: () => Promise.resolve(market) as never };
    const store = createPopupStore(client);
    await store.getState().checkMarket();
    const background = backgroundPort();
    followLiveQuotes(store, () => background.port);

    expect(background.posted).toEqual([
      {
        type: 'want',
        quotes: [
          { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
          { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
        ],
        account: true,
      },
    ]);
    background.push({ type: 'error', message: 'ignored' });
    background.push({
      type: 'changes',
      status: [],
      quotes: [{ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', last: '67010.5', ts: 1 }],
    });

    expect(store.getState().market).toEqual({
      kind: 'ready',
      endpoint: { environment: 'live' },
      exchanges: [
        { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
        { exchange: 'bybit', symbol: 'BTCUSDT', lastPrice: '67010.5' },
      ],
    });
  });

  it('keeps the account the hub sends: the snapshot, then each changed section in place of the old one', () => {
    const store = createPopupStore({ send: () => Promise.reject(new Error('not asked')) });
    const background = backgroundPort();
    followLiveQuotes(store, () => background.port);
    const position = {
      exchange: 'okx',
      symbol: 'BTC-USDT-SWAP',
      kind: 'perpetual',
      side: 'long',
      slot: 'one-way',
      sizeContracts: '50',
      pnl: 500,
      pnlSource: 'mark',
    };
    const freshness = [{ exchange: 'okx', restored: true, stale: false }];
    background.push({
      type: 'snapshot',
      quotes: [],
      status: [],
      account: { positions: [position], orders: [], freshness },
    });
    background.push({
      type: 'changes',
      quotes: [],
      status: [],
      account: { positions: [{ ...position, pnl: 750 }] },
    });
    background.push({ type: 'changes', quotes: [], status: [], account: { positions: 'garbled' } });

    expect(store.getState().account).toEqual({
      positions: [{ ...position, pnl: 750 }],
      orders: [],
      freshness,
    });
  });
});
