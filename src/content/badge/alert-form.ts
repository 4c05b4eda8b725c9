import type { AlertInstrument } from '../../contracts/alerts';
import { groupDecimal } from '../../contracts/grouped-number';
import type { WantedInstrument } from '../../contracts/ports';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { holdToAct } from './hold-to-act';
import { drawText, el, liveText } from './live-text';
import { HIDDEN } from './position-row';
import type { DrawnWatch } from './shown-as-drawn';

/** What a held Set alert asks the background for (createChartAlert). */
export interface ChartAlertRequest {
  readonly instrument: AlertInstrument;
  readonly direction: 'above' | 'below';
  readonly level: string;
}

export interface AlertFormOptions {
  readonly instrument: WantedInstrument;
  readonly privacy: boolean;
  readonly watch: DrawnWatch;
  readonly signal: AbortSignal;
  /** The price the badge shows for the instrument now (Perch's quote, never the page's); undefined before one. */
  readonly shownPrice: () => string | undefined;
  /** A completed hold on Set alert; resolves to the background's answer, a refusal in words included. */
  readonly send: (request: ChartAlertRequest) => Promise<{ created: boolean; message: string }>;
  /** The form opened or closed: it takes the place of the instrument's positions meanwhile. */
  readonly toggled: (open: boolean) => void;
}

export interface AlertForm {
  /** The quote line's Alert button. */
  readonly opener: HTMLButtonElement;
  readonly element: HTMLElement;
}

/** What the level may look like while typed: the contract's 12 digits either side of the point. */
const TYPING = /^\d{0,12}(?:\.\d{0,12})?$/;
const SENDABLE = /^\d{1,12}(?:\.\d{1,12})?$/;

export const NO_PRICE_YET = 'Perch shows no price yet, so it cannot tell above from below. Wait for one.';
export const NO_LEVEL = 'Type the price the alert waits for.';

/**
 * A price alert for one instrument of the badge: a field pre-filled with the price the badge shows, and Set
 * alert, held as Close is (hold-to-act.ts, shown-as-drawn.ts). The field is drawn like every word of the
 * badge and takes only a person's keys, so a page can neither read the level nor type into it
 * (docs/overlay.md "Nothing readable"). Above or below is decided against the shown price when the hold
 * completes. Privacy mode shows the level only while the trader types it.
 */
export function createAlertForm(doc: Document, options: AlertFormOptions): AlertForm {
  const { instrument, privacy, watch, signal } = options;
  const name = `${EXCHANGE_NAMES[instrument.exchange]} ${instrument.symbol}`;
  const opener = el(doc, 'button', 'plain', 'Alert');
  opener.type = 'button';
  opener.setAttribute('aria-label', `Set a price alert on ${name}`);
  opener.setAttribute('aria-expanded', 'false');
  const element = el(doc, 'div', 'alert-form');
  element.hidden = true;
  const field = liveText(doc, 'span', 'level');
  field.element.tabIndex = 0;
  field.element.setAttribute('role', 'textbox');
  field.element.setAttribute('aria-label', `Alert price for ${name}`);
  const set = el(doc, 'button', 'hold set-alert', 'Set alert');
  set.type = 'button';
  set.setAttribute('aria-label', `Hold to set the price alert on ${name}`);
  const done = el(doc, 'button', 'plain', 'Cancel');
  done.type = 'button';
  done.setAttribute('aria-label', `Back to your positions on ${name}`);
  const said = liveText(doc, 'span', 'said');
  said.element.setAttribute('role', 'status');
  const line = el(doc, 'div', 'position-line');
  line.append(el(doc, 'span', 'label', 'Alert at'), field.element, set, done);
  element.append(line, said.element);

  // The pre-filled price reads as selected: the first digit typed replaces it, as in a text field.
  let level = '';
  let fresh = true;
  const showLevel = () => {
    field.text(groupDecimal(level));
    field.className(fresh ? 'level fresh' : 'level');
  };
  let isOpen = false;
  const toggle = (open: boolean) => {
    isOpen = open;
    element.hidden = !open;
    opener.setAttribute('aria-expanded', String(open));
    drawText(done, 'Cancel');
    said.text('');
    if (open) {
      level = options.shownPrice() ?? '';
      fresh = true;
      showLevel();
    }
    options.toggled(open);
    // What sits under the pointer changed: Set alert now stands where a position's buttons were.
    watch.changed();
    (open ? field.element : opener).focus();
  };
  const listen = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) => {
    target.addEventListener(
      type,
      (event) => {
        if (event.isTrusted) listener(event);
      },
      { signal },
    );
  };
  listen(opener, 'click', () => {
    toggle(!isOpen);
  });
  listen(done, 'click', () => {
    toggle(false);
  });
  listen(field.element, 'keydown', (event) => {
    if (event.key === 'Tab') return;
    // The chart's own shortcuts (a digit opens TradingView's interval box) must not see what is typed here.
    event.stopPropagation();
    event.preventDefault();
    if (event.key === 'Escape') {
      toggle(false);
      return;
    }
    let typed: string;
    if (event.key === 'Backspace') typed = fresh ? '' : level.slice(0, -1);
    else if (event.key.length === 1) typed = (fresh ? '' : level) + event.key;
    else return;
    if (!TYPING.test(typed)) return;
    level = typed;
    fresh = false;
    showLevel();
  });

  holdToAct({
    button: set,
    name: 'Set alert',
    watch,
    signal,
    say: (words) => {
      said.text(words);
    },
    confirm: () => {
      const shown = options.shownPrice();
      if (shown === undefined) {
        said.text(NO_PRICE_YET);
        return;
      }
      if (!SENDABLE.test(level) || Number(level) === 0) {
        said.text(NO_LEVEL);
        return;
      }
      // Above or below the price on the badge: plain numbers decide a side well enough, and the worker
      // compares the level exactly when it checks the alert.
      const direction = Number(level) > Number(shown) ? 'above' : 'below';
      const { exchange, kind, symbol } = instrument;
      set.disabled = true;
      said.text('Setting the alert…');
      void options.send({ instrument: { exchange, kind, symbol }, direction, level }).then((answer) => {
        set.disabled = false;
        if (answer.created) drawText(done, 'Done');
        said.text(privacy && answer.created ? `Alert set: ${direction} ${HIDDEN}` : answer.message);
      });
    },
  });
  return { opener, element };
}
