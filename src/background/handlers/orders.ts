import type { MessageHandlers } from '../../platform/message-dispatch';
import type { OrderCancelService } from '../trading/order-cancel-service';

type OrderHandlers = Pick<MessageHandlers, 'cancelOrder' | 'cancelAllOrders'>;

/** The open orders' cancels, from extension pages only (the contracts refuse a content script). */
export function createOrderHandlers(service: OrderCancelService): OrderHandlers {
  return {
    cancelOrder: (request) => service.cancelOne(request),
    cancelAllOrders: (request) => service.cancelAll(request.exchange, request.instrument),
  };
}
