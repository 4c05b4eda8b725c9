import type { MessageHandlers } from '../../platform/message-dispatch';

/**
 * The overlay's view of the market: the popup's probe, stripped to which exchanges answer and their price.
 * The market address and the reasons stay in the extension's own pages.
 */
export function createOverlayStatusHandler(
  marketStatus: MessageHandlers['marketStatus'],
): MessageHandlers['overlayStatus'] {
  return async (request, context) => {
    const { exchanges } = await marketStatus(request, context);
    return {
      exchanges: exchanges.map(({ exchange, symbol, lastPrice }) =>
        lastPrice === undefined ? { exchange, symbol } : { exchange, symbol, lastPrice },
      ),
    };
  };
}
