import { SocketBook, type BookRules, type BookUpdate } from '../transport/socket-book';

/** A Bybit `orderbook.{depth}.{symbol}` push (docs/protocol.md "Bybit pushes") with its update id `u`. */
export interface BybitBookUpdate extends BookUpdate {
  readonly updateId: number;
}

/**
 * `u` counts up by one per message of a topic (Bybit's orderbook page: the update id is normally
 * continuous, docs/protocol.md "Bybit pushes"), so an id skipped means a delta was lost, and Bybit sends no
 * checksum that would catch the wrong book; one that goes backwards or repeats is out of order.
 * `u == 1` (a service restart) arrives as a snapshot (see `replaces`).
 */
const BYBIT_BOOK_RULES: BookRules<BybitBookUpdate> = {
  gap: (update, last) =>
    update.updateId === last.updateId + 1
      ? undefined
      : `update id ${update.updateId} does not follow ${last.updateId}`,
};

/** A Bybit book that keeps the subscribed depth: Bybit drops what falls out of it without a delete. */
export function createBybitBook(depth: number): SocketBook<BybitBookUpdate> {
  return new SocketBook({ ...BYBIT_BOOK_RULES, depth });
}
