import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import { SocketBook, type BookRules, type BookUpdate } from '../transport/socket-book';

/** An OKX `books` push (docs/protocol.md §7.1); levels are [price, size, deprecated "0", order count]. */
export interface OkxBookUpdate extends BookUpdate {
  readonly checksum?: number | undefined;
  readonly seqId?: number | undefined;
  readonly prevSeqId?: number | undefined;
}

/** Levels that go into OKX's checksum: the best 25 of each side (§7.1 step 1). */
const CHECKSUM_DEPTH = 25;

/**
 * OKX's book checksum (§7.1): best 25 bids and asks interleaved bid, ask, bid, ask as `price:size`,
 * joined with `:`, CRC-32 (IEEE) of the UTF-8 text as a signed 32-bit integer.
 */
export function okxBookChecksum(bids: readonly PriceLevel[], asks: readonly PriceLevel[]): number {
  // Runs on every book update: one growing string, no per-level arrays or joins.
  let text = '';
  for (let i = 0; i < CHECKSUM_DEPTH; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid !== undefined) text += (text === '' ? '' : ':') + bid[0] + ':' + bid[1];
    if (ask !== undefined) text += (text === '' ? '' : ':') + ask[0] + ':' + ask[1];
  }
  // crc-32's str() already returns the signed 32-bit value OKX compares against.
  return CRC32.str(text);
}

/**
 * OKX checks each update by seqId continuity (prevSeqId must equal the last seqId; secondary source,
 * §7.1 and §15) and by the checksum of the best 25 levels, which the book event then reuses.
 */
const OKX_BOOK_RULES: BookRules<OkxBookUpdate> = {
  gap: (update, last) =>
    update.prevSeqId !== undefined && last.seqId !== undefined && update.prevSeqId !== last.seqId
      ? `prevSeqId ${update.prevSeqId} does not follow seqId ${last.seqId}`
      : undefined,
  mismatch: (book, update) => {
    if (update.checksum === undefined) return undefined;
    const checked = book.levels(CHECKSUM_DEPTH);
    const computed = okxBookChecksum(checked.bids, checked.asks);
    return computed === update.checksum ? undefined : `checksum ${computed} != ${update.checksum}`;
  },
};

/** An OKX `books`, `books-l2-tbt`, `books5` or `bbo-tbt` book. */
export function createOkxBook(): SocketBook<OkxBookUpdate> {
  return new SocketBook(OKX_BOOK_RULES);
}
