import { SocketBook, type BookRules, type BookUpdate } from '../transport/socket-book';
import { OkxBookChecksum } from './book-checksum';

/** An OKX `books` push (docs/protocol.md "OKX pushes"); levels are [price, size, deprecated "0", order count]. */
export interface OkxBookUpdate extends BookUpdate {
  readonly checksum?: number | undefined;
  readonly seqId?: number | undefined;
  readonly prevSeqId?: number | undefined;
}

/**
 * OKX checks each update by seqId continuity (prevSeqId must equal the last seqId; secondary source,
 * docs/protocol.md "OKX pushes" and "Not confirmed") and by the checksum of the best 25 levels, which each book keeps from update to update.
 */
function okxBookRules(): BookRules<OkxBookUpdate> {
  const checksum = new OkxBookChecksum();
  return {
    gap: (update, last) =>
      update.prevSeqId !== undefined && last.seqId !== undefined && update.prevSeqId !== last.seqId
        ? `prevSeqId ${update.prevSeqId} does not follow seqId ${last.seqId}`
        : undefined,
    mismatch: (book, update) => {
      if (update.checksum === undefined) {
        checksum.follow(book.bids, book.asks);
        return undefined;
      }
      const computed = checksum.of(book.bids, book.asks);
      return computed === update.checksum ? undefined : `checksum ${computed} != ${update.checksum}`;
    },
  };
}

/** An OKX `books`, `books-l2-tbt`, `books5` or `bbo-tbt` book. */
export function createOkxBook(): SocketBook<OkxBookUpdate> {
  return new SocketBook(okxBookRules());
}
