import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Exchange,
  ExchangeId,
  OrderUpdateEvent,
  Position,
  PositionUpdateEvent,
  SocketStatusEvent,
  StreamEvent,
} from '../../src/exchanges/index';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/**
 * What an alert worker woken after a stop reads to catch up (docs/protocol.md "Order origin", "Position
 * history", "Candles and fills since a time"), on the simulator through the Exchange. The heartbeat is an
 * hour: only the tests move prices.
 */
const START_PRICE = 60_000;
/** The smallest order, and a long large enough that a fall to 56,000 liquidates 100,000 USDT of cash. */
const SIZES: Record<ExchangeId, { readonly order: string; readonly liquidatable: number }> = {
  okx: { order: '0.01', liquidatable: 3_000 },
  bybit: { order: '0.001', liquidatable: 30 },
};
/** The orders, positions and balances topics live on each exchange's private socket. */
const ACCOUNT_SOCKET = 'private';

describe.each(['okx', 'bybit'] as const)('history an alert catches up from, on %s', (id) => {
  const instrument = BTC_PERPETUAL[id];
  const { symbol } = instrument;
  let exchange: Exchange;
  let events: Inbox<StreamEvent>;
  const stops: (() => void)[] = [];
  const running = simulatorPerSuite({ seed: 5, tickMs: 3_600_000 }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
  });
  const price = (value: number) =>
    simAdmin(running(), 'price', { exchange: id, symbol, price: String(value) });
  const long = (from: number) =>
    events.waitFor(
      (event) => event.kind === 'position' && event.symbol === symbol && Number(event.sizeContracts) > 0,
      'a long',
      10_000,
      from,
    ) as Promise<PositionUpdateEvent>;
  const flat = (from: number) =>
    events.waitFor(
      (event) => event.kind === 'position' && event.symbol === symbol && Number(event.sizeContracts) === 0,
      'the position pushed flat',
      10_000,
      from,
    );
  const filledOrder = (from: number, test: (order: OrderUpdateEvent) => boolean, what: string) =>
    events.waitFor(
      (event) => event.kind === 'order' && event.status === 'filled' && test(event),
      what,
      10_000,
      from,
    ) as Promise<OrderUpdateEvent>;
  const buy = async (): Promise<Position> => {
    const from = events.events.length;
    await exchange.trade.place({ instrument, side: 'buy', type: 'market', size: SIZES[id].order });
    return long(from);
  };

  beforeEach(async () => {
    await price(START_PRICE);
    exchange = simExchange(running(), id);
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    for (const kind of ['orders', 'positions', 'balances'] as const)
      stops.push(exchange.streams.subscribe({ kind }, events.push));
    await status.waitFor(
      (event) => event.type === 'subscribed' && event.socket === ACCOUNT_SOCKET,
      'the account topics subscribed',
    );
  });

  it("lists the trader's close, the order's origin 'trader', and the fills since a time", async () => {
    const since = Date.now();
    const position = await buy();
    const from = events.events.length;
    await exchange.trade.close(position);
    const closing = await filledOrder(from, (order) => order.side === 'sell', 'the closing sell filled');
    expect(closing.origin).toBe('trader');
    await flat(from);

    const closed = await exchange.rest.getClosedPositions(since);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ exchange: id, symbol, positionSlot: 'one-way' });
    expect(['unknown', 'trader']).toContain(closed[0]?.reason);
    expect(Number(closed[0]?.size)).toBe(Number(SIZES[id].order));
    // The same close read again keeps its id: an alert remembers it by that.
    expect((await exchange.rest.getClosedPositions(since)).map((c) => c.id)).toEqual(closed.map((c) => c.id));

    const fills = await exchange.rest.getFills(since);
    expect(fills.map((fill) => fill.side)).toEqual(['buy', 'sell']);
    expect(fills.map((fill) => fill.orderId)).toContain(closing.orderId);
    expect(await exchange.rest.getFills(Date.now() + 1)).toEqual([]);
  });

  it('liquidates a long its mark falls through: a liquidation order, a flat position and its history row', async () => {
    const since = Date.now();
    const from = events.events.length;
    await simAdmin(running(), 'position', {
      exchange: id,
      symbol,
      size: SIZES[id].liquidatable,
      avgPx: START_PRICE,
    });
    const position = await long(from);
    expect(Number(position.liquidationPrice)).toBeGreaterThan(56_000);
    await price(56_000);
    const liquidation = await filledOrder(from, (order) => order.origin === 'liquidation', 'the liquidation');
    expect(liquidation.side).toBe('sell');
    await flat(from);
    expect(await exchange.rest.getPositions({ instrument })).toEqual([]);
    const closed = await exchange.rest.getClosedPositions(since);
    expect(closed.map((c) => [c.reason, c.whole])).toEqual([['liquidation', true]]);
  });

  it('tells an auto-deleveraged close as adl', async () => {
    const since = Date.now();
    const position = await buy();
    const from = events.events.length;
    await simAdmin(running(), 'adl', { exchange: id, symbol });
    expect((await filledOrder(from, (order) => order.origin === 'adl', 'the ADL order')).size).toBe(
      position.sizeContracts,
    );
    await flat(from);
    expect((await exchange.rest.getClosedPositions(since)).map((c) => c.reason)).toEqual(['adl']);
  });

  it("names the order a fired stop placed 'stop'", async () => {
    const position = await buy();
    await exchange.protection.protect({ position, role: 'stop', triggerPrice: '58000' });
    await expect.poll(async () => (await exchange.protection.list({ instrument })).length).toBe(1);
    const from = events.events.length;
    await price(57_000);
    await filledOrder(from, (order) => order.origin === 'stop' && order.side === 'sell', 'the stop close');
    await flat(from);
  });

  it('shows prices set within the candles since a time, in their highs and lows', async () => {
    const since = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    await price(61_000);
    await price(59_000);
    for (const kind of ['last', 'mark'] as const) {
      const candles = await exchange.rest.getCandles(instrument, '1m', { since }, kind);
      expect(candles.length).toBeGreaterThan(0);
      expect(candles.every((candle) => candle.start >= since)).toBe(true);
      expect(candles.map((candle) => candle.start)).toEqual([...candles.map((c) => c.start)].sort());
      expect(Math.max(...candles.map((candle) => Number(candle.high)))).toBeGreaterThanOrEqual(61_000);
      expect(Math.min(...candles.map((candle) => Number(candle.low)))).toBeLessThanOrEqual(59_000);
      expect(candles.every((candle) => (candle.volume === undefined) === (kind === 'mark'))).toBe(true);
    }
  });
});
