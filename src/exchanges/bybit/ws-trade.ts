import { ConfigError } from '../errors';
import type { RestResult } from '../transport/http-types';
import { socketAnswer } from '../transport/socket-answer';
import {
  createSocketTrade,
  type SocketTradeOptions,
  type SocketTradeReply,
} from '../transport/socket-requests';
import type { SocketEvent } from '../transport/socket-types';
import type { Clock } from '../transport/timers';
import type { BybitSocketKey } from './hosts';
import { unwrapBybit } from './rest-envelope';
import { DEFAULT_RECV_WINDOW_MS } from './sign';

/** Bybit WS Trade operations (docs/protocol.md "Bybit trade socket"). */
export type BybitTradeOp =
  | 'order.create'
  | 'order.amend'
  | 'order.cancel'
  | 'order.create-batch'
  | 'order.amend-batch'
  | 'order.cancel-batch';

/** Parameters exactly as the REST /v5/order/* bodies take them. */
export type BybitOrderArgs = Readonly<Record<string, string | number | boolean>>;

export interface BybitWsTradeOptions extends SocketTradeOptions<BybitSocketKey> {
  /** Corrected clock: X-BAPI-TIMESTAMP must be within the recv window of server time. */
  readonly clock: Clock;
  readonly recvWindowMs?: number;
}

export interface BybitWsTrade {
  /** Authenticated and connected: requests can go out now (else trade over REST). */
  readonly ready: boolean;
  request(op: BybitTradeOp, args: BybitOrderArgs | BatchArgs): Promise<RestResult<unknown>>;
  createOrder(order: BybitOrderArgs): Promise<RestResult<unknown>>;
  amendOrder(amend: BybitOrderArgs): Promise<RestResult<unknown>>;
  cancelOrder(cancel: BybitOrderArgs): Promise<RestResult<unknown>>;
  createOrders(category: string, orders: readonly BybitOrderArgs[]): Promise<RestResult<unknown>>;
  amendOrders(category: string, amends: readonly BybitOrderArgs[]): Promise<RestResult<unknown>>;
  cancelOrders(category: string, cancels: readonly BybitOrderArgs[]): Promise<RestResult<unknown>>;
  /** Stops listening; waiting requests fail. */
  dispose(): void;
}

/** Batch ops take `{category, request: [...]}` as their single arg (docs/protocol.md "Bybit trade socket"). */
export interface BatchArgs {
  readonly category: string;
  readonly request: readonly BybitOrderArgs[];
}

/** A trade stream reply, matched by its `reqId`; its header carries the X-Bapi-Limit rate-limit info. */
function readBybitReply(event: SocketEvent): SocketTradeReply | undefined {
  if (event.type !== 'data') return undefined;
  const frame = event.frame;
  if (typeof frame !== 'object' || frame === null || !('reqId' in frame) || typeof frame.reqId !== 'string')
    return undefined;
  const header =
    'header' in frame && typeof frame.header === 'object' && frame.header !== null
      ? (frame.header as Record<string, unknown>)
      : {};
  // The trade stream puts the result in `data` where REST uses `result`: rename so the REST reader applies.
  const body = { ...frame, result: 'data' in frame ? frame.data : undefined };
  return { id: frame.reqId, settle: (endpoint) => unwrapBybit(socketAnswer(body, header), endpoint) };
}

/**
 * Trading over Bybit's `/v5/trade` stream (authenticated on connect): reqIds matched to replies, a
 * timeout per request, replies judged by the REST envelope reader so failures are the same named errors
 * as REST, and the X-Bapi-Limit headers of each reply read as rate-limit info. An accepted reply means
 * only "accepted": the private `order` stream confirms the order (docs/protocol.md "Bybit trade socket").
 */
export function createBybitWsTrade(options: BybitWsTradeOptions): BybitWsTrade {
  const recvWindow = String(options.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS);
  const trade = createSocketTrade(options, {
    key: 'privateTrade',
    label: 'Bybit trade socket',
    readReply: readBybitReply,
  });

  async function request(op: BybitTradeOp, args: BybitOrderArgs | BatchArgs): Promise<RestResult<unknown>> {
    const header = { 'X-BAPI-TIMESTAMP': String(options.clock.now()), 'X-BAPI-RECV-WINDOW': recvWindow };
    const frame = (reqId: string) => JSON.stringify({ reqId, header, op, args: [args] });
    return (await trade.request(op, frame)) as RestResult<unknown>;
  }

  /** Batch sizes are capped per category (docs/protocol.md "Bybit trade socket"): refuse an oversized batch before it is sent. */
  async function batch(op: BybitTradeOp, category: string, orders: readonly BybitOrderArgs[]) {
    const max = category === 'spot' ? 10 : 20;
    if (orders.length > max) {
      throw new ConfigError(
        `Bybit ${op} takes at most ${max} ${category} orders per request; got ${orders.length}.`,
      );
    }
    return request(op, { category, request: orders });
  }

  return {
    get ready() {
      return trade.ready;
    },
    request,
    createOrder: (order) => request('order.create', order),
    amendOrder: (amend) => request('order.amend', amend),
    cancelOrder: (cancel) => request('order.cancel', cancel),
    createOrders: (category, orders) => batch('order.create-batch', category, orders),
    amendOrders: (category, amends) => batch('order.amend-batch', category, amends),
    cancelOrders: (category, cancels) => batch('order.cancel-batch', category, cancels),
    dispose: () => {
      trade.dispose();
    },
  };
}
