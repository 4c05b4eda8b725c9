import { ConfigError, NetworkError } from '../errors';
import type { RestResult } from '../transport/http-types';
import { socketAnswer } from '../transport/socket-answer';
import type { SocketGroup } from '../transport/socket-group';
import { SocketRequests } from '../transport/socket-requests';
import type { SocketEvent } from '../transport/socket-types';
import type { Clock, Timers } from '../transport/timers';
import type { BybitSocketKey } from './hosts';
import { unwrapBybit } from './rest-envelope';
import { DEFAULT_RECV_WINDOW_MS } from './sign';

/** Bybit WS Trade operations (PROTOCOL.md §8.1). */
export type BybitTradeOp =
  | 'order.create'
  | 'order.amend'
  | 'order.cancel'
  | 'order.create-batch'
  | 'order.amend-batch'
  | 'order.cancel-batch';

/** Parameters exactly as the REST /v5/order/* bodies take them. */
export type BybitOrderArgs = Readonly<Record<string, string | number | boolean>>;

export interface BybitWsTradeOptions {
  readonly streams: SocketGroup<BybitSocketKey>;
  /** Corrected clock: X-BAPI-TIMESTAMP must be within the recv window of server time. */
  readonly clock: Clock;
  readonly timers: Timers;
  readonly recvWindowMs?: number;
  /** How long one request waits for its reply. */
  readonly timeoutMs?: number;
}

export const BYBIT_WS_TRADE_TIMEOUT_MS = 10_000;

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

/** Batch ops take `{category, request: [...]}` as their single arg (§8.1). */
export interface BatchArgs {
  readonly category: string;
  readonly request: readonly BybitOrderArgs[];
}

function reply(
  frame: unknown,
):
  | { readonly id: string; readonly header: Readonly<Record<string, unknown>>; readonly body: unknown }
  | undefined {
  if (typeof frame !== 'object' || frame === null || !('reqId' in frame) || typeof frame.reqId !== 'string')
    return undefined;
  const header =
    'header' in frame && typeof frame.header === 'object' && frame.header !== null
      ? (frame.header as Record<string, unknown>)
      : {};
  // The trade stream puts the result in `data` where REST uses `result`: rename so the REST reader applies.
  const body = { ...frame, result: 'data' in frame ? frame.data : undefined };
  return { id: frame.reqId, header, body };
}

/**
 * Trading over Bybit's `/v5/trade` stream (authenticated on connect): reqIds matched to replies, a
 * timeout per request, replies judged by the REST envelope reader so failures are the same named errors
 * as REST, and the X-Bapi-Limit headers of each reply read as rate-limit info. An accepted reply means
 * only "accepted": the private `order` stream confirms the order (§8.1).
 */
export function createBybitWsTrade(options: BybitWsTradeOptions): BybitWsTrade {
  const socket = options.streams.socket('privateTrade');
  const requests = new SocketRequests(options.timers);
  const timeoutMs = options.timeoutMs ?? BYBIT_WS_TRADE_TIMEOUT_MS;
  const recvWindow = String(options.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS);
  const stop = options.streams.listen('privateTrade', (event: SocketEvent) => {
    if (event.type === 'state' && event.state !== 'connected')
      requests.failAll(`Bybit trade socket is ${event.state}`);
    if (event.type !== 'data') return;
    const answer = reply(event.frame);
    if (answer === undefined) return;
    requests.answer(answer.id, (endpoint) => unwrapBybit(socketAnswer(answer.body, answer.header), endpoint));
  });
  socket.connect();

  async function request(op: BybitTradeOp, args: BybitOrderArgs | BatchArgs): Promise<RestResult<unknown>> {
    const endpoint = `WS ${op}`;
    const reqId = requests.newId();
    const answer = requests.wait(reqId, endpoint, timeoutMs);
    const header = { 'X-BAPI-TIMESTAMP': String(options.clock.now()), 'X-BAPI-RECV-WINDOW': recvWindow };
    if (!socket.send(JSON.stringify({ reqId, header, op, args: [args] }))) {
      requests.answer(reqId, () => {
        throw new NetworkError(endpoint, 'the Bybit trade socket is not connected and authenticated');
      });
    }
    return (await answer) as RestResult<unknown>;
  }

  /** Batch sizes are capped per category (§8.1): refuse an oversized batch before it is sent. */
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
      return socket.ready;
    },
    request,
    createOrder: (order) => request('order.create', order),
    amendOrder: (amend) => request('order.amend', amend),
    cancelOrder: (cancel) => request('order.cancel', cancel),
    createOrders: (category, orders) => batch('order.create-batch', category, orders),
    amendOrders: (category, amends) => batch('order.amend-batch', category, amends),
    cancelOrders: (category, cancels) => batch('order.cancel-batch', category, cancels),
    dispose: () => {
      stop();
      requests.failAll('the Bybit trade client was closed');
    },
  };
}
