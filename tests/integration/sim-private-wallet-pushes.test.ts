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
 * resting order locks or releases (docs/protocol.md §16), not only on fills. Through raw clients.
 */
const fixture = useSim();
const START_CASH = 100_000;

interface WalletChannel {
  readonly exchange: 'okx' | 'bybit';
  /** Logs in and subscribes to the wallet channel; resolves once anything sent on subscribe is read. */
  subscribe(sim: RunningSimulator): Promise<Socket>;
  readonly isPush: (json: Json) => boolean;
  /** USDT held by open orders and the available balance, as one push states them. */
  read(push: Json): { held: number; available: number };
  /** A resting limit buy of 0.01 BTC at `price`; answers the order id. */
  place(sim: RunningSimulator, price: number): Promise<string>;
  /** Changes the order to 0.02 BTC. */
  amend(sim: RunningSimulator, orderId: string): Promise<HttpAnswer>;
  cancel(sim: RunningSimulator, orderId: string): Promise<HttpAnswer>;
  readonly symbol: readonly [category: string, symbol: string];
}

const okxAccount: WalletChannel = {
  exchange: 'okx',
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
  place: async (sim, price) => {
    const answer = await okx(sim, 'POST', '/api/v5/trade/order', {
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      ordType: 'limit',
      px: String(price),
      sz: '1',
    });
    return String((answer.json.data as Json[])[0]?.ordId);
  },
  amend: (sim, ordId) =>
    okx(sim, 'POST', '/api/v5/trade/amend-order', { instId: 'BTC-USDT-SWAP', ordId, newSz: '2' }),
  cancel: (sim, ordId) => okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: 'BTC-USDT-SWAP', ordId }),
  symbol: ['SWAP', 'BTC-USDT-SWAP'],
};

const bybitWallet: WalletChannel = {
  exchange: 'bybit',
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
  place: async (sim, price) => {
    const answer = await bybit(sim, 'POST', '/v5/order/create', {
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      qty: '0.01',
      price: String(price),
    });
    return String((answer.json.result as Json).orderId);
  },
  amend: (sim, orderId) =>
    bybit(sim, 'POST', '/v5/order/amend', { category: 'linear', symbol: 'BTCUSDT', orderId, qty: '0.02' }),
  cancel: (sim, orderId) =>
    bybit(sim, 'POST', '/v5/order/cancel', { category: 'linear', symbol: 'BTCUSDT', orderId }),
  symbol: ['linear', 'BTCUSDT'],
};

describe.each([okxAccount, bybitWallet])('$exchange wallet pushes for a resting order', (channel) => {
  it('pushes the margin a resting order locks when placed, more when amended up, and releases it on cancel', async () => {
    const sim = fixture.sim();
    const ws = await channel.subscribe(sim);
    const instrument = sim.ctx.market.find(channel.exchange, ...channel.symbol);
    if (!instrument) throw new Error(`The simulator lists no ${channel.symbol[1]}`);
    // Far below the market, so it rests; 0.01 BTC at leverage 10 holds a thousandth of the price.
    const price = Math.floor(Number(sim.ctx.market.lastPrice(instrument)) * 0.8);
    const held = price * 0.001;

    const orderId = await channel.place(sim, price);
    const placed = channel.read(await ws.next(channel.isPush));
    expect(placed.held).toBeCloseTo(held, 2);
    expect(placed.available).toBeCloseTo(START_CASH - held, 2);

    expect((await channel.amend(sim, orderId)).status).toBe(200);
    const amended = channel.read(await ws.next(channel.isPush));
    expect(amended.held).toBeCloseTo(2 * held, 2);
    expect(amended.available).toBeCloseTo(START_CASH - 2 * held, 2);

    expect((await channel.cancel(sim, orderId)).status).toBe(200);
    expect(channel.read(await ws.next(channel.isPush))).toEqual({ held: 0, available: START_CASH });
  });
});
