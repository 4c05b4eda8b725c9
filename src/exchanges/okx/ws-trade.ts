import { socketAnswer } from '../transport/socket-answer';
import {
  createSocketTrade,
  type SocketTradeOptions,
  type SocketTradeReply,
} from '../transport/socket-requests';
import type { SocketEvent } from '../transport/socket-types';
import { parseResultData } from '../transport/http-schema';
import type { RestResult } from '../transport/http-types';
import type { OkxSocketKey } from './hosts';
import { unwrapOkx } from './rest-envelope';
import { OkxOrderAcks, type OkxOrderAck } from './schemas';

/** OKX order operations on the private socket (docs/protocol.md "OKX orders on the private socket"). */
export type OkxTradeOp =
  'order' | 'batch-orders' | 'amend-order' | 'batch-amend-orders' | 'cancel-order' | 'batch-cancel-orders';

/** Order parameters exactly as REST takes them (decimal strings stay strings). */
export type OkxOrderArgs = Readonly<Record<string, string | boolean>>;

export type OkxWsTradeOptions = SocketTradeOptions<OkxSocketKey>;

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

/** An order reply (by its `id`), or an error event refusing a request by id (e.g. 60012 malformed). */
function readOkxReply(event: SocketEvent): SocketTradeReply | undefined {
  if (event.type === 'error' && event.requestId !== undefined) {
    const refusal = { code: event.code, msg: event.message, data: [] };
    return { id: event.requestId, settle: (endpoint) => unwrapOkx(socketAnswer(refusal), endpoint) };
  }
  if (event.type !== 'data') return undefined;
  const frame = event.frame;
  const id = replyId(frame);
  if (id === undefined) return undefined;
  return {
    id,
    settle: (endpoint) => parseResultData(OkxOrderAcks, unwrapOkx(socketAnswer(frame), endpoint)),
  };
}

/**
 * Trading over OKX's private socket: request ids matched to replies, a timeout per request, and replies
 * judged by the REST envelope reader, so failures are the same named errors as REST (code "1": every
 * item failed, reported with the first sCode; code "2": partial, the items carry their sCode).
 */
export function createOkxWsTrade(options: OkxWsTradeOptions): OkxWsTrade {
  const trade = createSocketTrade(options, {
    key: 'private',
    label: 'OKX private socket',
    readReply: readOkxReply,
  });

  async function request(op: OkxTradeOp, args: readonly OkxOrderArgs[]): Promise<RestResult<OkxOrderAck[]>> {
    return (await trade.request(op, (id) => JSON.stringify({ id, op, args }))) as RestResult<OkxOrderAck[]>;
  }

  return {
    get ready() {
      return trade.ready;
    },
    request,
    placeOrder: (order) => request('order', [order]),
    placeOrders: (orders) => request('batch-orders', orders),
    amendOrder: (amend) => request('amend-order', [amend]),
    amendOrders: (amends) => request('batch-amend-orders', amends),
    cancelOrder: (cancel) => request('cancel-order', [cancel]),
    cancelOrders: (cancels) => request('batch-cancel-orders', cancels),
    dispose: () => {
      trade.dispose();
    },
  };
}
