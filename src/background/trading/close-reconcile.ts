import type { Exchange, Position } from '../../exchanges';
import type { CloseRecord, PositionTarget, SettledClose } from './close-store';
import { capitalise, describePosition, exchangeLabel } from './close-words';

/** The open position in the target's slot, fresh from the exchange; undefined when there is none. */
export async function openPosition(
  exchange: Exchange,
  target: PositionTarget,
): Promise<Position | undefined> {
  const positions = await exchange.rest.getPositions({ instrument: target.instrument });
  return positions.find(
    (position) =>
      position.symbol === target.instrument.symbol &&
      position.positionSlot === target.slot &&
      position.side !== 'flat',
  );
}

/**
 * How long a close sent without an answer may still be on its way to the exchange: OKX refuses a REST
 * request stamped more than 30 s from its clock, Bybit one older than its 5 s receive window
 * (docs/protocol.md "Server time and clock tolerance"); an OKX socket order sent without `expTime` has no such limit, so this is the
 * bound Perch keeps. Until then a position still open may only mean the order has not landed yet.
 */
export const CLOSE_IN_TRANSIT_MS = 30_000;

/**
 * How a close that got no definite answer ended, asked of the exchange. Undefined while its order is
 * still working or may still be on its way (the record stays). Otherwise the position itself tells: gone
 * means closed, still open means the close never took effect, whether it was lost before reaching the
 * exchange or did not fill.
 * Perch never sends it again on its own: the trader asked once, and the position may have changed since.
 */
export async function settleClose(
  exchange: Exchange,
  record: CloseRecord,
  now: number,
): Promise<SettledClose | undefined> {
  const orders = await exchange.rest.getOpenOrders({ instrument: record.instrument });
  if (orders.some((order) => order.clientOrderId === record.clientOrderId)) return undefined;
  const what = describePosition(record);
  if ((await openPosition(exchange, record)) === undefined) {
    return { ...record, outcome: 'closed', message: `${capitalise(what)} is closed.`, settledAt: now };
  }
  // A worker killed just after sending: its order may land after this look, and must not be sent twice.
  if (now - record.startedAt < CLOSE_IN_TRANSIT_MS) return undefined;
  return {
    ...record,
    outcome: 'not-sent',
    message: `The close of ${what} did not reach ${exchangeLabel(record)} (or did not fill): the position is still open. Perch did not send it again; close it again if you still want to.`,
    settledAt: now,
  };
}
