import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Exchange,
  ExchangeId,
  OrderAck,
  OrderUpdateEvent,
  SocketStatusEvent,
  StreamEvent,
} from '../../src/exchanges/index';
import { simExchange, simulatorPerSuite } from './exchange-harness';
import { bybit, okx } from './sim-private-client';
import { Inbox, simAdmin } from './ws-harness';

/**
 * Each exchange's BTC and ETH perpetuals, the smallest order on each, and how many open orders one page
 * holds (docs/protocol.md "Open orders paging"). The simulator's heartbeat is an hour: only tests move prices.
 */
const MARKET: Record<
  ExchangeId,
  {
    readonly btc: string;
    readonly eth: string;
    readonly size: string;
    readonly ethSize: string;
    readonly page: number;
  }
> = {
  okx: { btc: 'BTC-USDT-SWAP', eth: 'ETH-USDT-SWAP', size: '0.01', ethSize: '0.01', page: 100 },
  bybit: { btc: 'BTCUSDT', eth: 'ETHUSDT', size: '0.001', ethSize: '0.01', page: 50 },
};
const START_PRICE = { btc: 60_000, eth: 3_000 };
/** The sockets the order and protection topics live on. */
const ACCOUNT_SOCKETS: Record<ExchangeId, readonly string[]> = {
  okx: ['private', 'business'],
  bybit: ['private'],
};
/** OKX batch-orders and Bybit create-batch take 20 orders a request. */
const BATCH = 20;

describe.each(['okx', 'bybit'] as const)('open orders and cancel all on %s through the Exchange', (id) => {
  const { btc, eth, size, ethSize, page } = MARKET[id];
  const btcPerp = { kind: 'perpetual', symbol: btc } as const;
  const ethPerp = { kind: 'perpetual', symbol: eth } as const;
  let exchange: Exchange;
  let events: Inbox<StreamEvent>;
  const stops: (() => void)[] = [];
  const running = simulatorPerSuite({ seed: 11, tickMs: 3_600_000 }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
  });

  /** `count` resting buys far under the market, placed in batches straight on the exchange's API. */
  async function seedRestingBuys(count: number): Promise<void> {
    const prices = Array.from({ length: count }, (_, i) => String(40_000 - i * 10));
    for (let start = 0; start < count; start += BATCH) {
      const batch = prices.slice(start, start + BATCH);
      const answer =
        id === 'okx'
          ? await okx(
              running(),
              'POST',
              '/api/v5/trade/batch-orders',
              batch.map((px) => ({
                instId: btc,
                tdMode: 'cross',
                side: 'buy',
                ordType: 'limit',
                sz: size,
                px,
              })),
            )
          : await bybit(running(), 'POST', '/v5/order/create-batch', {
              category: 'linear',
              request: batch.map((price) => ({
                symbol: btc,
                side: 'Buy',
                orderType: 'Limit',
                qty: size,
                price,
              })),
            });
      expect(answer.json).toMatchObject(id === 'okx' ? { code: '0' } : { retCode: 0 });
    }
  }

  const rest = (symbol: string, price: string): Promise<OrderAck> =>
    exchange.trade.place({
      instrument: { kind: 'perpetual', symbol },
      side: 'buy',
      type: 'limit',
      price,
      size: symbol === eth ? ethSize : size,
    });
  const openIds = async (instrument?: typeof btcPerp) =>
    (await exchange.rest.getOpenOrders(instrument === undefined ? {} : { instrument }))
      .map((order) => order.orderId)
      .sort();
  const cancelledPush = (orderId: string, from: number) =>
    events.waitFor(
      (event) => event.kind === 'order' && event.orderId === orderId && event.status === 'cancelled',
      `order ${orderId} pushed as cancelled`,
      10_000,
      from,
    ) as Promise<OrderUpdateEvent>;
  const legCancelled = (from: number) =>
    events.waitFor(
      (event) => event.kind === 'protection' && event.status === 'cancelled',
      'the stop pushed as cancelled',
      10_000,
      from,
    );

  beforeEach(async () => {
    for (const [symbol, price] of [
      [btc, START_PRICE.btc],
      [eth, START_PRICE.eth],
    ] as const)
      await simAdmin(running(), 'price', { exchange: id, symbol, price: String(price) });
    exchange = simExchange(running(), id);
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    stops.push(exchange.streams.subscribe({ kind: 'orders' }, events.push));
    stops.push(exchange.streams.subscribe({ kind: 'protection' }, events.push));
    stops.push(exchange.streams.subscribe({ kind: 'positions' }, events.push));
    for (const socket of ACCOUNT_SOCKETS[id])
      await status.waitFor(
        (event) => event.type === 'subscribed' && event.socket === socket,
        `the account topics on the ${socket} socket`,
      );
  });

  it('lists every page of open orders, each with when it was placed', async () => {
    const before = Date.now();
    await seedRestingBuys(page + 1);
    const orders = await exchange.rest.getOpenOrders({ instrument: btcPerp });
    expect(orders).toHaveLength(page + 1);
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(page + 1);
    for (const order of orders) {
      expect(order.createdAt).toBeGreaterThanOrEqual(before);
      expect(order.createdAt).toBeLessThanOrEqual(Date.now());
    }
    // The whole account's list pages the same way.
    expect(await exchange.rest.getOpenOrders()).toHaveLength(page + 1);
  });

  it('cancels one order, then every order of one instrument, pushing each cancellation', async () => {
    const [one, two, other] = [await rest(btc, '40000'), await rest(btc, '39990'), await rest(eth, '2000')];
    const from = events.events.length;
    expect(await exchange.trade.cancel({ instrument: btcPerp, orderId: one.orderId })).toMatchObject({
      orderId: one.orderId,
      code: '0',
    });
    await cancelledPush(one.orderId, from);

    const report = await exchange.trade.cancelAll({ instrument: btcPerp });
    expect(report.exchange).toBe(id);
    expect(report.acks.map((ack) => [ack.orderId, ack.code])).toEqual([[two.orderId, '0']]);
    await cancelledPush(two.orderId, from);
    expect(await openIds(btcPerp)).toEqual([]);
    expect(await openIds(ethPerp)).toEqual([other.orderId]);
  });

  it('cancels every order of the account, regular and conditional, and the stream confirms each', async () => {
    // A long to protect with a sized stop: a conditional order on both exchanges.
    await exchange.trade.place({ instrument: btcPerp, side: 'buy', type: 'market', size: size });
    const position = await events.waitFor(
      (event) => event.kind === 'position' && event.symbol === btc && Number(event.sizeContracts) > 0,
      'the long',
    );
    if (position.kind !== 'position') throw new Error('not a position');
    const stop = await exchange.protection.protect({
      position,
      role: 'stop',
      triggerPrice: '50000',
      ...(id === 'bybit' ? { size } : {}),
    });
    expect(stop.code).toBe('0');
    const resting = [await rest(btc, '40000'), await rest(eth, '2000')];
    const from = events.events.length;

    const report = await exchange.trade.cancelAll();
    const cancelled = report.acks.filter((ack) => ack.code === '0').map((ack) => ack.orderId);
    expect(cancelled).toEqual(expect.arrayContaining(resting.map((order) => order.orderId)));
    expect(cancelled).toHaveLength(3);
    for (const order of resting) await cancelledPush(order.orderId, from);
    await legCancelled(from);
    expect(await openIds()).toEqual([]);
    expect((await exchange.protection.list()).flatMap((held) => held.legs)).toEqual([]);
    // Nothing left: a second call has nothing to cancel.
    expect((await exchange.trade.cancelAll()).acks).toEqual([]);
  });
});
