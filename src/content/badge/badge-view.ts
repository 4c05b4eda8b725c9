import type { PositionView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { ChartInstruments } from '../symbols/map-symbol';
import { formatAge, formatChange, formatPnl, formatPrice } from './badge-format';
import { instrumentKey, type BadgeState } from './badge-state';
import { liveText, type LiveText } from './live-text';

/** A price this old is marked stale even while its stream claims to be live. */
export const STALE_AFTER_MS = 30_000;
/** What privacy mode shows instead of an amount. */
export const HIDDEN = '•••';

export interface BadgeViewOptions {
  readonly chart: ChartInstruments;
  readonly privacy: boolean;
  /** A trusted click on a position's Close button; resolves to the outcome in the trader's words. */
  readonly onClose: (position: PositionView, instrument: WantedInstrument) => Promise<string>;
}

export interface BadgeView {
  readonly element: HTMLElement;
  /** The grip the trader drags, or moves with the arrow keys. */
  readonly handle: HTMLButtonElement;
  update(state: BadgeState, now: number): void;
}

interface PositionRow {
  readonly row: HTMLElement;
  readonly text: LiveText<HTMLSpanElement>;
  readonly result: HTMLElement;
  position: PositionView;
}

const positionKey = (position: PositionView) => `${instrumentKey(position)}:${position.slot}`;

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text = '',
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

function noticeText(state: BadgeState, ticker: string): string {
  if (state.connection === 'updated') return 'Perch was updated — reload this page';
  if (state.connection === 'reconnecting') return 'Perch: not connected — reconnecting…';
  // A refusal can come before any price: a chart page over its budget hears one instead of a snapshot.
  if (state.connection === 'loading') return state.error ?? `Perch · loading ${ticker}…`;
  return state.error ?? '';
}

/** The badge's plain DOM: one line per followed instrument, its positions under it with a Close button. */
export function createBadgeView(doc: Document, options: BadgeViewOptions): BadgeView {
  const { chart, privacy } = options;
  const element = el(doc, 'section', 'badge');
  element.setAttribute('aria-label', `Perch: ${chart.ticker}`);
  const handle = el(doc, 'button', 'handle', `Perch · ${chart.ticker}`);
  handle.type = 'button';
  handle.setAttribute(
    'aria-label',
    `Perch badge for ${chart.ticker}: drag it, or move it with the arrow keys`,
  );
  // Writes only what changed (live-text.ts): a tick usually moves the price alone, and every DOM write
  // costs the page a mutation and a style pass (issue 12 times the overlay's main-thread work a second).
  const notice = liveText(doc, 'p', 'notice');
  notice.element.setAttribute('role', 'status');
  element.append(handle, notice.element);

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
    line.append(quote, positions);
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
    return { instrument, price, change, age, positions, formatted, rows: new Map<string, PositionRow>() };
  });

  function positionRow(instrument: WantedInstrument, position: PositionView): PositionRow {
    const row = el(doc, 'li', 'position');
    const text = liveText(doc, 'span', 'position-text');
    const button = el(doc, 'button', 'close', 'Close');
    button.type = 'button';
    const result = el(doc, 'span', 'result');
    result.setAttribute('role', 'status');
    row.append(text.element, button, result);
    const entry: PositionRow = { row, text, result, position };
    button.setAttribute(
      'aria-label',
      `Close the ${position.side} ${position.symbol} position on ${EXCHANGE_NAMES[position.exchange]}`,
    );
    button.addEventListener('click', (event) => {
      // Only a person's click counts: a page's dispatchEvent or click() is never trusted (docs/overlay.md).
      if (!event.isTrusted || button.disabled) return;
      button.disabled = true;
      result.textContent = 'Closing…';
      void options.onClose(entry.position, instrument).then((outcome) => {
        result.textContent = outcome;
        button.disabled = false;
      });
    });
    return entry;
  }

  function describePosition({ side, sizeContracts, entryPrice, pnl, settleCoin }: PositionView): string {
    const size = privacy ? HIDDEN : sizeContracts;
    const entry = entryPrice === undefined ? '' : ` @ ${formatPrice(entryPrice)}`;
    const profit = pnl === undefined ? '' : ` · PnL ${privacy ? HIDDEN : formatPnl(pnl, settleCoin)}`;
    return `${side === 'long' ? 'Long' : 'Short'} ${size}${entry}${profit}`;
  }

  return {
    element,
    handle,
    update(state, now) {
      const text = noticeText(state, chart.ticker);
      notice.text(text);
      const hide = text === '';
      if (notice.element.hidden !== hide) notice.element.hidden = hide;
      for (const line of lines) {
        const key = instrumentKey(line.instrument);
        const quote = state.quotes.get(key);
        const last = quote?.last ?? quote?.mark;
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
        const feed = state.status.get(line.instrument.exchange);
        const ageMs = quote === undefined ? undefined : now - quote.ts;
        const stale =
          state.connection !== 'live' ||
          feed?.stale === true ||
          feed?.state === 'down' ||
          (ageMs !== undefined && ageMs > STALE_AFTER_MS);
        line.age.text(ageMs === undefined ? '' : stale ? `stale · ${formatAge(ageMs)}` : formatAge(ageMs));
        line.age.className(stale ? 'age stale' : 'age');

        const held = state.positions.filter((position) => instrumentKey(position) === key);
        const keys = new Set(held.map(positionKey));
        for (const [rowKey, row] of line.rows)
          if (!keys.has(rowKey)) {
            row.row.remove();
            line.rows.delete(rowKey);
          }
        for (const position of held) {
          const rowKey = positionKey(position);
          const row = line.rows.get(rowKey) ?? positionRow(line.instrument, position);
          if (!line.rows.has(rowKey)) {
            line.rows.set(rowKey, row);
            line.positions.append(row.row);
          }
          row.position = position;
          row.text.text(describePosition(position));
        }
      }
    },
  };
}
