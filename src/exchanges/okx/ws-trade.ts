import { NetworkError } from '../errors';
import type { SocketGroup } from '../transport/socket-group';
import { socketAnswer } from '../transport/socket-answer';
import { SocketRequests } from '../transport/socket-requests';
import type { SocketEvent } from '../transport/socket-types';
import { parseResultData } from '../transport/http-schema';
import type { RestResult } from '../transport/http-types';
import type { Timers } from '../transport/timers';
import type { OkxSocketKey } from './hosts';
import { unwrapOkx } from './rest-envelope';
import { OkxOrderAcks, type OkxOrderAck } from './schemas';

/** OKX order operations on the private socket (PROTOCOL.md §8.2). */
export type OkxTradeOp =
  'order' | 'batch-orders' | 'amend-order' | 'batch-amend-orders' | 'cancel-order' | 'batch-cancel-orders';

/** Order parameters exactly as REST takes them (decimal strings stay strings). */
export type OkxOrderArgs = Readonly<Record<string, string | boolean>>;

export interface OkxWsTradeOptions {
  readonly streams: SocketGroup<OkxSocketKey>;
  readonly timers: Timers;
  /** How long one request waits for its reply. */
  readonly timeoutMs?: number;
}

export const OKX_WS_TRADE_TIMEOUT_MS = 10_000;

export interface OkxWsTrade {
  /** Logged in and connected: requests can go out now (else trade over REST). */
  readonly ready: boolean;
  request(op: OkxTradeOp, args: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>>;
  placeOrder(order: OkxOrderArgs): Promise<RestResult<OkxOrderAck[]>>;
  placeOrders(orders: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>>;
  amendOrder(amend: OkxOrderArgs): Promise<RestResult<OkxOrderAck[]>>;
  amendOrders(amends: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>>;
  cancelOrder(cancel: OkxOrderArgs): Promise<RestResult<OkxOrderAck[]>>;
  cancelOrders(cancels: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>>;
  /** Stops listening; waiting requests fail. */
  dispose(): void;
}

function replyId(frame: unknown): string | undefined {
  if (typeof frame !== 'object' || frame === null || !('op' in frame) || !('id' in frame)) return undefined;
  return typeof frame.id === 'string' ? frame.id : undefined;
}

/**
 * Trading over OKX's private socket: request ids matched to replies, a timeout per request, and replies
 * judged by the REST envelope reader, so failures are the same named errors as REST (code "1": every
 * item failed, reported with the first sCode; code "2": partial, the items carry their sCode).
 */
export function createOkxWsTrade(options: OkxWsTradeOptions): OkxWsTrade {
  const socket = options.streams.socket('private');
  const requests = new SocketRequests(options.timers);
  const timeoutMs = options.timeoutMs ?? OKX_WS_TRADE_TIMEOUT_MS;
  const stop = options.streams.listen('private', (event: SocketEvent) => {
    if (event.type === 'state' && event.state !== 'connected')
      requests.failAll(`OKX private socket is ${event.state}`);
    if (event.type === 'error' && event.requestId !== undefined) {
      // OKX refuses a malformed request with an error event that echoes its id (e.g. 60012).
      const refusal = { code: event.code, msg: event.message, data: [] };
      requests.answer(event.requestId, (endpoint) => unwrapOkx(socketAnswer(refusal), endpoint));
      return;
    }
    if (event.type !== 'data') return;
    const id = replyId(event.frame);
    if (id === undefined) return;
    requests.answer(id, (endpoint) =>
      parseResultData(OkxOrderAcks, unwrapOkx(socketAnswer(event.frame), endpoint)),
    );
  });
  socket.connect();

  async function request(op: OkxTradeOp, args: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>> {
    const endpoint = `WS ${op}`;
    const id = requests.newId();
    const reply = requests.wait(id, endpoint, timeoutMs);
    if (!socket.send(JSON.stringify({ id, op, args }))) {
      requests.answer(id, () => {
        throw new NetworkError(endpoint, 'the OKX private socket is not connected and logged in');
      });
    }
    return (await reply) as RestResult<OkxOrderAck[]>;
  }

  return {
    get ready() {
      return socket.ready;
    },
    request,
    placeOrder: (order) => request('order', [order]),
    placeOrders: (orders) => request('batch-orders', orders),
    amendOrder: (amend) => request('amend-order', [amend]),
    amendOrders: (amends) => request('batch-amend-orders', amends),
    cancelOrder: (cancel) => request('cancel-order', [cancel]),
    cancelOrders: (cancels) => request('batch-cancel-orders', cancels),
    dispose: () => {
      stop();
      requests.failAll('the OKX trade client was closed');
    },
  };
}
