import { afterEach, beforeEach, vi } from 'vitest';
import type { PositionView } from '../../contracts/portfolio';
import type { ConnectionStatus, PortQuote } from '../../contracts/ports';
import { DEFAULT_UI_SETTINGS } from '../../contracts/settings';
import {
  createFakeBackground,
  layOutAsDrawn,
  trustedPointer,
  type FakeBackground,
  type FakeHubPort,
} from '../badge/badge-fakes.test-helper';
import { CHART_HOLD_MS, SETTLE_MS } from '../badge/press-words';
import { mapChartSymbol } from '../symbols/map-symbol';
import { showChartBadge } from './chart-badge';

export const NOW = 1_767_225_600_000;
function mapped(symbol: string) {
  const chart = mapChartSymbol(symbol);
  if (chart === undefined) throw new Error(`${symbol} maps to no instrument.`);
  return chart;
}
export const CHART = mapped('BYBIT:BTCUSDT.P');

export const quote = (overrides: Partial<PortQuote> = {}): PortQuote => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol: 'BTCUSDT',
  last: '67012.5',
  open24h: '66000',
  ts: NOW - 2_000,
  ...overrides,
});
export const live: ConnectionStatus = { exchange: 'bybit', state: 'live', stale: false, dataAgeMs: 2_000 };
export const position: PositionView = {
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

/** A chart page's closed shadow root with the badge's fake background, fresh for each test. */
export interface BadgePage {
  background: FakeBackground;
  host: HTMLElement;
  root: ShadowRoot;
  controller: AbortController;
}

/**
 * Sets up a fresh page for each test of the file (fake timers at NOW, the badge laid out as drawn) and
 * takes it down after; the returned object holds the current test's page.
 */
export function useBadgePage(): BadgePage {
  const page = {} as BadgePage;
  let undoLayout: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    page.background = createFakeBackground(() => Date.now());
    page.host = document.body.appendChild(document.createElement('div'));
    page.root = page.host.attachShadow({ mode: 'closed' });
    page.controller = new AbortController();
    undoLayout = layOutAsDrawn();
  });
  afterEach(() => {
    page.controller.abort();
    undoLayout();
    page.host.remove();
    vi.useRealTimers();
  });
  return page;
}

/** Shows the badge for CHART on `page`; returns its hub port. */
export function showBadge(page: BadgePage, privacy = false, badge = DEFAULT_UI_SETTINGS.overlay.badge) {
  showChartBadge(
    page.root,
    CHART,
    { ...DEFAULT_UI_SETTINGS.overlay, privacy, badge },
    page.background.deps,
    page.controller.signal,
  );
  const [port] = page.background.ports;
  if (port === undefined) throw new Error('The badge opened no hub port.');
  return port;
}

/** What the badge draws in `selector`'s element (its words are drawn from data-text, never text nodes). */
export const drawnText = (page: BadgePage, selector: string) =>
  page.root.querySelector(selector)?.getAttribute('data-text');

/** A position row's fields as a person reads them in turn: side, size with its unit, entry. */
export const positionText = (page: BadgePage) =>
  [...(page.root.querySelector('.position-text')?.children ?? [])]
    .map((field) => field.getAttribute('data-text'))
    .filter(Boolean)
    .join(' ');

export const withPosition = (port: FakeHubPort, held: PositionView = position) => {
  port.push({ type: 'snapshot', quotes: [quote()], status: [live], account: { positions: [held] } });
};

/** A person holds `button` down for `ms` after looking at the badge a moment. */
export async function holdButton(button: Element, ms = CHART_HOLD_MS) {
  await vi.advanceTimersByTimeAsync(SETTLE_MS);
  trustedPointer(button, 'pointerdown');
  await vi.advanceTimersByTimeAsync(ms);
}
