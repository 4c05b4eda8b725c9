import { PerchError } from '../../contracts';
import type { MessageHandlers } from '../../platform/message-dispatch';
import type { CloseService } from '../trading/close-service';
import { exchangeLabel } from '../trading/close-words';

/**
 * Closes a position. Extension pages may close any; a chart page's content script only the position of
 * the symbol its page shows, which it names in `page`. Without a registry of what each tab shows, that
 * claim is the content script's own; it still keeps one page's overlay from reaching any other symbol.
 */
export function createClosePositionHandler(
  trading: Pick<CloseService, 'close'>,
): MessageHandlers['closePosition'] {
  return async ({ exchange, instrument, slot, page }, { sender }) => {
    if (sender === 'content' && page === undefined) {
      throw new PerchError(
        'ForbiddenSymbolError',
        'A chart page may close only the position of the symbol it shows, and this one did not say which.',
      );
    }
    if (page !== undefined && (page.exchange !== exchange || page.symbol !== instrument.symbol)) {
      throw new PerchError(
        'ForbiddenSymbolError',
        `This page shows ${page.symbol} on ${exchangeLabel(page)}, so it may close only that position.`,
      );
    }
    const { kind, symbol, contractType } = instrument;
    const ref = contractType === undefined ? { kind, symbol } : { kind, symbol, contractType };
    return trading.close({ exchange, instrument: ref, slot });
  };
}
