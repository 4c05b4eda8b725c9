import type { AccountRegistry } from '../../accounts/account-registry.js';
import { OKX_RATE_LIMITED, OKX_WINDOW_MS, OKX_WS_OP_PATH, okxLimitOf } from '../../limits/limit-table.js';
import { okxLimitKey } from '../../limits/rate-limit-middleware.js';
import type { WindowLimiter } from '../../limits/window-limiter.js';
import { afterTradeLatency, type SimContext } from '../../server/context.js';
import type { SocketPathHandler, SocketSession } from '../../server/sockets.js';
import {
  createOkxPushBuilder,
  OKX_PRIVATE_CHANNELS,
  subscriptionsOf,
  type OkxPrivateChannel,
  type OkxPrivateSubscription,
} from './okx-private-pushes.js';
import {
  OKX_MAX_BATCH,
  okxAmend,
  okxCancel,
  okxOperationEnvelope,
  okxPlace,
  type OkxItemResult,
} from './okx-trade-ops.js';
import { handleOkxLogin, isOkxLoggedIn } from './okx-ws-login.js';

type Message = Record<string, unknown>;
type ItemOp = typeof okxPlace;

/** OKX WS order operations and their REST twins (docs/protocol.md "OKX orders on the private socket"). */
const OPERATIONS: Readonly<Record<string, { op: ItemOp; batch: boolean }>> = {
  order: { op: okxPlace, batch: false },
  'batch-orders': { op: okxPlace, batch: true },
  'cancel-order': { op: okxCancel, batch: false },
  'batch-cancel-orders': { op: okxCancel, batch: true },
  'amend-order': { op: okxAmend, batch: false },
  'batch-amend-orders': { op: okxAmend, batch: true },
};

/**
 * OKX also pushes `positions` and `account` at a regular interval, not only on events (docs/protocol.md "OKX pushes"), so
 * unrealised PnL moves with the mark. Driven by market events, so no timer outlives the simulator.
 */
const REGULAR_PUSH_MS = 5000;

/** Microseconds as OKX writes inTime/outTime. */
const micros = (ms: number): string => `${String(Math.floor(ms))}000`;

const stringArg = (raw: unknown): Record<string, string> | undefined => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  );
  return Object.fromEntries(entries);
};

/** /ws/v5/private: login, private channels with pushes after every account change, and order ops. */
export function createOkxPrivateSocket(
  ctx: SimContext,
  accounts: AccountRegistry,
  limiter: WindowLimiter,
): SocketPathHandler {
  const pushes = createOkxPushBuilder(ctx, accounts);

  accounts.okx.account.onChange((change) => {
    for (const session of ctx.sockets.sessions('/ws/v5/private')) {
      for (const sub of subscriptionsOf(session).values()) {
        const message = pushes.update(sub, change);
        if (message !== undefined) session.send(message);
      }
    }
  });

  let lastRegularPush = ctx.now();
  ctx.market.subscribe(() => {
    const now = ctx.now();
    if (now - lastRegularPush < REGULAR_PUSH_MS) return;
    lastRegularPush = now;
    for (const session of ctx.sockets.sessions('/ws/v5/private')) {
      for (const sub of subscriptionsOf(session).values()) {
        const message = pushes.regular(sub);
        if (message !== undefined) session.send(message);
      }
    }
  });

  const subscribe = (session: SocketSession, message: Message, unsubscribe: boolean): void => {
    const id = typeof message.id === 'string' ? { id: message.id } : {};
    if (!isOkxLoggedIn(session)) {
      session.send({ ...id, event: 'error', code: '60011', msg: 'Please log in', connId: session.id });
      return;
    }
    const args = Array.isArray(message.args) ? message.args : [];
    if (args.length === 0) {
      session.send({
        ...id,
        event: 'error',
        code: '60012',
        msg: `Invalid request: ${JSON.stringify(message)}`,
        connId: session.id,
      });
      return;
    }
    for (const raw of args) {
      const arg = stringArg(raw);
      const channel = arg?.channel;
      if (!arg || !OKX_PRIVATE_CHANNELS.includes(channel as OkxPrivateChannel)) {
        session.send({
          ...id,
          event: 'error',
          code: '60018',
          msg: `Wrong URL or channel:${channel ?? ''} doesn't exist. Please use the correct URL, channel and parameters referring to API document.`,
          connId: session.id,
        });
        continue;
      }
      // orders and positions name an instrument type (SWAP, ANY, …); OKX refuses them without one.
      if ((channel === 'orders' || channel === 'positions') && !arg.instType) {
        session.send({
          ...id,
          event: 'error',
          code: '60018',
          msg: `Wrong URL or channel:${channel},instType: doesn't exist. Please use the correct URL, channel and parameters referring to API document.`,
          connId: session.id,
        });
        continue;
      }
      const key = JSON.stringify(arg);
      const sub: OkxPrivateSubscription = { channel: channel as OkxPrivateChannel, arg };
      if (unsubscribe) subscriptionsOf(session).delete(key);
      else subscriptionsOf(session).set(key, sub);
      session.send({ ...id, event: unsubscribe ? 'unsubscribe' : 'subscribe', arg, connId: session.id });
      const snapshot = unsubscribe ? undefined : pushes.snapshot(sub);
      if (snapshot !== undefined) session.send(snapshot);
    }
  };

  const operate = (session: SocketSession, message: Message, opName: string): void => {
    const inTime = micros(ctx.now());
    const id = typeof message.id === 'string' ? message.id : '';
    const reply = (body: { code: string; msg: string; data: OkxItemResult[] | [] }): void => {
      session.send({ id, op: opName, ...body, inTime, outTime: micros(ctx.now()) });
    };
    if (!isOkxLoggedIn(session)) {
      reply({ code: '60011', msg: 'Please log in', data: [] });
      return;
    }
    const operation = OPERATIONS[opName];
    const args = Array.isArray(message.args) ? message.args : [];
    if (
      !operation ||
      args.length === 0 ||
      (!operation.batch && args.length > 1) ||
      args.length > OKX_MAX_BATCH
    ) {
      reply({ code: '60012', msg: `Invalid request: ${JSON.stringify(message)}`, data: [] });
      return;
    }
    const path = OKX_WS_OP_PATH[opName] ?? '';
    const weight = operation.batch ? args.length : 1;
    if (
      !limiter.take(
        okxLimitKey(ctx.credentials.okx.apiKey, 'POST', path),
        okxLimitOf('POST', path),
        OKX_WINDOW_MS,
        weight,
      ).allowed
    ) {
      reply({ ...OKX_RATE_LIMITED, data: [] });
      return;
    }
    const items = args.map((params: unknown) => operation.op(accounts.okx, params, String(ctx.now())));
    reply(okxOperationEnvelope(items));
  };

  return {
    onMessage(session, text) {
      if (text === 'ping') {
        // OKX's heartbeat is the plain text ping/pong (docs/protocol.md "OKX sockets"); the admin fault silences it.
        if (!ctx.faults.silentPings) session.send('pong');
        return;
      }
      let message: Message;
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        message = parsed as Message;
      } catch {
        session.send({ event: 'error', code: '60012', msg: `Invalid request: ${text}`, connId: session.id });
        return;
      }
      const op = typeof message.op === 'string' ? message.op : '';
      if (op === 'login') handleOkxLogin(ctx, session, message.args);
      else if (op === 'subscribe' || op === 'unsubscribe') subscribe(session, message, op === 'unsubscribe');
      else if (op in OPERATIONS)
        afterTradeLatency(ctx, () => {
          operate(session, message, op);
        });
      else
        session.send({ event: 'error', code: '60012', msg: `Invalid request: ${text}`, connId: session.id });
    },
  };
}
