import type {
  CancelAllReport,
  CancelAllScope,
  Exchange,
  ExchangeId,
  OrderAck,
  OrderTarget,
  StreamEvent,
} from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import { createFakeTradingExchange, type FakeTradingExchange } from './trading-fake.test-helper';

/** Test-only: the trading fake plus the orders stream, trade.cancel and trade.cancelAll a cancel touches. */

export interface Pending<T, A> {
  readonly target: T;
  answer(answer: A): void;
  fail(error: unknown): void;
}

export interface FakeOrderExchange {
  readonly base: FakeTradingExchange;
  readonly exchange: Exchange;
  readonly cancels: Pending<OrderTarget, Partial<OrderAck>>[];
  readonly cancelAlls: Pending<CancelAllScope | undefined, readonly OrderAck[]>[];
  /** Hands an orders-stream or protection-stream event to its listeners. */
  push(event: StreamEvent): void;
  /** Listeners of the orders stream still attached. */
  orderListeners(): number;
}

function pending<T, A, R>(list: Pending<T, A>[], target: T, toResult: (answer: A) => R): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    list.push({
      target,
      answer: (answer) => {
        resolve(toResult(answer));
      },
      fail: reject,
    });
  });
}

export function createFakeOrderExchange(id: ExchangeId): FakeOrderExchange {
  const base = createFakeTradingExchange(id);
  const listeners = new Set<(event: StreamEvent) => void>();
  const cancels: FakeOrderExchange['cancels'] = [];
  const cancelAlls: FakeOrderExchange['cancelAlls'] = [];
  const ackOf = (target: OrderTarget, ack: Partial<OrderAck>): OrderAck => ({
    exchange: id,
    orderId: 'orderId' in target ? target.orderId : '',
    clientOrderId: '',
    code: '0',
    message: '',
    ...ack,
  });
  const exchange: Exchange = {
    ...base.exchange,
    streams: {
      subscribe: (request, listener) => {
        if (request.kind !== 'orders') return base.exchange.streams.subscribe(request, listener);
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onStatus: (listener) => base.exchange.streams.onStatus(listener),
    },
    trade: {
      ...base.exchange.trade,
      cancel: (target) => pending(cancels, target, (ack: Partial<OrderAck>) => ackOf(target, ack)),
      cancelAll: (scope) =>
        pending(cancelAlls, scope, (acks: readonly OrderAck[]): CancelAllReport => ({ exchange: id, acks })),
    },
  };
  return {
    base,
    exchange,
    cancels,
    cancelAlls,
    push: (event) => {
      if (event.kind === 'order') for (const listener of [...listeners]) listener(event);
      else base.push(event);
    },
    orderListeners: () => listeners.size,
  };
}

export function orderRegistry(exchanges: Partial<Record<ExchangeId, FakeOrderExchange>>): ExchangeRegistry {
  return {
    exchange: (id) => Promise.resolve(exchanges[id]?.exchange),
    onRebuild: () => () => undefined,
  };
}
