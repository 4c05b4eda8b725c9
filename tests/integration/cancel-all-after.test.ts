import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Exchange,
  ExchangeId,
  OrderAck,
  OrderUpdateEvent,
  SocketStatusEvent,
  StreamEvent,
} from '../../src/exchanges/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/**
 * The simulator's timers are fake, so only `time.advance` runs its dead-man timer; its clock stays the wall
 * clock's, as the Exchange's does, so every signature stays inside the exchanges' timestamp windows (Bybit
 * allows 1 s ahead) however far the timers are moved.
 */
const time = createSimFakeTime();
const START_PRICE = 60_000;
/** A buy this far under the market rests until something cancels it (the heartbeat is an hour). */
const RESTING_PRICE = '40000';
const SIZE: Record<ExchangeId, string> = { okx: '1', bybit: '0.010' };
/** Whether the exchange gives ordinary accounts a cancel-all-after timer (docs/protocol.md "Cancel all after"). */
const HAS_TIMER: Record<ExchangeId, boolean> = { okx: true, bybit: false };

describe.each(['okx', 'bybit'] as const)('cancel all after on %s through the Exchange', (id) => {
  const instrument = BTC_PERPETUAL[id];
  let exchange: Exchange;
  let events: Inbox<StreamEvent>;
  let resting: OrderAck;
  const stops: (() => void)[] = [];
  const running = simulatorPerSuite({ seed: 9, tickMs: 3_600_000, timers: time.timers }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
  });

  /** `armedUntil` within 10 s of when the call was made, as the simulator's wall clock read it. */
  const armedTenSeconds = async () => {
    const before = Date.now();
    const { armedUntil } = await exchange.trade.cancelAllAfter(10);
    expect(armedUntil).toBeGreaterThanOrEqual(before + 10_000);
    expect(armedUntil).toBeLessThanOrEqual(Date.now() + 10_000);
  };
  const openOrderIds = async () =>
    (await exchange.rest.getOpenOrders({ instrument })).map((order) => order.orderId);
  const orderIn = (status: OrderUpdateEvent['status']) => (event: StreamEvent) =>
    event.kind === 'order' && event.orderId === resting.orderId && event.status === status;
  const refusal = (seconds: number) => {
    const attempt = exchange.trade.cancelAllAfter(seconds);
    return HAS_TIMER[id]
      ? expect(attempt).rejects.toThrow(/10 to 120 whole seconds, or 0 to turn it off/)
      : expect(attempt).rejects.toThrow(/disconnect-cancel-all \(DCP\) .* for institutional clients/);
  };

  /** One resting limit order, with the account's orders streamed. */
  beforeEach(async () => {
    await simAdmin(running(), 'price', {
      exchange: id,
      symbol: instrument.symbol,
      price: String(START_PRICE),
    });
    exchange = simExchange(running(), id);
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    stops.push(exchange.streams.subscribe({ kind: 'orders' }, events.push));
    await status.waitFor(
      (event) => event.type === 'subscribed' && event.socket === 'private',
      'the order topics',
    );
    resting = await exchange.trade.place({
      instrument,
      side: 'buy',
      type: 'limit',
      price: RESTING_PRICE,
      size: SIZE[id],
    });
    await events.waitFor(orderIn('open'), 'the resting order');
  });

  it('arms for 10 s and turns off with 0 on OKX; on Bybit says in words that it offers no timer', async () => {
    if (HAS_TIMER[id]) {
      await armedTenSeconds();
      await expect(exchange.trade.cancelAllAfter(0)).resolves.toEqual({ armedUntil: undefined });
    } else {
      await expect(exchange.trade.cancelAllAfter(10)).rejects.toMatchObject({ name: 'UnsupportedError' });
    }
    await refusal(5);
    await refusal(121);
  });

  it('cancels the resting order, pushed as cancelled, when the time runs out, unless armed again in time', async () => {
    const arm = () => (HAS_TIMER[id] ? armedTenSeconds() : refusal(10));
    await arm();
    time.advance(6_000);
    await arm();
    // The first deadline has passed: armed again in time, the order still rests.
    time.advance(9_999);
    expect(await openOrderIds()).toEqual([resting.orderId]);

    const from = events.events.length;
    time.advance(1);
    if (HAS_TIMER[id]) {
      await events.waitFor(orderIn('cancelled'), 'the order cancelled by the exchange', 10_000, from);
      expect(await openOrderIds()).toEqual([]);
    } else {
      time.advance(120_000);
      expect(await openOrderIds()).toEqual([resting.orderId]);
    }
  });
});
