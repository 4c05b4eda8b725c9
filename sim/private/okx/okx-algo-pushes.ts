import type { SimContext } from '../../server/context.js';
import type { SocketSession } from '../../server/sockets.js';
import type { OkxAlgoBook } from './okx-algo-book.js';
import { okxAdvanceRow, okxAlgoRow } from './okx-algo-shapes.js';
import { isOkxLoggedIn } from './okx-ws-login.js';

/** The logged-in algo channels of /ws/v5/business (docs/protocol.md "OKX protection"). */
export const OKX_ALGO_CHANNELS = ['orders-algo', 'algo-advance'] as const;
const SUBSCRIPTIONS = 'okx.algoSubscriptions';
type Arg = Readonly<Record<string, string>>;

function subscriptionsOf(session: SocketSession): Map<string, Arg> {
  let subs = session.state.get(SUBSCRIPTIONS) as Map<string, Arg> | undefined;
  if (!subs) {
    subs = new Map();
    session.state.set(SUBSCRIPTIONS, subs);
  }
  return subs;
}

/**
 * A subscribe or unsubscribe arg for an algo channel: answered here (login and instType required), or
 * false when the arg names another channel.
 */
export function handleOkxAlgoSubscription(
  session: SocketSession,
  raw: unknown,
  id: string | undefined,
  unsubscribe: boolean,
): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const arg = Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  if (!OKX_ALGO_CHANNELS.includes(arg.channel as (typeof OKX_ALGO_CHANNELS)[number])) return false;
  const echo = id === undefined ? {} : { id };
  if (!isOkxLoggedIn(session)) {
    session.send({ ...echo, event: 'error', code: '60011', msg: 'Please log in', connId: session.id });
    return true;
  }
  if (!arg.instType) {
    session.send({
      ...echo,
      event: 'error',
      code: '60018',
      msg: `Wrong URL or channel:${arg.channel},instType: doesn't exist. Please use the correct URL, channel and parameters referring to API document.`,
      connId: session.id,
    });
    return true;
  }
  if (unsubscribe) subscriptionsOf(session).delete(JSON.stringify(arg));
  else subscriptionsOf(session).set(JSON.stringify(arg), arg);
  session.send({ ...echo, event: unsubscribe ? 'unsubscribe' : 'subscribe', arg, connId: session.id });
  return true;
}

/** Pushes every algo order change: trailing stops on algo-advance, the others on orders-algo. */
export function installOkxAlgoPushes(ctx: SimContext, book: OkxAlgoBook, uid: string): void {
  book.onChange((order) => {
    const channel = order.ordType === 'move_order_stop' ? 'algo-advance' : 'orders-algo';
    for (const session of ctx.sockets.sessions('/ws/v5/business')) {
      for (const arg of subscriptionsOf(session).values()) {
        if (arg.channel !== channel) continue;
        if (arg.instType !== 'ANY' && arg.instType !== 'SWAP') continue;
        if (arg.instId !== undefined && arg.instId !== order.instrument.symbol) continue;
        const row = channel === 'orders-algo' ? okxAlgoRow(order) : okxAdvanceRow(order, ctx.now());
        session.send({ arg: { ...arg, uid }, data: [row] });
      }
    }
  });
}
