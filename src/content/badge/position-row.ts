import type { PositionView, ProtectionView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { formatPnl, formatPrice, sizeWithUnit } from './badge-format';
import { holdToAct } from './hold-to-act';
import { el, liveText } from './live-text';
import type { DrawnWatch } from './shown-as-drawn';

/** What privacy mode shows instead of a position's side, size, entry and PnL. */
export const HIDDEN = '•••';

/** What a held button of a position row asks the background to do. */
export type RowAction = 'close' | 'breakeven' | 'close-half';

/**
 * The row's held buttons: each one's word (also its class), what the row says while its request is out,
 * and its label for a screen reader, given the position in words. Close sits on the position's line, the
 * other two on its protection line.
 */
const BUTTONS: readonly {
  readonly action: RowAction;
  readonly name: string;
  readonly busy: string;
  readonly label: (position: string) => string;
}[] = [
  { action: 'close', name: 'Close', busy: 'Closing…', label: (position) => `Hold to close ${position}` },
  {
    action: 'breakeven',
    name: 'Breakeven',
    busy: 'Moving the stop to breakeven…',
    label: (position) => `Hold to move the stop of ${position} to breakeven`,
  },
  {
    action: 'close-half',
    name: 'Close half',
    busy: 'Closing half…',
    label: (position) => `Hold to close half of ${position}`,
  },
];

const SIDE_WORDS = { long: 'Long', short: 'Short' } as const;

const LEG_NAMES = { stop: 'Stop', target: 'Target', trailing: 'Trailing stop' } as const;

export interface PositionRowOptions {
  readonly instrument: WantedInstrument;
  readonly privacy: boolean;
  readonly watch: DrawnWatch;
  readonly signal: AbortSignal;
  /** A completed hold on one of the row's buttons; resolves to the outcome in the trader's words. */
  readonly act: (action: RowAction, position: PositionView, instrument: WantedInstrument) => Promise<string>;
}

export interface PositionRow {
  readonly element: HTMLElement;
  /** Shows the position as it is now; a new side or size stops any hold under way on the row. */
  show(position: PositionView): void;
  /**
   * The account no longer has the position: the row says so ("Closed" and what it was) with no button
   * left to hold, until the view takes it away.
   */
  closed(): void;
}

const sameExposure = (a: PositionView, b: PositionView) =>
  a.side === b.side && a.sizeContracts === b.sizeContracts;

const sameProtection = (a: ProtectionView | undefined, b: ProtectionView | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.status === b.status &&
    a.words === b.words &&
    a.legs.length === b.legs.length &&
    a.legs.every((leg, index) => {
      const other = b.legs[index];
      return other !== undefined && leg.role === other.role && leg.triggerPrice === other.triggerPrice;
    }));

/**
 * The status in words, then each waiting leg and its price. Privacy mode shows the status only: the
 * prices would tell where the trader entered.
 */
function protectionText(protection: ProtectionView | undefined, privacy: boolean): string {
  if (protection === undefined) return 'Stops not known yet';
  const status = protection.words.charAt(0).toUpperCase() + protection.words.slice(1);
  if (privacy) return status;
  const legs = protection.legs.map(({ role, triggerPrice }) =>
    triggerPrice === undefined ? LEG_NAMES[role] : `${LEG_NAMES[role]} ${formatPrice(triggerPrice)}`,
  );
  return [status, ...legs].join(' · ');
}

/** No stop that can fire: shown in the warning tone. */
const exposed = (protection: ProtectionView | undefined) =>
  protection?.status === 'unprotected' || protection?.status === 'stop-beyond-liquidation';

/**
 * One position of the badge: its side, size, entry and PnL with Close; its protection with Breakeven and
 * Close half; and a line for what the last press or request said. Each button acts only when held
 * (hold-to-act.ts), on the position as the row shows it when the hold completes.
 */
export function createPositionRow(
  doc: Document,
  first: PositionView,
  options: PositionRowOptions,
): PositionRow {
  const { privacy, watch, signal } = options;
  const element = el(doc, 'li', 'position');
  const text = el(doc, 'span', 'position-text');
  const side = liveText(doc, 'span', 'side');
  const size = liveText(doc, 'span', 'size');
  const entry = liveText(doc, 'span', 'entry');
  text.append(side.element, size.element, entry.element);
  const pnl = liveText(doc, 'span', 'pnl');
  const status = liveText(doc, 'span', 'protection');
  const result = liveText(doc, 'span', 'result');
  result.element.setAttribute('role', 'status');
  const top = el(doc, 'div', 'position-line');
  const protect = el(doc, 'div', 'position-line');
  top.append(text, pnl.element);
  protect.append(status.element);
  element.append(top, protect, result.element);
  let position = first;

  const buttons = BUTTONS.map(({ action, name, busy, label }) => {
    const button = el(doc, 'button', `hold ${action}`, name);
    button.type = 'button';
    (action === 'close' ? top : protect).append(button);
    const hold = holdToAct({
      button,
      name,
      watch,
      signal,
      say: (words) => {
        result.text(words);
      },
      confirm: () => {
        button.disabled = true;
        result.text(busy);
        void options.act(action, position, options.instrument).then((outcome) => {
          result.text(outcome);
          button.disabled = false;
        });
      },
    });
    return { button, hold, label };
  });

  const labelButtons = () => {
    const exchange = EXCHANGE_NAMES[position.exchange];
    const named = privacy
      ? `your ${position.symbol} position on ${exchange}`
      : `the ${position.side} ${position.symbol} position on ${exchange}`;
    for (const { button, label } of buttons) button.setAttribute('aria-label', label(named));
  };
  labelButtons();

  /** The position as the row last drew it: a figure is formatted again only when its source moved. */
  let drawn: PositionView | undefined;
  const show = (next: PositionView) => {
    const moved = !sameExposure(position, next);
    position = next;
    if (moved) {
      // What the trader may be holding a button on is no longer what they saw when they pressed.
      for (const { hold } of buttons) hold.cancel();
      watch.changed();
      labelButtons();
    }
    const before = drawn;
    drawn = next;
    if (before === undefined || before.side !== next.side) {
      side.text(privacy ? 'Position' : SIDE_WORDS[next.side]);
      side.className(privacy ? 'side' : `side ${next.side}`);
    }
    if (before === undefined || !sameExposure(before, next) || before.sizeCoin !== next.sizeCoin)
      size.text(privacy ? HIDDEN : sizeWithUnit(next));
    const { entryPrice, settleCoin, protection } = next;
    if (before === undefined || before.entryPrice !== entryPrice)
      entry.text(privacy || entryPrice === undefined ? '' : `@ ${formatPrice(entryPrice)}`);
    // The PnL in its settle coin, coloured by its sign: the figure a trader reads first.
    const amount = next.pnl;
    if (before === undefined || before.pnl !== amount || before.settleCoin !== settleCoin) {
      pnl.text(privacy || amount === undefined ? '' : formatPnl(amount, settleCoin));
      pnl.className(amount === undefined || amount === 0 ? 'pnl' : amount > 0 ? 'pnl up' : 'pnl down');
    }
    if (before === undefined || !sameProtection(before.protection, protection)) {
      status.text(protectionText(protection, privacy));
      status.className(exposed(protection) ? 'protection down' : 'protection');
    }
  };
  const closed = () => {
    for (const { hold } of buttons) hold.cancel();
    const what = privacy ? '' : ` · ${SIDE_WORDS[position.side]} ${sizeWithUnit(position)}`;
    element.replaceChildren(el(doc, 'span', 'closed-note', `Closed${what}`));
    element.className = 'position closed';
    watch.changed();
  };
  show(first);
  return { element, show, closed };
}
