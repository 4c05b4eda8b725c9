import {
  compareDecimals,
  subtractDecimals,
  absoluteDecimal,
  type Exchange,
  type ProtectionLeg,
  type StreamEvent,
} from '../../exchanges';
import { CLOSE_IN_TRANSIT_MS, openPosition } from './close-reconcile';
import type { PositionTarget } from './close-store';
import { capitalise, exchangeLabel } from './close-words';
import type { Expectation, ProtectionRecord, SettledProtection } from './protection-store';

/** The stops, targets and trailing stops waiting on the target's position, fresh from the exchange. */
export async function listedLegs(exchange: Exchange, target: PositionTarget): Promise<ProtectionLeg[]> {
  const listed = await exchange.protection.list({ instrument: target.instrument });
  return listed
    .filter((item) => item.symbol === target.instrument.symbol && item.positionSlot === target.slot)
    .flatMap((item) => item.legs);
}

function priceMatches(found: string | undefined, wanted: string | undefined, tolerance: string): boolean {
  if (wanted === undefined) return true;
  if (found === undefined) return false;
  return compareDecimals(absoluteDecimal(subtractDecimals(found, wanted)), tolerance) <= 0;
}

function legShows(expect: Expectation, leg: ProtectionLeg): boolean {
  return (
    expect.type === 'leg' &&
    leg.role === expect.role &&
    priceMatches(leg.triggerPrice, expect.triggerPrice, expect.tolerance)
  );
}

const isLeg = (leg: ProtectionLeg, expect: Expectation) =>
  expect.type === 'gone' && leg.id === expect.legId && leg.role === expect.role;

/** True for the push that shows the action took effect (idempotent: a repeated push shows it again). */
export function eventShows(record: ProtectionRecord, event: StreamEvent): boolean {
  const { expect } = record;
  if (!('positionSlot' in event) || event.symbol !== record.instrument.symbol) return false;
  if (event.positionSlot !== record.slot) return false;
  if (event.kind === 'protection') {
    return event.status === 'live' ? legShows(expect, event.leg) : isLeg(event.leg, expect);
  }
  // Only protection and position events name a position slot.
  return (
    expect.type === 'reduced' &&
    (event.side === 'flat' || compareDecimals(event.sizeContracts, expect.sizeBefore) < 0)
  );
}

/** The same question over REST. */
export async function shownOverRest(exchange: Exchange, record: ProtectionRecord): Promise<boolean> {
  const { expect } = record;
  if (expect.type === 'reduced') {
    const position = await openPosition(exchange, record);
    return position === undefined || compareDecimals(position.sizeContracts, expect.sizeBefore) < 0;
  }
  const legs = await listedLegs(exchange, record);
  return expect.type === 'leg'
    ? legs.some((leg) => legShows(expect, leg))
    : !legs.some((leg) => isLeg(leg, expect));
}

/**
 * How an action that got no definite answer ended, asked of the exchange. Undefined while a partial
 * close's order is still working, or while the action may still be on its way (the record stays).
 * Perch never sends it again on its own: the trader asked once, and the position may have changed since.
 */
export async function settleProtection(
  exchange: Exchange,
  record: ProtectionRecord,
  now: number,
): Promise<SettledProtection | undefined> {
  if (record.kind === 'close-part') {
    const orders = await exchange.rest.getOpenOrders({ instrument: record.instrument });
    if (orders.some((order) => order.clientOrderId === record.id)) return undefined;
  }
  if (await shownOverRest(exchange, record)) {
    return { ...record, outcome: 'done', message: `${capitalise(record.summary)}: done.`, settledAt: now };
  }
  if (now - record.startedAt < CLOSE_IN_TRANSIT_MS) return undefined;
  return {
    ...record,
    outcome: 'not-done',
    message: `${capitalise(record.summary)} did not reach ${exchangeLabel(record)} (or did not take effect). Perch did not send it again; try again if you still want it.`,
    settledAt: now,
  };
}
