import type { ExchangeId, PriceLevel, StreamEvent } from '../model';
import type { BookSide } from './socket-book-side';
import type { SocketBook, BookUpdate } from './socket-book';
import { BookTopChanges } from './socket-book-top';
import { pushEvents, type PushResult } from './socket-group';
import type { TopicRequest } from './socket-types';

/** A book, and the best levels of each side as its events have told them so far. */
interface FollowedBook<Update extends BookUpdate> {
  readonly book: SocketBook<Update>;
  readonly bids: BookTopChanges;
  readonly asks: BookTopChanges;
  /** The book's rules follow these sides on every update (the OKX checksum): read, never walked again. */
  readonly shared: boolean;
}

/** What one side's event carries: after a snapshot, the best levels in full; else what changed in them. */
function changesOf(
  followed: { readonly shared: boolean },
  top: BookTopChanges,
  side: BookSide,
  replaces: boolean,
): readonly PriceLevel[] {
  if (!followed.shared) return replaces ? top.topOf(side) : top.changesOf(side);
  return replaces ? side.top(top.depth) : top.taken();
}

/**
 * The books of one socket, by topic: pushes in, book events out (each with only what changed in the
 * best levels, model.ts BookEvent), and a failed check turned into a book-resync event plus the topic
 * to resubscribe for a fresh snapshot (docs/protocol.md "Pushes and numbers").
 */
export class SocketBooks<Update extends BookUpdate> {
  private readonly books = new Map<string, FollowedBook<Update>>();

  /** `depth`: the best levels per side the BookEvents follow; `keyOf`: one key per book topic. */
  constructor(
    private readonly exchange: ExchangeId,
    private readonly depth: number,
    private readonly keyOf: (topic: TopicRequest) => string,
  ) {}

  /**
   * Applies one push's updates to the book of `topic`, made by `create` on first use. An update before
   * any snapshot belongs to a book already being rebuilt: it stays quiet.
   */
  apply(
    topic: TopicRequest,
    symbol: string,
    updates: readonly Update[],
    create: () => SocketBook<Update>,
  ): PushResult {
    const key = this.keyOf(topic);
    let followed = this.books.get(key);
    if (followed === undefined) {
      const book = create();
      const shared = book.followedTops(this.depth);
      followed = {
        book,
        bids: shared?.bids ?? new BookTopChanges(this.depth, true),
        asks: shared?.asks ?? new BookTopChanges(this.depth, false),
        shared: shared !== undefined,
      };
      this.books.set(key, followed);
    }
    const { book } = followed;
    const events: StreamEvent[] = [];
    for (const update of updates) {
      const result = book.apply(update);
      if (!result.ok && result.problem === 'no-snapshot') continue;
      const { exchange } = this;
      if (!result.ok) {
        const { problem, detail } = result;
        events.push({ kind: 'book-resync', exchange, symbol, ts: update.ts, problem, detail });
        return { events, resubscribe: [topic] };
      }
      const { replaces } = update;
      const bids = changesOf(followed, followed.bids, book.bids, replaces);
      const asks = changesOf(followed, followed.asks, book.asks, replaces);
      events.push({ kind: 'book', exchange, symbol, ts: update.ts, replaces, bids, asks });
    }
    return pushEvents(events);
  }

  /** Drops the books of topics no longer subscribed. */
  forget(topics: readonly TopicRequest[]): void {
    for (const topic of topics) this.books.delete(this.keyOf(topic));
  }
}
