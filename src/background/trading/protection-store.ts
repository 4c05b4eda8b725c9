import type { ProtectionRole } from '../../exchanges';
import { storage } from '../../platform/storage';
import type { PositionTarget } from './close-store';
import { createInFlightJournal, type InFlightJournal } from './in-flight-journal';

/** What is in flight on a position at most once at a time: one stop, one target, one trailing stop, one partial close. */
export type ProtectionKind = ProtectionRole | 'close-part';

/** What the exchange shows once the action took effect, asked of its stream or over REST. */
export type Expectation =
  /** A live leg of this role at this trigger price (within `tolerance`); undefined price: any. */
  | {
      readonly type: 'leg';
      readonly role: ProtectionRole;
      readonly triggerPrice: string | undefined;
      readonly tolerance: string;
    }
  /** The leg is gone. */
  | { readonly type: 'gone'; readonly legId: string; readonly role: ProtectionRole }
  /** The position is smaller than it was (a partial close filled), or flat. */
  | { readonly type: 'reduced'; readonly sizeBefore: string };

/**
 * A protection action about to be sent or sent without a definite answer yet. Written before it leaves,
 * so a worker that dies mid-way finds it on its next start and asks the exchange instead of sending twice.
 */
export interface ProtectionRecord extends PositionTarget {
  /** The action's id: a partial close's client order id. */
  readonly id: string;
  readonly kind: ProtectionKind;
  readonly expect: Expectation;
  /** The action in words: "the stop at 59000 for the BTCUSDT position on Bybit". */
  readonly summary: string;
  /** Epoch ms, from the worker's clock. */
  readonly startedAt: number;
}

/** How an action left unfinished by an earlier worker ended, as the exchange showed it at the next start. */
export interface SettledProtection extends ProtectionRecord {
  readonly outcome: 'done' | 'not-done';
  readonly message: string;
  readonly settledAt: number;
}

export type ProtectionJournal = InFlightJournal<ProtectionRecord, SettledProtection>;

// storage.session, out of content scripts' reach like the closes in flight.
const inFlightItem = storage.defineItem<ProtectionRecord[]>('session:protectionsInFlight', {
  version: 1,
  fallback: [],
});
const settledItem = storage.defineItem<SettledProtection[]>('session:protectionsSettled', {
  version: 1,
  fallback: [],
});

/** The protection actions in flight and the last 20 settled ones in storage.session. */
export function createProtectionJournal(): ProtectionJournal {
  return createInFlightJournal({
    inFlight: inFlightItem,
    settled: settledItem,
    idOf: (record) => record.id,
    keep: 20,
  });
}
