// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PerchError } from '../../contracts/perch-error';
import type { PositionView } from '../../contracts/portfolio';
import type { FeedStatus, PortQuote } from '../../contracts/ports';
import { DEFAULT_UI_SETTINGS } from '../../contracts/settings';
import {
  createFakeBackground,
  trustedClick,
  trustedKey,
  type FakeBackground,
} from '../badge/badge-fakes.test-helper';
import { expectNoAxeViolations } from '../../ui/axe.test-helper';
import { mapChartSymbol } from '../symbols/map-symbol';
import { SAVE_PLACEMENT_MS, showChartBadge } from './chart-badge';

const NOW = 1_767_225_600_000;
const CHART = mapChartSymbol('BYBIT:BTCUSDT.P')!;

const quote = (overrides: Partial<PortQuote> = {}): PortQuote => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol: 'BTCUSDT',
  last: '67012.5',
  open24h: '66000',
  ts: NOW - 2_000,
  ...overrides,
});
const live: FeedStatus = { exchange: 'bybit', state: 'live', stale: false, dataAgeMs: 2_000 };
const position: PositionView = {
  exchange: 'bybit',
  symbol: 'BTCUSDT',
  kind: 'perpetual',
  side: 'long',
  slot: 'one-way',
  sizeContracts: '0.03',
  entryPrice: '60000',
  pnl: 210.3,
  settleCoin: 'USDT',
  pnlSource: 'mark',
};

let background: FakeBackground;
let root: ShadowRoot;
let controller: AbortController;

function show(privacy = false, badge = DEFAULT_UI_SETTINGS.overlay.badge) {
  showChartBadge(
    root,
    CHART,
    { ...DEFAULT_UI_SETTINGS.overlay, privacy, badge },
    background.deps,
    controller.signal,
  );
  return background.ports[0]!;
}
const text = (selector: string) => root.querySelector(selector)?.textContent;
const notice = () => {
  const element = root.querySelector<HTMLElement>('.notice')!;
  return element.hidden ? '' : element.textContent;
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  background = createFakeBackground(() => Date.now());
  root = document.createElement('div').attachShadow({ mode: 'closed' });
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  vi.useRealTimers();
});

describe('the chart badge', () => {
  it('says it is loading and asks the hub for the chart instruments only', () => {
    const port = show();

    expect(notice()).toBe('Perch · loading BTCUSDT.P…');
    expect(port.wanted).toEqual([{ type: 'want', quotes: CHART.instruments }]);
  });

  it('says why the hub refused it before any price came, until the price comes', () => {
    const port = show();
    const words = 'This chart page changed symbols too often; Perch paused its quotes for a few seconds.';
    port.push({ type: 'error', message: words });
    expect(notice()).toBe(words);

    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });
    expect(notice()).toBe('');
    expect(text('.price')).toBe('67,012.50');
  });

  it('shows the live price, its 24-hour change and its age', () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live] });

    expect(notice()).toBe('');
    expect(text('.name')).toBe('Bybit BTCUSDT');
    expect(text('.price')).toBe('67,012.50');
    expect(text('.change')).toBe('+1.53%');
    expect(text('.age')).toBe('2s');
  });

  it('writes only what a tick changed: a new price, the rest of the badge left as it is', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });

    port.push({ type: 'changes', quotes: [quote({ last: '67012.6' })], status: [] });

    const touched = observer.takeRecords().map((record) => {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      return target?.className;
    });
    observer.disconnect();
    expect(text('.price')).toBe('67,012.60');
    expect(new Set(touched)).toEqual(new Set(['price']));
  });

  it('leaves the badge as it is when a message moves no price (a new bid or ask)', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote({ bid: '67012.4' })], status: [live] });
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });

    port.push({ type: 'changes', quotes: [quote({ bid: '67012.3' })], status: [] });

    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    expect(text('.price')).toBe('67,012.50');
    expect(text('.change')).toBe('+1.53%');
  });

  it('leaves the 24-hour change out until the background sends the open price', () => {
    show().push({ type: 'snapshot', quotes: [quote({ open24h: undefined })], status: [live] });

    expect(text('.change')).toBe('');
  });

  it('ages the price while no new one comes, and marks it stale after 30 seconds', async () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live] });

    await vi.advanceTimersByTimeAsync(3_000);
    expect(text('.age')).toBe('5s');
    await vi.advanceTimersByTimeAsync(26_000);
    expect(text('.age')).toBe('stale · 31s');
  });

  it('marks the price stale when its exchange stream is', () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [{ ...live, stale: true }] });

    expect(text('.age')).toBe('stale · 2s');
  });

  it('shows the position on the chart instrument with a Close button', () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });

    expect(text('.position-text')).toBe('Long 0.03 @ 60,000.00 · PnL +210.30 USDT');
    expect(root.querySelector('.close')?.getAttribute('aria-label')).toBe(
      'Close the long BTCUSDT position on Bybit',
    );
  });

  it('hides sizes and PnL in privacy mode', () => {
    show(true).push({
      type: 'snapshot',
      quotes: [quote()],
      status: [live],
      account: { positions: [position] },
    });

    expect(text('.position-text')).toBe('Long ••• @ 60,000.00 · PnL •••');
  });

  it('drops a position the account no longer has', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });

    port.push({ type: 'changes', quotes: [], status: [], account: { positions: [] } });

    expect(root.querySelector('.position')).toBeNull();
  });

  it('closes the position on a trusted click, naming the page symbol, and shows the outcome', async () => {
    background.answers.closePosition = {
      status: 'already-closed',
      message: 'BTCUSDT on Bybit was already closed.',
    };
    show().push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });

    trustedClick(root.querySelector('.close')!);
    await vi.advanceTimersByTimeAsync(0);

    expect(background.sent).toEqual([
      {
        name: 'closePosition',
        payload: {
          exchange: 'bybit',
          instrument: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
          slot: 'one-way',
          page: { exchange: 'bybit', symbol: 'BTCUSDT' },
        },
      },
    ]);
    expect(text('.result')).toBe('BTCUSDT on Bybit was already closed.');
  });

  it('shows why Perch refused a close', async () => {
    background.answers.closePosition = new PerchError(
      'ForbiddenSymbolError',
      'This chart page follows no instrument.',
    );
    show().push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });

    trustedClick(root.querySelector('.close')!);
    await vi.advanceTimersByTimeAsync(0);

    expect(text('.result')).toBe('This chart page follows no instrument.');
  });

  it('ignores clicks no person made', async () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });
    const button = root.querySelector<HTMLButtonElement>('.close')!;

    button.click();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);

    expect(background.sent).toEqual([]);
    expect(text('.result')).toBe('');
  });

  it('says it is reconnecting when the worker goes away, and asks again on the new port', async () => {
    const first = show();
    first.push({ type: 'snapshot', quotes: [quote()], status: [live] });

    first.drop();
    expect(notice()).toBe('Perch: not connected — reconnecting…');
    expect(text('.age')).toBe('stale · 2s');

    await vi.advanceTimersByTimeAsync(250);
    const second = background.ports[1]!;
    expect(second.wanted).toEqual([{ type: 'want', quotes: CHART.instruments }]);
    second.push({ type: 'snapshot', quotes: [quote({ last: '67100' })], status: [live] });
    expect(notice()).toBe('');
    expect(text('.price')).toBe('67,100.00');
  });

  it('asks for a page reload after an extension update instead of retrying for ever', async () => {
    const port = show();

    background.alive = false;
    port.drop();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(notice()).toBe('Perch was updated — reload this page');
    expect(background.ports).toHaveLength(1);
  });

  it('notices an extension update on its own tick when the port never reports it', async () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });

    background.alive = false;
    await vi.advanceTimersByTimeAsync(1_000);

    expect(notice()).toBe('Perch was updated — reload this page');
    expect(background.ports).toHaveLength(1);
  });

  it('sits where the trader last placed it', () => {
    show(false, { corner: 'top-left', offsetX: 40, offsetY: 50 });
    const { style } = root.querySelector<HTMLElement>('.badge')!;

    expect([style.top, style.left, style.bottom, style.right]).toEqual(['50px', '40px', 'auto', 'auto']);
  });

  it('moves with the arrow keys and saves where it rests', async () => {
    show();
    const handle = root.querySelector('.handle')!;

    trustedKey(handle, 'ArrowLeft');
    trustedKey(handle, 'ArrowUp');
    await vi.advanceTimersByTimeAsync(SAVE_PLACEMENT_MS);

    expect(root.querySelector<HTMLElement>('.badge')!.style.right).toBe('26px');
    expect(background.sent).toEqual([
      {
        name: 'saveBadgePlacement',
        payload: { badge: { corner: 'bottom-right', offsetX: 26, offsetY: 26 } },
      },
    ]);
  });

  it('labels every control for keyboard and screen-reader users', async () => {
    vi.useRealTimers();
    const host = document.body.appendChild(document.createElement('div'));
    root = host.attachShadow({ mode: 'open' });
    show().push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [position] } });

    await expectNoAxeViolations(host);
    host.remove();
  });

  it('stops and asks for nothing more once its signal aborts', async () => {
    const port = show();

    controller.abort();
    port.drop();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(background.ports).toHaveLength(1);
  });
});
