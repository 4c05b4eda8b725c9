import { instrumentKey } from '../contracts/instrument-key';
import type { WatchlistEntry } from '../contracts/portfolio';
import type { EarlyView } from '../platform/early-hub';
import { BELL_PATH, quoteRowView } from './quote-row-view';
import { hubData, keptData, quoteStale, withHubQuotes, withKeptQuotes, type QuoteState } from './quote-state';

const SVG = 'http://www.w3.org/2000/svg';
const TITLE = 'perch-watchlist-title';
const ICON = { 'aria-hidden': 'true', width: '14', height: '14', viewBox: '0 0 16 16', fill: 'currentColor' };

/** An element with its attributes set in the order React sets them, so the markup is the very same. */
function element(tag: string, attributes: Readonly<Record<string, string>>, text?: string): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The bell as AlertBell draws it; it does nothing until React takes the row over. */
function bell(what: string): HTMLElement {
  const name = `Alert for ${what}`;
  const button = element('button', {
    type: 'button',
    class: 'perch-secondary perch-alert-bell',
    'aria-expanded': 'false',
    'aria-label': name,
    title: name,
  });
  const icon = document.createElementNS(SVG, 'svg');
  for (const [attribute, value] of Object.entries(ICON)) icon.setAttribute(attribute, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', BELL_PATH);
  icon.append(path);
  button.append(icon);
  return button;
}

/** One watchlist row, with the markup, classes and names WatchlistPanel's QuoteRow renders. */
function quoteRow(entry: WatchlistEntry, state: QuoteState): HTMLElement {
  const stale = quoteStale(state, entry);
  const view = quoteRowView(entry, state.quotes[instrumentKey(entry)], stale);
  const row = element('li', {
    class: view.rowClass,
    'data-exchange': entry.exchange,
    'data-kind': entry.kind,
    'data-symbol': entry.symbol,
    ...(stale ? { 'data-stale': 'true' } : {}),
  });
  const symbol = element('span', { class: 'perch-symbol' }, `${entry.symbol} `);
  symbol.append(element('span', { class: 'perch-muted' }, entry.kind));
  row.append(
    element('span', { class: 'perch-exchange' }, view.exchangeName),
    symbol,
    element('strong', { 'data-field': 'last', class: view.priceClass }, view.last),
    element('span', { 'data-field': 'change', class: view.changeClass }, view.change),
    element('span', { class: 'perch-book perch-muted' }, view.book),
    bell(view.what),
  );
  if (stale) row.append(element('span', { class: 'perch-stale-tag' }, 'stale'));
  return row;
}

/**
 * The watchlist's rows painted by the page's first script, before React and the contracts load: from the
 * hub's first messages or the quotes the worker kept, whichever comes first (kept ones stale until the
 * stream brings them, as the React popup marks them). `main` is the class of the app's main element
 * (`perch-popup`, with the panel's layout in the side panel). React's first commit replaces the
 * container's content (a root clears what it did not render), so the rows never show twice.
 */
export function earlyQuotePainter(container: HTMLElement, main: string): EarlyView {
  let state: QuoteState = { quotes: {}, keptOnly: {}, connections: {}, watchlist: { kind: 'loading' } };
  let live = false;
  let stopped = false;
  const paint = () => {
    if (stopped || state.watchlist.kind !== 'ready' || state.watchlist.instruments.length === 0) return;
    const list = element('ul', { class: 'perch-quotes' });
    list.append(...state.watchlist.instruments.map((entry) => quoteRow(entry, state)));
    const section = element('section', { class: 'perch-section', 'aria-labelledby': TITLE });
    section.append(element('h2', { id: TITLE }, 'Watchlist'), list);
    const app = element('main', { class: main });
    app.append(section);
    container.replaceChildren(app);
  };
  return {
    message(raw) {
      const message = hubData(raw);
      if (message === undefined) return;
      live = true;
      state = withHubQuotes(state, message);
      paint();
    },
    kept(raw) {
      const kept = keptData(raw);
      // As the store: once the stream spoke, what the worker kept is older than what the page has.
      if (kept === undefined || live) return;
      state = withKeptQuotes(state, kept);
      paint();
    },
    stop() {
      stopped = true;
    },
  };
}
