import { SocketBook, type BookRules, type BookUpdate } from '../transport/socket-book';

/** A Bybit `orderbook.{depth}.{symbol}` push (docs/protocol.md §7.2) with its update id `u`. */
export interface BybitBookUpdate extends BookUpdate {
  readonly updateId: number;
}

/**
 * The docs do not promise contiguous `u`, so a gap is an update id that goes backwards or repeats;
 * `u == 1` (a service restart) arrives as a snapshot (see `replaces`).
 */
const BYBIT_BOOK_RULES: BookRules<BybitBookUpdate> = {
  gap: (update, last) =>
    update.updateId <= last.updateId
      ? `update id ${update.updateId} does not follow ${last.updateId}`
      : undefined,
};

/** A Bybit book that keeps the subscribed depth: Bybit drops what falls out of it without a delete. */
export function createBybitBook(depth: number): SocketBook<BybitBookUpdate> {
  return new SocketBook({ ...BYBIT_BOOK_RULES, depth });
}
