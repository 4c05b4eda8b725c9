// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PerchError } from '../contracts/perch-error';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { createFakeBackground, type FakeBackground } from './badge/badge-fakes.test-helper';
import { startOverlay } from './index';
import { OVERLAY_TAG } from './mount';
import { fakePageWindow } from './sites/page-fake.test-helper';
import { LOCATION_POLL_MS } from './sites/watch-symbol';

let background: FakeBackground;
let controller: AbortController;

beforeEach(() => {
  vi.useFakeTimers();
  background = createFakeBackground(() => Date.now());
  background.answers.overlaySettings = DEFAULT_UI_SETTINGS.overlay;
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  vi.useRealTimers();
});

const start = (win: Window) => startOverlay(controller.signal, win, background.deps);
const hosts = (doc: Document) => doc.querySelectorAll(OVERLAY_TAG).length;

describe('the overlay on a page', () => {
  it('adds nothing at all to a page that shows no symbol', async () => {
    const { win, doc } = fakePageWindow('https://www.tradingview.com/', 'TradingView — Track All Markets');

    await start(win);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);

    expect(hosts(doc)).toBe(0);
    expect(background.ports).toEqual([]);
  });

  it('mounts once a symbol shows, and goes with it', async () => {
    const { win, doc, location } = fakePageWindow('https://www.tradingview.com/');
    await start(win);

    location.href = 'https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT';
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(hosts(doc)).toBe(1);

    location.href = 'https://www.tradingview.com/markets/';
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(hosts(doc)).toBe(0);
  });

  it('swaps the badge for the new symbol, asking the hub for its instruments', async () => {
    const { win, doc, location } = fakePageWindow('https://www.binance.com/en/futures/BTCUSDT');
    await start(win);

    location.href = 'https://www.binance.com/en/futures/ETHUSDT';
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);

    expect(hosts(doc)).toBe(1);
    expect(background.ports.at(-1)?.wanted).toEqual([
      {
        type: 'want',
        quotes: [
          { exchange: 'okx', kind: 'perpetual', symbol: 'ETH-USDT-SWAP' },
          { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' },
        ],
      },
    ]);
  });

  it('shows nothing on a site the trader turned off', async () => {
    background.answers.overlaySettings = {
      ...DEFAULT_UI_SETTINGS.overlay,
      sites: { tradingview: false, binance: true },
    };
    const { win, doc } = fakePageWindow('https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT');

    await start(win);

    expect(hosts(doc)).toBe(0);
  });

  it('applies settings changed in options when the trader comes back to the chart, and only then', async () => {
    const { win, doc } = fakePageWindow('https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT');
    await start(win);
    expect(hosts(doc)).toBe(1);

    background.answers.overlaySettings = {
      ...DEFAULT_UI_SETTINGS.overlay,
      sites: { tradingview: false, binance: true },
    };
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);
    expect(hosts(doc)).toBe(1);

    // Going out of view changes nothing; coming back does.
    Object.defineProperty(doc, 'visibilityState', { value: 'hidden', configurable: true });
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hosts(doc)).toBe(1);
    Object.defineProperty(doc, 'visibilityState', { value: 'visible', configurable: true });
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hosts(doc)).toBe(0);

    background.answers.overlaySettings = DEFAULT_UI_SETTINGS.overlay;
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hosts(doc)).toBe(1);
  });

  it('runs on a site the trader added, and nowhere else Perch does not know', async () => {
    background.answers.overlaySettings = {
      ...DEFAULT_UI_SETTINGS.overlay,
      extraOrigins: ['https://charts.example.com'],
    };
    const added = fakePageWindow('https://charts.example.com/?symbol=OKX:BTCUSDT.P');
    const other = fakePageWindow('https://other.example.com/?symbol=OKX:BTCUSDT.P');

    await start(added.win);
    await start(other.win);

    expect(hosts(added.doc)).toBe(1);
    expect(hosts(other.doc)).toBe(0);
  });

  it("uses Perch's defaults while the background cannot give the settings", async () => {
    background.answers.overlaySettings = new PerchError('InternalError', 'This is not available yet.');
    const { win, doc } = fakePageWindow('https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT');

    await start(win);

    expect(hosts(doc)).toBe(1);
  });
});
