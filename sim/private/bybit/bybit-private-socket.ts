import type { AccountRegistry } from '../../accounts/account-registry.js';
import { orderMoments } from '../../accounts/change-collector.js';
import type { AccountChange } from '../../accounts/types.js';
import { bybitKeyOf } from '../../auth/credentials.js';
import { BYBIT_PRIVATE_AUTH_MESSAGES, verifyBybitAuth } from '../../auth/ws-login.js';
import type { SimContext } from '../../server/context.js';
import type { SocketPathHandler, SocketSession } from '../../server/sockets.js';
import { protectionBook } from '../../accounts/protection-book.js';
import { bybitLegOrder, bybitPositionStops } from './bybit-protection-shapes.js';
import {
  bybitExecution,
  bybitFundingExecution,
  bybitOrderPush,
  bybitPosition,
  bybitWallet,
} from './bybit-shapes.js';
import { isBybitAuthed, markBybitAuthed, parseWsMessage, type WsMessage } from './bybit-ws-session.js';

/** Private topics: all-in-one and categorised variants (docs/protocol.md "Bybit pushes"). */
const TOPIC_KINDS = ['order', 'execution', 'position', 'wallet', 'greeks'] as const;
type TopicKind = (typeof TOPIC_KINDS)[number];
const CATEGORIES = ['linear', 'spot', 'inverse', 'option'];

/** The kind of a private topic name ("order.linear" -> order), or undefined when unknown. */
function kindOf(topic: string): TopicKind | undefined {
  const [kind, variant] = topic.split('.');
  if (!TOPIC_KINDS.includes(kind as TopicKind)) return undefined;
  if (variant === undefined) return kind as TopicKind;
  if (kind === 'execution' && variant === 'fast') return 'execution';
  return CATEGORIES.includes(variant) && kind !== 'wallet' && kind !== 'greeks'
    ? (kind as TopicKind)
    : undefined;
}

/** Whether a categorised topic carries linear data (the only category traded here). */
const carriesLinear = (topic: string): boolean =>
  !topic.includes('.') || topic.endsWith('.linear') || topic === 'execution.fast';

/** /v5/private: auth, subscribe to order/execution/position/wallet, pushes after every change. */
export function createBybitPrivateSocket(ctx: SimContext, accounts: AccountRegistry): SocketPathHandler {
  const { account } = accounts.bybit;
  const market = accounts.market;
  let pushSeq = 0;

  const dataFor = (kind: TopicKind, change: AccountChange): unknown[] => {
    switch (kind) {
      case 'order':
        return [
          ...(change.legs ?? []).flatMap((leg) => {
            const instrument = market.instrument('bybit', leg.symbol);
            return instrument ? [bybitLegOrder(leg, instrument)] : [];
          }),
          ...change.orders.flatMap((o) => orderMoments(o, change).map((fill) => bybitOrderPush(o, fill))),
        ];
      case 'execution':
        return [
          ...change.fills.map((f) => bybitExecution(f, market)),
          ...(change.fundings ?? []).map(bybitFundingExecution),
        ];
      case 'position':
        return change.positions.map((p) => ({
          ...bybitPosition(p, account, market, true),
          ...bybitPositionStops(protectionBook(account), p),
        }));
      case 'wallet':
        return change.balanceChanged ? [bybitWallet(account, market)] : [];
      case 'greeks':
        return [];
    }
  };

  account.onChange((change) => {
    for (const session of ctx.sockets.sessions('/v5/private')) {
      for (const topic of session.topics) {
        const kind = kindOf(topic);
        if (!kind || !carriesLinear(topic)) continue;
        const data = dataFor(kind, change);
        if (data.length === 0) continue;
        session.send({ id: `${account.uid}-${String(++pushSeq)}`, topic, creationTime: ctx.now(), data });
      }
    }
  });

  const reply = (
    session: SocketSession,
    message: WsMessage,
    op: string,
    success: boolean,
    retMsg: string,
  ) => {
    const reqId = typeof message.req_id === 'string' ? { req_id: message.req_id } : {};
    session.send({ success, ret_msg: retMsg, op, conn_id: session.id, ...reqId });
  };

  const auth = (session: SocketSession, message: WsMessage) => {
    const result = verifyBybitAuth(message.args, (apiKey) => bybitKeyOf(ctx, apiKey), ctx.now());
    if (result.ok) markBybitAuthed(session);
    reply(session, message, 'auth', result.ok, result.ok ? '' : BYBIT_PRIVATE_AUTH_MESSAGES[result.reason]);
  };

  const subscribe = (session: SocketSession, message: WsMessage, op: 'subscribe' | 'unsubscribe') => {
    if (!isBybitAuthed(session)) {
      reply(session, message, op, false, 'Request not authorized');
      return;
    }
    const topics = Array.isArray(message.args)
      ? message.args.filter((t): t is string => typeof t === 'string')
      : [];
    const unknown = topics.find((t) => kindOf(t) === undefined);
    if (topics.length === 0 || unknown !== undefined) {
      reply(session, message, op, false, `error:handler not found,topic:${unknown ?? ''}`);
      return;
    }
    // An all-in-one topic and its categorised variants may not share a request (BYDOC private topics).
    const mixed = topics.find((t) => t.includes('.') && topics.includes(t.split('.')[0] ?? ''));
    if (mixed !== undefined) {
      reply(
        session,
        message,
        op,
        false,
        `error:topic ${mixed} cannot be subscribed together with ${mixed.split('.')[0] ?? ''}`,
      );
      return;
    }
    for (const topic of topics) {
      if (op === 'subscribe') session.topics.add(topic);
      else session.topics.delete(topic);
    }
    reply(session, message, op, true, '');
  };

  return {
    onMessage(session, text) {
      const message = parseWsMessage(text);
      const op = typeof message?.op === 'string' ? message.op : '';
      if (!message) {
        session.send({ success: false, ret_msg: `error:invalid message,data:${text}`, conn_id: session.id });
      } else if (op === 'ping') {
        const reqId = typeof message.req_id === 'string' ? { req_id: message.req_id } : {};
        if (!ctx.faults.silentPings)
          session.send({ ...reqId, op: 'pong', args: [String(ctx.now())], conn_id: session.id });
      } else if (op === 'auth') {
        auth(session, message);
      } else if (op === 'subscribe' || op === 'unsubscribe') {
        subscribe(session, message, op);
      } else {
        reply(session, message, op, false, `error:unknown op,op:${op}`);
      }
    },
  };
}
