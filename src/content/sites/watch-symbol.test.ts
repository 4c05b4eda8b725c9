// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePageWindow } from './page-fake.test-helper';
import { tradingView } from './tradingview';
import { LOCATION_POLL_MS, TITLE_SETTLE_MS, watchSymbol } from './watch-symbol';

function watch(win: Window) {
  const seen: (string | undefined)[] = [];
  const controller = new AbortController();
  watchSymbol(win, tradingView, (symbol) => seen.push(symbol), controller.signal);
  return {
    seen,
    stop: () => {
      controller.abort();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following the symbol on a page', () => {
  it('reads the symbol at once', () => {
    const { win } = fakePageWindow(
      'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P',
      'BTCUSDT.P 1',
    );

    expect(watch(win).seen).toEqual(['BYBIT:BTCUSDT.P']);
  });

  it('follows a symbol switch in the title once the title settles, ignoring price ticks', async () => {
    const { win, doc } = fakePageWindow('https://www.tradingview.com/chart/2AqpEMfD/', 'BTCUSDT.P 67,000 ▲');
    const { seen } = watch(win);

    doc.title = 'BTCUSDT.P 67,001 ▲';
    await vi.advanceTimersByTimeAsync(TITLE_SETTLE_MS);
    doc.title = 'ETHUSDT.P 3,500 ▼';
    await vi.advanceTimersByTimeAsync(TITLE_SETTLE_MS - 1);
    expect(seen).toEqual(['BTCUSDT.P']);

    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['BTCUSDT.P', 'ETHUSDT.P']);
  });

  it('follows a location change made without a reload on its next poll', async () => {
    const { win, location } = fakePageWindow(
      'https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT',
      '',
    );
    const { seen } = watch(win);

    location.href = 'https://www.tradingview.com/symbols/ETHUSDT.P/?exchange=OKX';
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);

    expect(seen).toEqual(['BYBIT:BTCUSDT.P', 'OKX:ETHUSDT.P']);
  });

  it('reads at once on back and forward', () => {
    const { win, location, events } = fakePageWindow('https://www.tradingview.com/symbols/BTCUSDT.P/', '');
    const { seen } = watch(win);

    location.href = 'https://www.tradingview.com/';
    events.dispatchEvent(new Event('popstate'));

    expect(seen).toEqual(['BTCUSDT.P', undefined]);
  });

  it('stops following when its signal aborts', async () => {
    const { win, location } = fakePageWindow('https://www.tradingview.com/symbols/BTCUSDT.P/', '');
    const { seen, stop } = watch(win);

    stop();
    location.href = 'https://www.tradingview.com/symbols/ETHUSDT.P/';
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);

    expect(seen).toEqual(['BTCUSDT.P']);
  });
});
