import { createCloseService, type CloseService } from '../../src/background/trading/close-service';
import type { ExchangeRegistry } from '../../src/background/services';
import type { SeenPosition } from '../../src/contracts';
import { createCloseStore } from '../../src/background/trading/close-store';
import {
  createClientOrderIds,
  type Clock,
  type Timers,
  type Exchange,
  type ExchangeId,
  type PositionSlot,
  type SocketStatusEvent,
} from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { okx, bybit } from './sim-private-client';
import { Inbox, realClock, realTimers } from './ws-harness';

/** A loopback port nothing listens on: the Exchange's sockets never connect, so it trades over REST. */
export const NO_SOCKETS = 'ws://127.0.0.1:9';

/** The simulator's name for each position slot (`/__sim/position`'s posSide). */
export const SIM_SIDE: Record<PositionSlot, string> = { 'one-way': 'net', long: 'long', short: 'short' };

/**
 * What a trader's row shows of a position made with `/__sim/position`: its side (in one-way mode the
 * sign of `size`) and its size in the exchange's order unit, as the worker's PositionView carries it.
 */
export function seenOf(slot: PositionSlot, size: number): SeenPosition {
  const side = slot === 'short' || (slot === 'one-way' && size < 0) ? 'short' : 'long';
  return { side, sizeContracts: String(Math.abs(size)) };
}

export interface SimPosition {
  readonly symbol: string;
  readonly posSide: string;
  readonly size: number;
}

/** The positions the simulator's account holds (`/__sim/state`). */
export async function simPositions(sim: RunningSimulator, id: ExchangeId): Promise<SimPosition[]> {
  const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as {
    accounts: Record<ExchangeId, { positions: SimPosition[] }>;
  };
  return state.accounts[id].positions;
}

export interface FinishedOrder {
  readonly orderId: string;
  readonly clientOrderId: string;
}

/** The perpetual orders the simulator's account has finished (its order history), asked with the demo keys. */
export async function finishedOrders(sim: RunningSimulator, id: ExchangeId): Promise<FinishedOrder[]> {
  if (id === 'okx') {
    const { json } = await okx(sim, 'GET', '/api/v5/trade/orders-history?instType=SWAP');
    const rows = json.data as { ordId: string; clOrdId: string }[];
    return rows.map((row) => ({ orderId: row.ordId, clientOrderId: row.clOrdId }));
  }
  const { json } = await bybit(sim, 'GET', '/v5/order/history?category=linear');
  const rows = (json.result as { list: { orderId: string; orderLinkId: string }[] }).list;
  return rows.map((row) => ({ orderId: row.orderId, clientOrderId: row.orderLinkId }));
}

/** The worker's registry with one account's Exchange in it, as the hub and the close service ask for it. */
export function registryOf(id: ExchangeId, exchange: Exchange): ExchangeRegistry {
  return {
    exchange: (wanted) => Promise.resolve(wanted === id ? exchange : undefined),
    onRebuild: () => () => undefined,
  };
}

/**
 * The background's close service over one Exchange, as the worker has it (the session store in
 * fakeBrowser's storage). `runtime` is the service's own clock and timers: a test moves them to the
 * end of a close's time in transit without touching the Exchange.
 */
export function simCloseService(
  id: ExchangeId,
  exchange: Exchange,
  runtime: { readonly clock: Clock; readonly timers: Timers } = { clock: realClock, timers: realTimers },
): CloseService {
  return createCloseService({
    registry: registryOf(id, exchange),
    store: createCloseStore(),
    clock: runtime.clock,
    timers: runtime.timers,
    newClientOrderId: createClientOrderIds(runtime.clock),
    logger: { warn: () => undefined },
  });
}

/**
 * What the hub keeps open for a popup: the account's positions stream, which logs the trade socket
 * in too. Resolves once orders go over the socket; returns the function that closes the stream.
 */
export async function tradeOverSocket(exchange: Exchange): Promise<() => void> {
  const status = new Inbox<SocketStatusEvent>();
  const stops = [
    exchange.streams.onStatus(status.push),
    exchange.streams.subscribe({ kind: 'positions' }, () => undefined),
  ];
  await status.waitFor(
    (event) => event.type === 'subscribed' && exchange.trade.overSocket,
    'trading over the socket',
  );
  return () => {
    for (const stop of stops) stop();
  };
}
