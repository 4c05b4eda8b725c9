import type { ExchangeId, InstrumentRef, PositionSlot } from '../../exchanges';
import { positionKey } from '../../contracts/instrument-key';
import { storage } from '../../platform/storage';
import { createInFlightJournal, type InFlightJournal } from './in-flight-journal';

/** Which position a close is for: one slot of one instrument on one exchange. */
export interface PositionTarget {
  readonly exchange: ExchangeId;
  readonly instrument: InstrumentRef;
  readonly slot: PositionSlot;
}

/**
 * A close about to be sent or sent without a definite answer yet. Written before the order leaves, so a
 * worker that dies mid-close finds it on its next start and asks the exchange instead of closing twice.
 */
export interface CloseRecord extends PositionTarget {
  readonly clientOrderId: string;
  /** Epoch ms, from the worker's clock. */
  readonly startedAt: number;
}

/** How a close left unfinished by an earlier worker ended, as the exchange showed it at the next start. */
export interface SettledClose extends CloseRecord {
  /** closed: the position is gone. not-sent: it is still open, the close never took effect. */
  readonly outcome: 'closed' | 'not-sent';
  readonly message: string;
  readonly settledAt: number;
}

/** Oldest outcomes beyond this many are dropped: the UI shows the last few. */
const SETTLED_KEPT = 20;

// storage.session: in memory, gone with the browser session, and out of content scripts' reach (its
// default access level is trusted contexts only), so a page cannot forge or clear a close in flight.
const inFlightItem = storage.defineItem<CloseRecord[]>('session:closesInFlight', {
  version: 1,
  fallback: [],
});
const settledItem = storage.defineItem<SettledClose[]>('session:closesSettled', {
  version: 1,
  fallback: [],
});

export function targetKey({ exchange, instrument, slot }: PositionTarget): string {
  return positionKey({ exchange, kind: instrument.kind, symbol: instrument.symbol, slot });
}

export type CloseStore = InFlightJournal<CloseRecord, SettledClose>;

/** The closes in flight and the last settled ones in storage.session. */
export function createCloseStore(): CloseStore {
  return createInFlightJournal({
    inFlight: inFlightItem,
    settled: settledItem,
    idOf: (record) => record.clientOrderId,
    keep: SETTLED_KEPT,
  });
}
