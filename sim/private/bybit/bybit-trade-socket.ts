import type { AccountRegistry } from '../../accounts/account-registry.js';
import { bybitKeyOf } from '../../auth/credentials.js';
import { BYBIT_TRADE_AUTH_ERRORS, verifyBybitAuth } from '../../auth/ws-login.js';
import {
  BYBIT_RATE_LIMITED,
  BYBIT_WS_OP_PATH,
  BYBIT_WINDOW_MS,
  bybitLimitOf,
} from '../../limits/limit-table.js';
import { bybitLimitHeaders, bybitLimitKey } from '../../limits/rate-limit-middleware.js';
import type { WindowLimiter } from '../../limits/window-limiter.js';
import { afterTradeLatency, type SimContext } from '../../server/context.js';
import type { SocketPathHandler, SocketSession } from '../../server/sockets.js';
import {
  bybitAmend,
  bybitBatch,
  bybitCancel,
  bybitPlace,
  isRecord,
  type BybitOpResult,
} from './bybit-trade-ops.js';
import { isBybitAuthed, markBybitAuthed, parseWsMessage, type WsMessage } from './bybit-ws-session.js';

type Op = (engine: AccountRegistry['bybit'], params: unknown) => BybitOpResult;
const SINGLE: Readonly<Record<string, Op>> = {
  'order.create': bybitPlace,
  'order.amend': bybitAmend,
  'order.cancel': bybitCancel,
};
const BATCH: Readonly<Record<string, Op>> = {
  'order.create-batch': bybitPlace,
  'order.amend-batch': bybitAmend,
  'order.cancel-batch': bybitCancel,
};
const SEEN_REQ_IDS = 'bybit.tradeReqIds';
const DEFAULT_RECV_WINDOW = 5000;

/** /v5/trade: auth, then order.create/amend/cancel and their batch versions (docs/protocol.md "Bybit trade socket"). */
export function createBybitTradeSocket(
  ctx: SimContext,
  accounts: AccountRegistry,
  limiter: WindowLimiter,
): SocketPathHandler {
  const engine = accounts.bybit;

  const send = (session: SocketSession, message: WsMessage, body: Record<string, unknown>) => {
    const reqId = typeof message.reqId === 'string' ? { reqId: message.reqId } : {};
    session.send({ ...reqId, ...body, connId: session.id });
  };

  const auth = (session: SocketSession, message: WsMessage) => {
    if (isBybitAuthed(session)) {
      send(session, message, { retCode: 20001, retMsg: 'Repeat auth', op: 'auth' });
      return;
    }
    const result = verifyBybitAuth(message.args, (apiKey) => bybitKeyOf(ctx, apiKey), ctx.now());
    if (result.ok) markBybitAuthed(session);
    const { retCode, retMsg } = result.ok
      ? { retCode: 0, retMsg: 'OK' }
      : BYBIT_TRADE_AUTH_ERRORS[result.reason];
    send(session, message, { retCode, retMsg, op: 'auth' });
  };

  /** Checks reqId, auth and the header timestamp; returns the refusal, or undefined to go on. */
  const refusal = (
    session: SocketSession,
    message: WsMessage,
  ): { retCode: number; retMsg: string } | undefined => {
    const seen = (session.state.get(SEEN_REQ_IDS) as Set<string> | undefined) ?? new Set<string>();
    session.state.set(SEEN_REQ_IDS, seen);
    const reqId = typeof message.reqId === 'string' ? message.reqId : undefined;
    if (reqId !== undefined && (reqId.length > 36 || seen.has(reqId)))
      return { retCode: 20006, retMsg: 'reqId is duplicated' };
    if (reqId !== undefined) seen.add(reqId);
    if (!isBybitAuthed(session)) return { retCode: 10003, retMsg: 'Request not authorized' };
    const header = isRecord(message.header) ? message.header : {};
    const timestamp = Number(header['X-BAPI-TIMESTAMP']);
    const recvWindow = Number(header['X-BAPI-RECV-WINDOW'] ?? DEFAULT_RECV_WINDOW);
    if (!Number.isFinite(timestamp) || !Number.isFinite(recvWindow))
      return { retCode: 10001, retMsg: 'params error: X-BAPI-TIMESTAMP is required' };
    const now = ctx.now();
    if (!(now - recvWindow <= timestamp && timestamp < now + 1000)) {
      return {
        retCode: 10002,
        retMsg: `invalid request, please check your server timestamp or recv_window param. req_timestamp[${String(timestamp)}],server_timestamp[${String(now)}],recv_window[${String(recvWindow)}]`,
      };
    }
    return undefined;
  };

  /** Refuses on arrival what Bybit checks on arrival (reqId, auth, the header timestamp); true if refused. */
  const refuse = (session: SocketSession, message: WsMessage, op: string): boolean => {
    const refused = refusal(session, message);
    if (refused)
      send(session, message, {
        ...refused,
        op,
        data: {},
        retExtInfo: {},
        header: { Timenow: String(ctx.now()) },
      });
    return refused !== undefined;
  };

  const operate = (session: SocketSession, message: WsMessage, op: string) => {
    const path = BYBIT_WS_OP_PATH[op] ?? '';
    const decision = limiter.take(
      bybitLimitKey(ctx.credentials.bybit.apiKey, path),
      bybitLimitOf(path),
      BYBIT_WINDOW_MS,
    );
    const now = ctx.now();
    const header = {
      ...bybitLimitHeaders(decision, now),
      Traceid: `${session.id}-${String(now)}`,
      Timenow: String(now),
    };
    const args = Array.isArray(message.args) ? message.args : [];
    if (!decision.allowed) {
      send(session, message, {
        ...BYBIT_RATE_LIMITED,
        op,
        data: {},
        retExtInfo: {},
        header,
      });
    } else if (args.length !== 1) {
      send(session, message, {
        retCode: 10001,
        retMsg: 'params error: args must hold exactly one item',
        op,
        data: {},
        retExtInfo: {},
        header,
      });
    } else if (op in SINGLE) {
      const outcome = (SINGLE[op] ?? bybitPlace)(engine, args[0]);
      const body = outcome.ok
        ? {
            retCode: 0,
            retMsg: 'OK',
            data: { orderId: outcome.order.id, orderLinkId: outcome.order.clientId },
          }
        : { retCode: outcome.error.retCode, retMsg: outcome.error.retMsg, data: {} };
      send(session, message, { ...body, op, retExtInfo: {}, header });
    } else {
      const outcome = bybitBatch(engine, args[0], BATCH[op] ?? bybitPlace, now);
      const body = outcome.ok
        ? { retCode: 0, retMsg: 'OK', data: outcome.result, retExtInfo: outcome.retExtInfo }
        : { retCode: outcome.error.retCode, retMsg: outcome.error.retMsg, data: {}, retExtInfo: {} };
      send(session, message, { ...body, op, header });
    }
  };

  return {
    onMessage(session, text) {
      const message = parseWsMessage(text);
      const op = typeof message?.op === 'string' ? message.op : '';
      if (!message) {
        session.send({ retCode: 10001, retMsg: 'params error: message is not JSON', connId: session.id });
      } else if (op === 'ping') {
        if (!ctx.faults.silentPings)
          send(session, message, { retCode: 0, retMsg: 'OK', op: 'pong', data: [String(ctx.now())] });
      } else if (op === 'auth') {
        auth(session, message);
      } else if (op in SINGLE || op in BATCH) {
        // A held order was stamped when it arrived: the hold cannot make its timestamp expire.
        if (refuse(session, message, op)) return;
        afterTradeLatency(ctx, () => {
          operate(session, message, op);
        });
      } else {
        send(session, message, { retCode: 10404, retMsg: `op not found: ${op}`, op });
      }
    },
  };
}
