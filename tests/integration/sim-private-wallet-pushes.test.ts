import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import {
  bybit,
  bybitAuthArgs,
  is,
  okx,
  okxLoginArgs,
  type HttpAnswer,
  type Json,
  type Socket,
  useSim,
} from './sim-private-client';

/**
 * OKX `account` and Bybit `wallet` are pushed whenever the wallet changes, including the margin a
 * resting order locks or releases, not only on fills (docs/protocol.md "Wallet pushes on resting orders" and OKX's account
 * channel page). Through raw clients.
 */
const fixture = useSim();
const START_CASH = 100_000;

/** One signed REST order call: the path and the JSON body. */
type OrderCall = readonly [path: string, body: Json];

interface WalletChannel {
  readonly exchange: 'okx' | 'bybit';
  readonly symbol: readonly [category: string, symbol: string];
  /** Logs in and subscribes to the wallet channel; resolves once anything sent on subscribe is read. */
  subscribe(): Promise<Socket>;
  readonly isPush: (json: Json) => boolean;
  /** USDT held by open orders and the available balance, as one push states them. */
  read(push: Json): { held: number; available: number };
  /** A signed POST in the exchange's own scheme. */
  post(sim: RunningSimulator, path: string, body: Json): Promise<HttpAnswer>;
  /** A resting limit buy of 0.01 BTC at `price`, its amendment to 0.02 BTC, its cancel. */
  readonly place: (price: number) => OrderCall;
  readonly amend: (orderId: string) => OrderCall;
  readonly cancel: (orderId: string) => OrderCall;
  readonly orderId: (answer: HttpAnswer) => string;
}

const OKX_SWAP = { instId: 'BTC-USDT-SWAP' };
const okxAccount: WalletChannel = {
  exchange: 'okx',
  symbol: ['SWAP', 'BTC-USDT-SWAP'],
  subscribe: async () => {
    const ws = await fixture.socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(fixture.sim()) });
    await ws.next(is('event', 'login'));
    ws.send({ op: 'subscribe', args: [{ channel: 'account' }] });
    await ws.next(is('event', 'subscribe'));
    // OKX sends the account once on subscribe.
    await ws.next(okxAccount.isPush);
    return ws;
  },
  isPush: (json) => (json.arg as Json | undefined)?.channel === 'account' && Array.isArray(json.data),
  read: (push) => {
    const usdt = ((push.data as Json[])[0]?.details as Json[])[0] ?? {};
    return { held: Number(usdt.ordFrozen), available: Number(usdt.availBal) };
  },
  post: (sim, path, body) => okx(sim, 'POST', path, body),
  place: (px) => [
    '/api/v5/trade/order',
    { ...OKX_SWAP, tdMode: 'cross', side: 'buy', ordType: 'limit', px: String(px), sz: '1' },
  ],
  amend: (ordId) => ['/api/v5/trade/amend-order', { ...OKX_SWAP, ordId, newSz: '2' }],
  cancel: (ordId) => ['/api/v5/trade/cancel-order', { ...OKX_SWAP, ordId }],
  orderId: (answer) => String((answer.json.data as Json[])[0]?.ordId),
};

const BYBIT_PERP = { category: 'linear', symbol: 'BTCUSDT' };
const bybitWallet: WalletChannel = {
  exchange: 'bybit',
  symbol: ['linear', 'BTCUSDT'],
  subscribe: async () => {
    const ws = await fixture.socket('/v5/private');
    ws.send({ op: 'auth', args: bybitAuthArgs(fixture.sim()) });
    await ws.next(is('op', 'auth'));
    // Bybit sends no wallet snapshot on subscribe.
    ws.send({ op: 'subscribe', args: ['wallet'] });
    await ws.next(is('op', 'subscribe'));
    return ws;
  },
  isPush: is('topic', 'wallet'),
  read: (push) => {
    const wallet = (push.data as Json[])[0] ?? {};
    const usdt = (wallet.coin as Json[])[0] ?? {};
    return { held: Number(usdt.totalOrderIM), available: Number(wallet.totalAvailableBalance) };
  },
  post: (sim, path, body) => bybit(sim, 'POST', path, body),
  place: (price) => [
    '/v5/order/create',
    { ...BYBIT_PERP, side: 'Buy', orderType: 'Limit', qty: '0.01', price: String(price) },
  ],
  amend: (orderId) => ['/v5/order/amend', { ...BYBIT_PERP, orderId, qty: '0.02' }],
  cancel: (orderId) => ['/v5/order/cancel', { ...BYBIT_PERP, orderId }],
  orderId: (answer) => String((answer.json.result as Json).orderId),
};

describe.each([okxAccount, bybitWallet])('$exchange wallet pushes for a resting order', (channel) => {
  it('pushes the margin a resting order locks when placed, more when amended up, and releases it on cancel', async () => {
    const sim = fixture.sim();
    const ws = await channel.subscribe();
    const send = (call: OrderCall) => channel.post(sim, ...call);
    const instrument = sim.ctx.market.find(channel.exchange, ...channel.symbol);
    if (!instrument) throw new Error(`The simulator lists no ${channel.symbol[1]}`);
    // Far below the market, so it rests; 0.01 BTC at leverage 10 holds a thousandth of the price.
    const price = Math.floor(Number(sim.ctx.market.lastPrice(instrument)) * 0.8);
    const held = price * 0.001;

    const orderId = channel.orderId(await send(channel.place(price)));
    const placed = channel.read(await ws.next(channel.isPush));
    expect(placed.held).toBeCloseTo(held, 2);
    expect(placed.available).toBeCloseTo(START_CASH - held, 2);

    // A push may come between two calls without a change of held margin (the mark moving the account's
    // figures): each step's push is the one whose held margin moved.
    const heldMovedFrom = (before: number) => (json: Json) =>
      channel.isPush(json) && channel.read(json).held !== before;
    expect((await send(channel.amend(orderId))).status).toBe(200);
    const amended = channel.read(await ws.next(heldMovedFrom(placed.held)));
    expect(amended.held).toBeCloseTo(2 * held, 2);
    expect(amended.available).toBeCloseTo(START_CASH - 2 * held, 2);

    expect((await send(channel.cancel(orderId))).status).toBe(200);
    expect(channel.read(await ws.next(heldMovedFrom(amended.held)))).toEqual({
      held: 0,
      available: START_CASH,
    });
  });
});
