import { describe, expect, it } from 'vitest';
import type {
  Exchange,
  ExchangeId,
  Position,
  ProtectionEvent,
  SocketStatusEvent,
  StreamEvent,
} from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/** Each exchange's BTC perpetual position: its size in the order unit and the half a partial close takes. */
const HELD: Record<ExchangeId, { readonly size: string; readonly half: string }> = {
  okx: { size: '3', half: '1.5' },
  bybit: { size: '0.03', half: '0.015' },
};
const ENTRY = 60000;
/** The exchange's code for a long position's stop above the mark price. */
const STOP_ABOVE_MARK: Partial<Record<ExchangeId, string>> = { okx: '51304' };

describe.each(['okx'] as const)('protecting a %s position through the Exchange', (id) => {
  const { symbol } = BTC_PERPETUAL[id];
  const stops: (() => void)[] = [];
  let exchange: Exchange | undefined;
  const sim: () => RunningSimulator = simulatorPerSuite({ seed: 5, tickMs: 50 }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange?.close();
    exchange = undefined;
  });
  let events: Inbox<StreamEvent>;

  const price = (to: number) => simAdmin(sim(), 'price', { exchange: id, symbol, price: String(to) });

  /** A long position opened at ENTRY with the market at `marketPrice`, and the streams that confirm. */
  async function open(marketPrice: number): Promise<Position> {
    await price(ENTRY);
    await simAdmin(sim(), 'position', {
      exchange: id,
      symbol,
      size: Number(HELD[id].size),
      avgPx: ENTRY,
      posSide: 'net',
    });
    await price(marketPrice);
    exchange = simExchange(sim(), id);
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(
      exchange.streams.onStatus(status.push),
      exchange.streams.subscribe({ kind: 'protection' }, events.push),
      exchange.streams.subscribe({ kind: 'positions' }, events.push),
    );
    // Both sockets' topics confirmed: every later change is pushed.
    await status.waitFor((e) => e.type === 'subscribed' && e.socket === 'business', 'the protection topics');
    await status.waitFor((e) => e.type === 'subscribed' && e.socket === 'private', 'the position topic');
    const [position] = await exchange.rest.getPositions({ instrument: BTC_PERPETUAL[id] });
    if (position === undefined) throw new Error('The position did not open.');
    return position;
  }

  const connected = (): Exchange => {
    if (exchange === undefined) throw new Error('Not connected.');
    return exchange;
  };

  function leg(
    role: string,
    status: ProtectionEvent['status'],
    check: (e: ProtectionEvent) => boolean = () => true,
  ) {
    return events.waitFor(
      (e): e is ProtectionEvent =>
        e.kind === 'protection' &&
        e.symbol === symbol &&
        e.leg.role === role &&
        e.status === status &&
        check(e),
      `a ${status} ${role}`,
    );
  }

  const flat = () =>
    events.waitFor(
      (e) => e.kind === 'position' && e.symbol === symbol && e.side === 'flat',
      'the position closed',
    );

  it('sets a stop and a target, moves them, lists them and cancels them', async () => {
    const position = await open(ENTRY);
    const { protection } = connected();

    await protection.protect({ position, role: 'stop', triggerPrice: '57000' });
    const stop = (await leg('stop', 'live')).leg;
    await protection.protect({ position, role: 'target', triggerPrice: '63000', size: '1' });
    const target = (await leg('target', 'live')).leg;
    expect(stop).toMatchObject({ triggerPrice: '57000', triggerBy: 'mark', size: undefined });
    expect(target).toMatchObject({ triggerPrice: '63000', triggerBy: 'mark', size: '1' });

    await protection.move({ position, leg: stop, triggerPrice: '58000' });
    await leg('stop', 'live', (e) => e.leg.id === stop.id && e.leg.triggerPrice === '58000');
    await protection.move({ position, leg: target, triggerPrice: '64000', size: '2' });
    await leg('target', 'live', (e) => e.leg.id === target.id && e.leg.size === '2');
    expect(await protection.list()).toMatchObject([
      {
        symbol,
        instrumentKind: 'perpetual',
        positionSlot: 'one-way',
        legs: expect.arrayContaining([
          expect.objectContaining({ id: stop.id, role: 'stop', triggerPrice: '58000' }),
          expect.objectContaining({ id: target.id, role: 'target', triggerPrice: '64000' }),
        ]) as unknown,
      },
    ]);

    await protection.cancel(position, stop);
    await leg('stop', 'cancelled', (e) => e.leg.id === stop.id);
    await protection.cancel(position, target);
    await leg('target', 'cancelled', (e) => e.leg.id === target.id);
    expect(await protection.list()).toEqual([]);
  });

  it('refuses a stop on the wrong side of the mark in the exchange’s words', async () => {
    const position = await open(ENTRY);
    await expect(
      connected().protection.protect({ position, role: 'stop', triggerPrice: '65000' }),
    ).rejects.toMatchObject({ name: 'ExchangeError', code: STOP_ABOVE_MARK[id] });
  });

  it('moves the whole-position stop to breakeven rather than adding a second', async () => {
    const position = await open(ENTRY + 1000);
    const { protection } = connected();
    await protection.protect({ position, role: 'stop', triggerPrice: '57000' });
    const stop = (await leg('stop', 'live')).leg;

    await protection.breakeven(position);

    const moved = await leg('stop', 'live', (e) => e.leg.triggerPrice !== '57000');
    expect(moved.leg).toMatchObject({ id: stop.id, size: undefined });
    expect(Number(moved.leg.triggerPrice)).toBe(Number(position.breakEvenPrice ?? position.entryPrice));
    expect((await protection.list()).flatMap((p) => p.legs)).toHaveLength(1);
  });

  it('trails a stop that ratchets up with the price and fires when the price turns', async () => {
    const position = await open(ENTRY + 1000);
    const { protection } = connected();
    await protection.trail({ position, distance: '500' });
    const trailing = (await leg('trailing', 'live')).leg;
    expect(trailing.trailing).toMatchObject({ distance: '500', ratio: undefined });

    await price(ENTRY + 3000);
    const [ratcheted] = (await protection.list()).flatMap((p) => p.legs);
    expect(Number(ratcheted?.triggerPrice)).toBeGreaterThanOrEqual(ENTRY + 2400);

    await price(ENTRY + 2000);
    await leg('trailing', 'triggered', (e) => e.leg.id === trailing.id);
    await flat();
  });

  it('closes half of the position and then the rest', async () => {
    const position = await open(ENTRY);
    const { trade } = connected();

    await trade.closePart(position, HELD[id].half);
    await events.waitFor(
      (e) => e.kind === 'position' && e.symbol === symbol && e.sizeContracts === HELD[id].half,
      'half the position left',
    );
    const [rest] = await connected().rest.getPositions({ instrument: BTC_PERPETUAL[id] });
    if (rest === undefined) throw new Error('Nothing left to close.');
    await trade.closePart(rest, rest.sizeContracts);
    await flat();
  });
});
