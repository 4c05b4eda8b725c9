import { describe, expect, it } from 'vitest';
import type { KeptQuotes } from '../../contracts/kept-quotes';
import type { HubPortMessage } from '../../contracts/ports';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { fakeExchange, fakeRegistry, testHub } from './hub-fakes.test-helper';
import { serveHubPort } from './hub-port-session';
import { memoryPort } from './memory-port.test-helper';
import { createQuoteKeeper } from './quote-keeper';

const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const ETH = { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT' } as const;
const LIVE = { stale: false, state: 'live' } as const;
const WATCHLIST = [{ ...BTC, contractType: 'linear' }] as const;

const snapshot: HubPortMessage = {
  type: 'snapshot',
  quotes: [{ ...BTC, last: '100', bid: '99.5', ts: 1 }],
  status: [{ exchange: 'okx', ...LIVE }],
  watchlist: [...WATCHLIST],
};
const change = (last: string, ts: number): Extract<HubPortMessage, { type: 'changes' }> => ({
  type: 'changes',
  quotes: [{ ...BTC, last, ts }],
  status: [],
});

function keeperOfPages() {
  const time = createFakeTime();
  const saved: KeptQuotes[] = [];
  const forgotten: string[] = [];
  const pages = createQuoteKeeper({
    save: (view) => {
      saved.push(view);
      return Promise.resolve();
    },
    forget: (exchange) => {
      forgotten.push(exchange);
      return Promise.resolve();
    },
    clock: time.clock,
    timers: time.timers,
  });
  return { time, saved, forgotten, pages };
}

function keeper() {
  const { time, saved, forgotten, pages } = keeperOfPages();
  const sent: HubPortMessage[] = [];
  const kept = pages.follow((message) => sent.push(message));
  return { time, saved, forgotten, sent, kept, pages };
}

describe('what the worker keeps of the quotes a page was sent', () => {
  it('starts over at a snapshot and merges the fields a change moved into the quote it names', () => {
    const { time, saved, kept } = keeper();
    kept.post(snapshot);
    time.advance(10);
    kept.post({ ...change('101', 2), status: [{ exchange: 'bybit', ...LIVE }] });
    kept.leave();
    expect(saved.at(-1)).toEqual({
      keptAt: time.clock.now(),
      quotes: [{ ...BTC, last: '101', bid: '99.5', ts: 2 }],
      watchlist: WATCHLIST,
      exchanges: ['okx', 'bybit'],
    });

    const again = keeper();
    again.kept.post(snapshot);
    again.kept.post({ ...snapshot, quotes: [{ ...ETH, last: '5', ts: 3 }] });
    expect(again.saved.at(-1)?.quotes).toEqual([{ ...ETH, last: '5', ts: 3 }]);
  });

  it('keeps nothing from changes before any snapshot, and nothing from an error', () => {
    const { time, saved, kept } = keeper();
    kept.post(change('101', 2));
    kept.post({ type: 'error', message: 'no' });
    time.advance(10_000);
    kept.leave();
    expect(saved).toEqual([]);
  });

  it('passes every message on, writes a snapshot at once and changes at most once a period', () => {
    const { time, saved, sent, kept } = keeper();
    kept.post(snapshot);
    kept.post(change('101', 2));
    kept.post(change('102', 3));
    expect(sent).toHaveLength(3);
    expect(saved.map((view) => view.quotes[0]?.last)).toEqual(['100']);

    time.advance(1_999);
    expect(saved).toHaveLength(1);
    time.advance(1);
    expect(saved.map((view) => view.quotes[0]?.last)).toEqual(['100', '102']);

    time.advance(10_000);
    expect(saved).toHaveLength(2);
  });

  it('writes what changed when the page leaves, and nothing more when nothing changed', () => {
    const { time, saved, kept } = keeper();
    kept.post(snapshot);
    kept.post(change('103', 4));
    kept.leave();
    expect(saved.map((view) => view.quotes[0]?.last)).toEqual(['100', '103']);
    kept.leave();
    time.advance(10_000);
    expect(saved).toHaveLength(2);
  });

  it('forgets a rebuilt exchange’s quotes, stored and held, so a page streaming on does not bring them back', () => {
    const { time, saved, forgotten, kept, pages } = keeper();
    kept.post({ ...snapshot, quotes: [...snapshot.quotes, { ...ETH, last: '5', ts: 3 }] });
    pages.forget('okx');
    expect(forgotten).toEqual(['okx']);
    kept.post({ type: 'changes', quotes: [{ ...ETH, last: '6', ts: 4 }], status: [] });
    time.advance(2_000);
    expect(saved.at(-1)).toMatchObject({ quotes: [{ ...ETH, last: '6', ts: 4 }], exchanges: [] });
  });

  it('keeps what the popup and the side panel are sent, never a chart page’s', async () => {
    const { time, saved, pages } = keeperOfPages();
    const hub = testHub(time, fakeRegistry({ okx: fakeExchange('okx').exchange }));
    const chart = memoryPort();
    serveHubPort(chart.port, 'content', hub, { tabId: 3, keeper: pages });
    chart.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    expect(chart.received[0]?.type).toBe('snapshot');
    expect(saved).toEqual([]);

    const popup = memoryPort();
    serveHubPort(popup.port, 'popup', hub, { keeper: pages });
    popup.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.exchanges).toContain('okx');
  });
});
