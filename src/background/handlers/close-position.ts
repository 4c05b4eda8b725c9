import type { MessageHandlers } from '../../platform/message-dispatch';
import type { CloseService } from '../trading/close-service';
import { allowedTarget, type TabInstruments } from './position-access';

/**
 * Closes a position, if it is still the one the trader saw (`seen`; the close service checks it against
 * the exchange). Extension pages may close any; a chart page's content script only a position its tab
 * follows. A page may also name the symbol it shows in `page`: a close of anything else is refused.
 */
export function createClosePositionHandler(
  trading: Pick<CloseService, 'close'>,
  tabs: TabInstruments,
): MessageHandlers['closePosition'] {
  return async (request, context) =>
    trading.close(allowedTarget(request, context, tabs, 'close'), request.seen);
}
