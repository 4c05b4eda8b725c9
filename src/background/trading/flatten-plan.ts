import type { FlattenItemState } from '../../contracts';
import { plainDecimal, type ExchangeId, type Order, type Position } from '../../exchanges';
import type { PositionTarget } from './close-store';

/** What a run has done on one exchange so far; a worker that resumes the run starts from here. */
export type FlattenStep = 'plan' | 'cancel' | 'close' | 'done';

/** A position a run closes, with the client order id of its one close, fixed when the run planned it. */
export interface FlattenPosition {
  readonly target: PositionTarget;
  readonly clientOrderId: string;
  /** Side and size as planned: the close acts on them as the exchange shows them just before it. */
  readonly what: string;
  /**
   * waiting: nothing sent. sending: the close is written in the close journal and may have left (a
   * worker that resumes settles it from the exchange, never sends it again). Then one of the ends.
   */
  readonly state: 'waiting' | 'sending' | 'closed' | 'gone' | 'refused' | 'open';
  readonly words: string;
  /** When its close was sent (epoch ms): how long an unanswered one may still be on its way. */
  readonly sentAt?: number;
}

/** A resting order a run cancels (with all the others of its exchange, in one cancelAll). */
export interface FlattenOrder {
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly what: string;
  readonly state: 'waiting' | 'cancelled' | 'gone' | 'refused' | 'open';
  readonly words: string;
}

export interface FlattenExchangeRun {
  readonly exchange: ExchangeId;
  readonly step: FlattenStep;
  /** Why Perch could not act on this exchange at all (turned off, locked, unreachable), in words. */
  readonly problem?: string;
  /** Why Perch had nothing to do there (no key saved): said, but not counted as left open. */
  readonly note?: string;
  readonly positions: readonly FlattenPosition[];
  readonly orders: readonly FlattenOrder[];
}

/** One "close everything" run, as kept in storage.session between workers. */
export interface FlattenRun {
  readonly runId: string;
  readonly startedAt: number;
  readonly phase: 'running' | 'done';
  readonly exchanges: readonly FlattenExchangeRun[];
}

const SLOT_WORDS: Record<PositionTarget['slot'], string> = { 'one-way': '', long: ' long', short: ' short' };

export function targetOf(position: Position): PositionTarget {
  return {
    exchange: position.exchange,
    instrument: { kind: position.instrumentKind, symbol: position.symbol },
    slot: position.positionSlot,
  };
}

/** "BTC-USDT-SWAP long 2": the instrument, the slot when it is a hedge slot, the side and size. */
export function positionWhat(position: Pick<Position, 'symbol' | 'positionSlot' | 'side' | 'sizeContracts'>) {
  const side = position.positionSlot === 'one-way' ? ` ${position.side}` : '';
  return `${position.symbol}${SLOT_WORDS[position.positionSlot]}${side} ${plainDecimal(position.sizeContracts)}`;
}

/** "BTCUSDT buy limit 0.01 at 50000"; a trigger order without a price names none. */
export function orderWhat(order: Order): string {
  const price = order.price === '' || Number(order.price) === 0 ? '' : ` at ${plainDecimal(order.price)}`;
  return `${order.symbol} ${order.side} ${order.orderType} ${plainDecimal(order.size)}${price}`;
}

/**
 * The close's client order id of the `index`th position of `exchange` in run `runId`: fixed when the
 * run plans, so a worker that resumes the run asks the exchange about that very order and never sends a
 * second one. Letters and digits only, under OKX's 32 characters.
 */
export function closeIdOf(runId: string, exchange: ExchangeId, index: number): string {
  return `${runId}${exchange === 'okx' ? 'o' : 'b'}${index.toString(36)}`;
}

/** The exchange's part of a run once its positions and orders are listed: every item waiting. */
export function planExchange(
  runId: string,
  exchange: ExchangeId,
  positions: readonly Position[],
  orders: readonly Order[],
): FlattenExchangeRun {
  return {
    exchange,
    step: orders.length === 0 ? 'close' : 'cancel',
    positions: positions
      .filter((position) => position.side !== 'flat')
      .map((position, index) => ({
        target: targetOf(position),
        clientOrderId: closeIdOf(runId, exchange, index),
        what: positionWhat(position),
        state: 'waiting',
        words: 'Waiting its turn.',
      })),
    orders: orders.map((order) => ({
      orderId: order.orderId,
      clientOrderId: order.clientOrderId,
      what: orderWhat(order),
      state: 'waiting',
      words: 'Waiting its turn.',
    })),
  };
}

/** How a stored state reads in the popup's list. */
export function viewState(state: FlattenPosition['state'] | FlattenOrder['state']): FlattenItemState {
  switch (state) {
    case 'sending':
      return 'working';
    case 'closed':
    case 'cancelled':
    case 'gone':
      return 'done';
    default:
      return state;
  }
}
