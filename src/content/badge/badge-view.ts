import type { PositionView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { ChartInstruments } from '../symbols/map-symbol';
import { formatAge, formatChange, formatPrice } from './badge-format';
import { instrumentKey, positionKey } from '../../contracts/instrument-key';
import type { BadgeState } from './badge-state';
import { followTheme } from './page-theme';
import { NO_POSITION } from './press-words';
import { el, liveText } from './live-text';
import { createAlertForm, type ChartAlertRequest } from './alert-form';
import { createPositionRow, type PositionRow, type RowAction } from './position-row';
import type { DrawnWatch } from './shown-as-drawn';

/** A price this old is marked stale even while its stream claims to be live. */
export const STALE_AFTER_MS = 30_000;
/** How long a closed position's row says "Closed" before the slot shows what is left. */
export const CLOSED_SHOWN_MS = 4_000;

export interface BadgeViewOptions {
  readonly chart: ChartInstruments;
  readonly privacy: boolean;
  /** Whether a press on the badge may count (shown-as-drawn.ts); the view tells it when rows change. */
  readonly watchFor: (badge: HTMLElement) => DrawnWatch;
  /** A completed hold on a position's button; resolves to the outcome in the trader's words. */
  readonly act: (action: RowAction, position: PositionView, instrument: WantedInstrument) => Promise<string>;
  /** A completed hold on an instrument's Set alert; resolves to the background's answer. */
  readonly alert: (request: ChartAlertRequest) => Promise<{ created: boolean; message: string }>;
  readonly signal: AbortSignal;
}

export interface BadgeView {
  readonly element: HTMLElement;
  /** The grip the trader drags, or moves with the arrow keys. */
  readonly handle: HTMLButtonElement;
  readonly watch: DrawnWatch;
  update(state: BadgeState, now: number): void;
}

function noticeText(state: BadgeState, ticker: string): string {
  if (state.connection === 'updated') return 'Perch was updated — reload this page';
  if (state.connection === 'reconnecting') return 'Perch: not connected — reconnecting…';
  // A refusal can come before any price: a chart page over its budget hears one instead of a snapshot.
  if (state.connection === 'loading') return state.error ?? `Perch · loading ${ticker}…`;
  return state.error ?? '';
}

/**
 * The badge's plain DOM: one line per followed instrument and, under it, one position slot. The badge is
 * the same size whether or not a position exists (a page measures what it covers with elementFromPoint),
 * and every word in it is drawn, not text (live-text.ts).
 */
export function createBadgeView(doc: Document, options: BadgeViewOptions): BadgeView {
  const { chart, privacy, signal, act } = options;
  const element = el(doc, 'section', 'badge');
  const watch = options.watchFor(element);
  // The chart's own theme: a light badge on a dark chart is the first thing a trader sees as foreign.
  followTheme(
    doc,
    (theme) => {
      element.classList.toggle('dark', theme === 'dark');
    },
    signal,
  );
  element.setAttribute('aria-label', `Perch: ${chart.ticker}`);
  const head = el(doc, 'div', 'head');
  const handle = el(doc, 'button', 'handle', `Perch · ${chart.ticker}`);
  handle.type = 'button';
  handle.setAttribute(
    'aria-label',
    `Perch badge for ${chart.ticker}: drag it, or move it with the arrow keys`,
  );
  const notice = liveText(doc, 'span', 'notice');
  notice.element.setAttribute('role', 'status');
  head.append(handle, notice.element);
  element.append(head);

  const lines = chart.instruments.map((instrument) => {
    const line = el(doc, 'div', 'line');
    const name = `${EXCHANGE_NAMES[instrument.exchange]} ${instrument.symbol}`;
    const price = liveText(doc, 'span', 'price');
    const change = liveText(doc, 'span', 'change');
    const age = liveText(doc, 'span', 'age');
    const quote = el(doc, 'p', 'quote');
    quote.append(el(doc, 'span', 'name', name), price.element, change.element, age.element);
    const positions = el(doc, 'ul', 'positions');
    positions.setAttribute('aria-label', `Your positions on ${name}`);
    const none = el(doc, 'li', 'no-position', NO_POSITION);
    positions.append(none);
    // The price the line shows now, which an alert's field starts from and its side is decided against.
    const shown: { price: string | undefined } = { price: undefined };
    const alert = createAlertForm(doc, {
      instrument,
      privacy,
      watch,
      signal,
      shownPrice: () => shown.price,
      send: options.alert,
      toggled: (open) => {
        positions.hidden = open;
      },
    });
    quote.append(alert.opener);
    line.append(quote, positions, alert.element);
    element.append(line);
    // Half the hub's messages move no price (a new bid, ask or mark): the texts are formatted again
    // only when the price or the 24-hour open they come from changed.
    // `last` starts unset, not '', so an empty price from the exchange is still formatted once.
    const formatted: { last: string | undefined; open24h: string; price: string; change: string } = {
      last: undefined,
      open24h: '',
      price: '',
      change: '',
    };
    return {
      instrument,
      price,
      change,
      age,
      positions,
      none,
      shown,
      formatted,
      rows: new Map<string, PositionRow>(),
      /** Rows saying "Closed", each with the timer that takes it away. */
      closing: new Map<string, { row: PositionRow; timer: ReturnType<typeof setTimeout> }>(),
    };
  });

  type Line = (typeof lines)[number];
  /** Takes a "Closed" row away now. */
  const forget = (closing: Line['closing'], rowKey: string) => {
    const gone = closing.get(rowKey);
    if (gone === undefined) return;
    clearTimeout(gone.timer);
    gone.row.element.remove();
    closing.delete(rowKey);
    watch.changed();
  };
  /** "No position" once the slot holds no row, live or closed. */
  const showEmptySlot = (line: Line) => {
    const empty = line.rows.size === 0 && line.closing.size === 0;
    if (line.none.hidden !== !empty) line.none.hidden = !empty;
  };
  signal.addEventListener(
    'abort',
    () => {
      for (const line of lines) for (const { timer } of line.closing.values()) clearTimeout(timer);
    },
    { once: true },
  );

  /** The positions the rows last showed: a message with no account change, or the age line's tick, leaves them. */
  let drawnPositions: BadgeState['positions'] | undefined;

  return {
    element,
    handle,
    watch,
    update(state, now) {
      notice.text(noticeText(state, chart.ticker));
      const positionsMoved = state.positions !== drawnPositions;
      drawnPositions = state.positions;
      for (const line of lines) {
        const key = instrumentKey(line.instrument);
        const quote = state.quotes.get(key);
        const last = quote?.last ?? quote?.mark;
        line.shown.price = last;
        const { formatted } = line;
        if (last !== undefined && (last !== formatted.last || (quote?.open24h ?? '') !== formatted.open24h)) {
          formatted.last = last;
          formatted.open24h = quote?.open24h ?? '';
          formatted.price = formatPrice(last);
          formatted.change = quote?.open24h === undefined ? '' : (formatChange(last, quote.open24h) ?? '');
        }
        line.price.text(
          last === undefined ? (state.connection === 'live' ? 'no price yet' : '') : formatted.price,
        );
        const change = last === undefined ? '' : formatted.change;
        line.change.text(change);
        line.change.className(`change ${change.startsWith('−') ? 'down' : 'up'}`);
        const connection = state.status.get(line.instrument.exchange);
        const ageMs = quote === undefined ? undefined : now - quote.ts;
        const stale =
          state.connection !== 'live' ||
          connection?.stale === true ||
          connection?.state === 'down' ||
          (ageMs !== undefined && ageMs > STALE_AFTER_MS);
        line.age.text(ageMs === undefined ? '' : stale ? `stale · ${formatAge(ageMs)}` : formatAge(ageMs));
        line.age.className(stale ? 'age stale' : 'age');
        if (!positionsMoved) continue;

        const held = state.positions.filter((position) => instrumentKey(position) === key);
        const keys = new Set(held.map(positionKey));
        for (const [rowKey, row] of line.rows)
          if (!keys.has(rowKey)) {
            line.rows.delete(rowKey);
            row.closed();
            const timer = setTimeout(() => {
              forget(line.closing, rowKey);
              showEmptySlot(line);
            }, CLOSED_SHOWN_MS);
            line.closing.set(rowKey, { row, timer });
          }
        for (const position of held) {
          const rowKey = positionKey(position);
          const row = line.rows.get(rowKey);
          if (row === undefined) {
            // Back (or opened again) while its row still said "Closed": the live row takes its place.
            forget(line.closing, rowKey);
            const { instrument } = line;
            const added = createPositionRow(doc, position, { instrument, privacy, watch, signal, act });
            line.rows.set(rowKey, added);
            line.positions.append(added.element);
            watch.changed();
          } else row.show(position);
        }
        showEmptySlot(line);
      }
    },
  };
}
