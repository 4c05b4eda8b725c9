import { orderMoments } from '../../accounts/change-collector.js';
import type { AccountChange, SimOrder, SimPosition } from '../../accounts/types.js';
import type { AccountRegistry } from '../../accounts/account-registry.js';
import type { SimContext } from '../../server/context.js';
import type { SocketSession } from '../../server/sockets.js';
import { okxBalance, okxOrderPush, okxPosition } from './okx-shapes.js';

/** The private channels this simulator serves on /ws/v5/private (docs/protocol.md "OKX pushes"). */
export const OKX_PRIVATE_CHANNELS = ['orders', 'positions', 'account', 'balance_and_position'] as const;
export type OkxPrivateChannel = (typeof OKX_PRIVATE_CHANNELS)[number];

/** One subscription as the client sent it; pushes echo it (plus `uid`) as their `arg`. */
export interface OkxPrivateSubscription {
  readonly channel: OkxPrivateChannel;
  readonly arg: Readonly<Record<string, string>>;
}

const SUBSCRIPTIONS = 'okx.privateSubscriptions';

export function subscriptionsOf(session: SocketSession): Map<string, OkxPrivateSubscription> {
  let subs = session.state.get(SUBSCRIPTIONS) as Map<string, OkxPrivateSubscription> | undefined;
  if (!subs) {
    subs = new Map();
    session.state.set(SUBSCRIPTIONS, subs);
  }
  return subs;
}

/** Whether a subscription's instType/instFamily/instId filter covers an instrument (all ours are SWAP). */
function covers(sub: OkxPrivateSubscription, symbol: string): boolean {
  const { instType, instFamily, instId } = sub.arg;
  if (instType !== undefined && instType !== 'ANY' && instType !== 'SWAP') return false;
  // A swap's instFamily is its instId without "-SWAP" (BTC-USDT-SWAP belongs to BTC-USDT).
  if (instFamily !== undefined && `${instFamily}-SWAP` !== symbol) return false;
  return instId === undefined || instId === symbol;
}

/** Builds the pushes for one account change, per subscription; the caller sends them. */
export function createOkxPushBuilder(ctx: SimContext, accounts: AccountRegistry) {
  const { account } = accounts.okx;
  const market = accounts.market;
  const envelope = (sub: OkxPrivateSubscription, data: unknown[], extra: Record<string, unknown> = {}) => ({
    arg: { ...sub.arg, uid: account.uid },
    ...extra,
    data,
  });
  const positionsData = (positions: readonly SimPosition[]) =>
    positions.map((p) => okxPosition(p, account, market, ctx.now()));
  const balanceAndPosition = (
    eventType: string,
    positions: readonly SimPosition[],
    change?: AccountChange,
  ) => ({
    pTime: String(ctx.now()),
    eventType,
    balData: [{ ccy: 'USDT', cashBal: String(account.cash), uTime: String(ctx.now()) }],
    posData: positions.map((p) => {
      const full = okxPosition(p, account, market, ctx.now());
      const pick = [
        'posId',
        'instId',
        'instType',
        'mgnMode',
        'posSide',
        'pos',
        'ccy',
        'posCcy',
        'avgPx',
        'nonSettleAvgPx',
        'settledPnl',
        'uTime',
      ];
      return {
        ...Object.fromEntries(pick.map((k) => [k, full[k]])),
        tradeId: change?.fills.at(-1)?.tradeId ?? '',
      };
    }),
    trades: (change?.fills ?? []).map((f) => ({ instId: f.order.instrument.symbol, tradeId: f.tradeId })),
  });

  return {
    /** The snapshot a new subscription gets: positions, account and balance_and_position send one (docs/protocol.md "OKX pushes"). */
    snapshot(sub: OkxPrivateSubscription): unknown {
      switch (sub.channel) {
        case 'orders':
          return undefined;
        case 'positions':
          return envelope(
            sub,
            positionsData(account.openPositions().filter((p) => covers(sub, p.instrument.symbol))),
          );
        case 'account':
          return envelope(sub, [okxBalance(account, market, ctx.now())]);
        case 'balance_and_position':
          return envelope(sub, [balanceAndPosition('snapshot', account.openPositions())]);
      }
    },
    /** The interval push of `positions` (while any is open) and `account`; undefined for other channels. */
    regular(sub: OkxPrivateSubscription): unknown {
      if (sub.channel === 'account') return envelope(sub, [okxBalance(account, market, ctx.now())]);
      if (sub.channel !== 'positions') return undefined;
      const open = account.openPositions().filter((p) => covers(sub, p.instrument.symbol));
      return open.length > 0 ? envelope(sub, positionsData(open)) : undefined;
    },
    /** What one account change pushes on a subscription, or undefined when it touches nothing there. */
    update(sub: OkxPrivateSubscription, change: AccountChange): unknown {
      switch (sub.channel) {
        case 'orders': {
          const orders = change.orders.filter((o: SimOrder) => covers(sub, o.instrument.symbol));
          return orders.length > 0
            ? envelope(
                sub,
                orders.flatMap((o) => orderMoments(o, change).map((fill) => okxOrderPush(o, fill))),
              )
            : undefined;
        }
        case 'positions': {
          const positions = change.positions.filter((p) => covers(sub, p.instrument.symbol));
          return positions.length > 0 ? envelope(sub, positionsData(positions)) : undefined;
        }
        case 'account':
          return change.balanceChanged ? envelope(sub, [okxBalance(account, market, ctx.now())]) : undefined;
        case 'balance_and_position':
          return change.fills.length > 0
            ? envelope(sub, [balanceAndPosition('filled', change.positions, change)])
            : undefined;
      }
    },
  };
}

export type OkxPushBuilder = ReturnType<typeof createOkxPushBuilder>;
