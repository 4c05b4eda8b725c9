import { PerchError } from '../../contracts';
import type { WantedInstrument } from '../../contracts/ports';
import { instrumentKey } from '../../contracts/instrument-key';
import type { ExchangeId, InstrumentKind, InstrumentRef } from '../../exchanges';
import type { PositionTarget } from '../trading/close-store';
import { exchangeLabel } from '../trading/close-words';
import type { HandlerContext } from '../../platform/message-dispatch';

/** What the hub knows of each tab: the instruments its content scripts follow over their ports. */
export interface TabInstruments {
  tabInstruments(tabId: number): readonly WantedInstrument[];
}

/** A trading request as every sender names its position (closePosition, closePart, moveStopToBreakeven...). */
export interface PositionRequest {
  readonly exchange: ExchangeId;
  readonly instrument: {
    readonly kind: InstrumentKind;
    readonly symbol: string;
    readonly contractType?: 'linear' | 'inverse' | undefined;
  };
  readonly slot: PositionTarget['slot'];
  readonly page?: { readonly exchange: ExchangeId; readonly symbol: string } | undefined;
}

/** "BTCUSDT on Bybit". */
export const named = (instrument: Pick<WantedInstrument, 'exchange' | 'symbol'>) =>
  `${instrument.symbol} on ${exchangeLabel(instrument)}`;

/** How a refusal names what a chart page asked to do. */
export interface TabActionWords {
  /** With no instrument named: "close a position". */
  readonly anything: string;
  /** "close BTCUSDT on Bybit". */
  readonly on: (instrument: string) => string;
  /** What it may do instead, given how many instruments its tab follows: "close only that position". */
  readonly only: (followed: number) => string;
}

/** The words of an action on a position ("close", "trim"...). */
const positionWords = (verb: string): TabActionWords => ({
  anything: `${verb} a position`,
  on: (instrument) => `${verb} ${instrument}`,
  only: (followed) => `${verb} only ${followed === 1 ? 'that position' : 'those positions'}`,
});

/**
 * A content script may act only on an instrument its own tab follows: the browser stamps the tab on the
 * message, and the hub knows what that tab's port asked quotes for. Nothing the script claims counts.
 */
export function checkTabFollows(
  tabs: TabInstruments,
  tabId: number | undefined,
  target: Pick<WantedInstrument, 'exchange' | 'kind' | 'symbol'>,
  words: TabActionWords,
): void {
  if (tabId === undefined) {
    throw new PerchError(
      'ForbiddenSymbolError',
      `Perch could not tell which tab this chart page is in, so it may not ${words.anything} from it.`,
    );
  }
  const followed = tabs.tabInstruments(tabId);
  if (followed.some((instrument) => instrumentKey(instrument) === instrumentKey(target))) return;
  throw new PerchError(
    'ForbiddenSymbolError',
    followed.length === 0
      ? `This chart page follows no instrument, so it may not ${words.on(named(target))}.`
      : `This chart page follows ${followed.map(named).join(', ')}, so it may ${words.only(
          followed.length,
        )}, not ${named(target)}.`,
  );
}

/**
 * The position a request names, once its sender may act on it (`verb`: "close", "trim"...): a page that
 * names the symbol it shows may act only on that one; a content script only on an instrument its tab
 * follows. Extension pages may act on any position.
 */
export function allowedTarget(
  request: PositionRequest,
  context: HandlerContext,
  tabs: TabInstruments,
  verb: string,
): PositionTarget {
  const { exchange, instrument, slot, page } = request;
  if (page !== undefined && (page.exchange !== exchange || page.symbol !== instrument.symbol)) {
    throw new PerchError(
      'ForbiddenSymbolError',
      `This page shows ${page.symbol} on ${exchangeLabel(page)}, so it may ${verb} only that position.`,
    );
  }
  const { kind, symbol, contractType } = instrument;
  if (context.sender === 'content')
    checkTabFollows(tabs, context.tabId, { exchange, kind, symbol }, positionWords(verb));
  const ref: InstrumentRef = contractType === undefined ? { kind, symbol } : { kind, symbol, contractType };
  return { exchange, instrument: ref, slot };
}
