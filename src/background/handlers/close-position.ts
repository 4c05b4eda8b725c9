import { PerchError } from '../../contracts';
import type { WantedInstrument } from '../../contracts/ports';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { instrumentKey } from '../../contracts/instrument-key';
import type { CloseService } from '../trading/close-service';
import { exchangeLabel } from '../trading/close-words';

/** What the hub knows of each tab: the instruments its content scripts follow over their ports. */
export interface TabInstruments {
  tabInstruments(tabId: number): readonly WantedInstrument[];
}

const named = (instrument: Pick<WantedInstrument, 'exchange' | 'symbol'>) =>
  `${instrument.symbol} on ${exchangeLabel(instrument)}`;

/**
 * A content script may close only a position its own tab follows: the browser stamps the tab on the
 * message, and the hub knows what that tab's port asked quotes for. Nothing the script claims counts.
 */
function checkTabFollows(
  tabs: TabInstruments,
  tabId: number | undefined,
  target: Pick<WantedInstrument, 'exchange' | 'kind' | 'symbol'>,
): void {
  if (tabId === undefined) {
    throw new PerchError(
      'ForbiddenSymbolError',
      'Perch could not tell which tab this chart page is in, so it may not close a position from it.',
    );
  }
  const followed = tabs.tabInstruments(tabId);
  if (followed.some((instrument) => instrumentKey(instrument) === instrumentKey(target))) return;
  throw new PerchError(
    'ForbiddenSymbolError',
    followed.length === 0
      ? `This chart page follows no instrument, so it may not close ${named(target)}.`
      : `This chart page follows ${followed.map(named).join(', ')}, so it may close only ${
          followed.length === 1 ? 'that position' : 'those positions'
        }, not ${named(target)}.`,
  );
}

/**
 * Closes a position, if it is still the one the trader saw (`seen`; the close service checks it against
 * the exchange). Extension pages may close any; a chart page's content script only a position its tab
 * follows. A page may also name the symbol it shows in `page`: a close of anything else is refused.
 */
export function createClosePositionHandler(
  trading: Pick<CloseService, 'close'>,
  tabs: TabInstruments,
): MessageHandlers['closePosition'] {
  return async ({ exchange, instrument, slot, seen, page }, { sender, tabId }) => {
    if (page !== undefined && (page.exchange !== exchange || page.symbol !== instrument.symbol)) {
      throw new PerchError(
        'ForbiddenSymbolError',
        `This page shows ${page.symbol} on ${exchangeLabel(page)}, so it may close only that position.`,
      );
    }
    const { kind, symbol, contractType } = instrument;
    if (sender === 'content') checkTabFollows(tabs, tabId, { exchange, kind, symbol });
    const ref = contractType === undefined ? { kind, symbol } : { kind, symbol, contractType };
    return trading.close({ exchange, instrument: ref, slot }, seen);
  };
}
