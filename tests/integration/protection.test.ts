import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Exchange,
  ExchangeId,
  Position,
  ProtectionEvent,
  ProtectionRole,
  SocketStatusEvent,
  StreamEvent,
} from '../../src/exchanges/index';
import { simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/**
 * Each exchange's BTC perpetual, a position size in its order unit and half of it, and the price the
 * tests move the market from. The simulator's heartbeat is an hour: only the tests move prices.
 */
const MARKET: Record<ExchangeId, { readonly symbol: string; readonly size: string; readonly half: string }> =
  {
    okx: { symbol: 'BTC-USDT-SWAP', size: '2', half: '1' },
    bybit: { symbol: 'BTCUSDT', size: '0.020', half: '0.010' },
  };
const START_PRICE = 60_000;
/** The sockets the protection and positions streams live on. */
const ACCOUNT_SOCKETS: Record<ExchangeId, readonly string[]> = {
  okx: ['private', 'business'],
  bybit: ['private'],
};
/** Each exchange's code for a long's stop above the mark (docs/protocol.md "Protection"). */
const STOP_ABOVE_MARK: Record<ExchangeId, string> = { bybit: '10001', okx: '51304' };

describe.each(['bybit', 'okx'] as const)('protecting a %s position through the Exchange', (id) => {
  const { symbol, size, half } = MARKET[id];
  const instrument = { kind: 'perpetual', symbol } as const;
  let exchange: Exchange;
  let events: Inbox<StreamEvent>;
  const stops: (() => void)[] = [];
  const running = simulatorPerSuite({ seed: 5, tickMs: 3_600_000 }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
  });

  const price = (at: number) => simAdmin(running(), 'price', { exchange: id, symbol, price: String(at) });
  const isPosition = (event: StreamEvent, wanted: string): event is StreamEvent & Position =>
    event.kind === 'position' && event.symbol === symbol && Number(event.sizeContracts) === Number(wanted);
  const positionOf = (wanted: string): Promise<Position> =>
    events.waitFor((event) => isPosition(event, wanted), `a ${wanted} position`);

  /** The next protection event (after `from`) of a role in a status, at a trigger price when given. */
  function legEvent(
    role: ProtectionRole,
    status: ProtectionEvent['status'],
    from: number,
    triggerPrice?: number,
  ): Promise<ProtectionEvent> {
    const match = (event: StreamEvent): boolean =>
      event.kind === 'protection' &&
      event.symbol === symbol &&
      event.leg.role === role &&
      event.status === status &&
      (triggerPrice === undefined || Number(event.leg.triggerPrice) === triggerPrice);
    const what = `${role} ${status}${triggerPrice === undefined ? '' : ` at ${String(triggerPrice)}`}`;
    return events.waitFor(match, what, 10_000, from) as Promise<ProtectionEvent>;
  }
  const mark = () => events.events.length;

  /** A long position opened with a market order, with the account's protection and positions streamed. */
  beforeEach(async () => {
    await price(START_PRICE);
    exchange = simExchange(running(), id);
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    stops.push(exchange.streams.subscribe({ kind: 'protection' }, events.push));
    stops.push(exchange.streams.subscribe({ kind: 'positions' }, events.push));
    // Every socket the two requests use must have its topics: OKX's algo channels are on /business.
    for (const socket of ACCOUNT_SOCKETS[id])
      await status.waitFor(
        (event) => event.type === 'subscribed' && event.socket === socket,
        `the account topics on the ${socket} socket`,
      );
    await exchange.trade.place({ instrument, side: 'buy', type: 'market', size });
  });

  it('sets, moves and cancels a whole-position stop and target, and a partial stop', async () => {
    const position = await positionOf(size);
    let from = mark();
    await exchange.protection.protect({ position, role: 'stop', triggerPrice: '58000' });
    const stop = await legEvent('stop', 'live', from, 58_000);
    await exchange.protection.protect({ position, role: 'target', triggerPrice: '62000' });
    const target = await legEvent('target', 'live', from, 62_000);

    from = mark();
    await exchange.protection.move({ position, leg: stop.leg, triggerPrice: '58500' });
    await legEvent('stop', 'live', from, 58_500);

    from = mark();
    await exchange.protection.protect({ position, role: 'stop', triggerPrice: '57000', size: half });
    const partial = await legEvent('stop', 'live', from, 57_000);
    expect(Number(partial.leg.size)).toBe(Number(half));
    expect(partial.leg.id).not.toBe(stop.leg.id);
    const listed = await exchange.protection.list({ instrument });
    expect(
      listed.flatMap((entry) => entry.legs.map((leg) => [leg.role, Number(leg.triggerPrice)])).sort(),
    ).toEqual([
      ['stop', 57_000],
      ['stop', 58_500],
      ['target', 62_000],
    ]);

    from = mark();
    await exchange.protection.move({ position, leg: partial.leg, triggerPrice: '57500' });
    await legEvent('stop', 'live', from, 57_500);

    from = mark();
    await exchange.protection.cancel(position, partial.leg);
    await exchange.protection.cancel(position, stop.leg);
    await exchange.protection.cancel(position, target.leg);
    const cancelled = await Promise.all([
      events.waitFor(
        (event) =>
          event.kind === 'protection' && event.leg.id === partial.leg.id && event.status === 'cancelled',
        'the partial stop cancelled',
        10_000,
        from,
      ),
      legEvent('stop', 'cancelled', from),
      legEvent('target', 'cancelled', from),
    ]);
    expect(cancelled).toHaveLength(3);
    expect(await exchange.protection.list({ instrument })).toEqual([]);
  });

  it('refuses a stop on the wrong side of the mark in the exchange’s words', async () => {
    const position = await positionOf(size);
    await expect(
      exchange.protection.protect({ position, role: 'stop', triggerPrice: String(START_PRICE + 5_000) }),
    ).rejects.toMatchObject({ name: 'ExchangeError', code: STOP_ABOVE_MARK[id] });
    expect(await exchange.protection.list({ instrument })).toEqual([]);
  });

  it('moves the stop to the breakeven price', async () => {
    const position = await positionOf(size);
    const breakeven = Number(position.breakEvenPrice ?? position.entryPrice);
    const from = mark();
    await exchange.protection.breakeven(position);
    await legEvent('stop', 'live', from, breakeven);
  });

  it('moves a waiting whole-position stop to breakeven rather than adding a second', async () => {
    const position = await positionOf(size);
    let from = mark();
    await exchange.protection.protect({ position, role: 'stop', triggerPrice: '57000' });
    const stop = await legEvent('stop', 'live', from, 57_000);
    from = mark();
    await exchange.protection.breakeven(position);
    const moved = await legEvent(
      'stop',
      'live',
      from,
      Number(position.breakEvenPrice ?? position.entryPrice),
    );
    expect(moved.leg).toMatchObject({ id: stop.leg.id, size: undefined });
    expect((await exchange.protection.list({ instrument })).flatMap((held) => held.legs)).toHaveLength(1);
  });

  it('trails the best price and closes the position when the price turns back by the distance', async () => {
    const position = await positionOf(size);
    let from = mark();
    await exchange.protection.trail({ position, distance: '300' });
    await legEvent('trailing', 'live', from);
    // Up 1000, back 400: only a stop that followed the rise (to 300 below it) is reached.
    await price(START_PRICE + 1_000);
    from = mark();
    await price(START_PRICE + 600);
    await legEvent('trailing', 'triggered', from);
    await positionOf('0');
  });

  it('closes half the position, then the rest', async () => {
    const position = await positionOf(size);
    await exchange.trade.closePart(position, half);
    const rest = await positionOf(half);
    expect(rest.side).toBe('long');
    await exchange.trade.closePart(rest, rest.sizeContracts);
    expect((await positionOf('0')).side).toBe('flat');
  });
});
