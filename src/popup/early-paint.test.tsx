import { act } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeptQuotes } from '../contracts/kept-quotes';
import type { WatchlistEntry } from '../contracts/portfolio';
import type { HubPortMessage } from '../contracts/ports';
import { earlyQuotePainter } from './early-paint';
import { fakeBackground } from './popup-fakes.test-helper';
import { createPopupStore } from './store';
import { WatchlistPanel } from './WatchlistPanel';

const OKX_BTC: WatchlistEntry = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' };
const BYBIT_ETH: WatchlistEntry = { exchange: 'bybit', kind: 'spot', symbol: 'ETHUSDT' };
const BTC = {
  ...OKX_BTC,
  last: '65000',
  open24h: '64000',
  bid: '64999.9',
  ask: '65000.1',
  tickSize: '0.1',
  ts: 1,
};
const ETH = { ...BYBIT_ETH, last: '3000.5', ts: 1 };
const SNAPSHOT: HubPortMessage = {
  type: 'snapshot',
  quotes: [BTC, ETH],
  status: [{ exchange: 'okx', state: 'live', stale: false }],
  watchlist: [OKX_BTC, BYBIT_ETH],
};
const KEPT: KeptQuotes = { keptAt: 1, quotes: [BTC], watchlist: [OKX_BTC, BYBIT_ETH], exchanges: ['okx'] };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

function page() {
  const container = document.body.appendChild(document.createElement('div'));
  return { container, painter: earlyQuotePainter(container, 'perch-popup') };
}

/** Each watchlist row as the trader reads it. */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('li[data-kind]')].map((row) => ({
    symbol: row.dataset.symbol,
    last: row.querySelector('[data-field="last"]')?.textContent,
    change: row.querySelector('[data-field="change"]')?.textContent,
    stale: row.dataset.stale === 'true',
    tag: row.querySelector('.perch-stale-tag')?.textContent,
    bell: row.querySelector('button')?.getAttribute('aria-label'),
  }));

describe('the early painter (the first script, before React loads)', () => {
  it("paints the watchlist's rows from the hub's first message, priced by tick, live ones not stale", () => {
    const { container, painter } = page();
    painter.message(SNAPSHOT);
    expect(container.querySelector('section')?.getAttribute('aria-labelledby')).toBe('perch-watchlist-title');
    expect(rows(container)).toEqual([
      {
        symbol: 'BTC-USDT-SWAP',
        last: '65,000.0',
        change: '+1.56%',
        stale: false,
        tag: undefined,
        bell: 'Alert for OKX BTC-USDT-SWAP perpetual',
      },
      {
        symbol: 'ETHUSDT',
        last: '3,000.50',
        change: '',
        stale: false,
        tag: undefined,
        bell: 'Alert for Bybit ETHUSDT spot',
      },
    ]);
  });

  it('paints what the worker kept marked stale, and the rows the stream brings no longer stale', () => {
    const { container, painter } = page();
    painter.kept(KEPT);
    expect(rows(container).map(({ last, stale, tag }) => ({ last, stale, tag }))).toEqual([
      { last: '65,000.0', stale: true, tag: 'stale' },
      { last: '—', stale: false, tag: undefined },
    ]);
    painter.message({ type: 'changes', quotes: [{ ...BTC, last: '65001' }], status: [] });
    expect(rows(container)[0]).toMatchObject({ last: '65,001.0', stale: false, tag: undefined });
  });

  it('paints nothing kept once the stream spoke, and nothing at all once React took over', () => {
    const { container, painter } = page();
    painter.message(SNAPSHOT);
    painter.kept({ ...KEPT, quotes: [{ ...BTC, last: '1' }] });
    expect(rows(container)[0]?.last).toBe('65,000.0');
    painter.stop();
    painter.message({ type: 'changes', quotes: [{ ...BTC, last: '2' }], status: [] });
    expect(rows(container)[0]?.last).toBe('65,000.0');
  });

  it('is replaced by React at its first render: the same markup, each row once', () => {
    const { container, painter } = page();
    painter.kept(KEPT);
    painter.message(SNAPSHOT);
    const early = container.innerHTML;
    painter.stop();
    const store = createPopupStore(fakeBackground({}).client);
    store.getState().applyKept(KEPT);
    store.getState().applyHub(SNAPSHOT);
    act(() => {
      root = createRoot(container);
      root.render(
        <main className="perch-popup">
          <WatchlistPanel store={store} />
        </main>,
      );
    });
    expect(rows(container)).toHaveLength(2);
    // React's bells name the form they open, which exists only once React renders it.
    for (const bell of container.querySelectorAll('[aria-controls]')) bell.removeAttribute('aria-controls');
    expect(container.innerHTML).toBe(early);
  });
});
