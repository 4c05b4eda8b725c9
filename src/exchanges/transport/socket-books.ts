import type { ExchangeId, StreamEvent } from '../model';
import type { SocketBook, BookUpdate } from './socket-book';
import { BookTopChanges } from './socket-book-top';
import { pushEvents, type PushResult } from './socket-group';
import type { TopicRequest } from './socket-types';

/** A book, and the best levels of each side as its events have told them so far. */
interface FollowedBook<Update extends BookUpdate> {
  readonly book: SocketBook<Update>;
  readonly bids: BookTopChanges;
  readonly asks: BookTopChanges;
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
      followed = {
        book: create(),
        bids: new BookTopChanges(this.depth, true),
        asks: new BookTopChanges(this.depth, false),
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
      const bids = replaces ? followed.bids.topOf(book.bids) : followed.bids.changesOf(book.bids);
      const asks = replaces ? followed.asks.topOf(book.asks) : followed.asks.changesOf(book.asks);
      events.push({ kind: 'book', exchange, symbol, ts: update.ts, replaces, bids, asks });
    }
    return pushEvents(events);
  }

  /** Drops the books of topics no longer subscribed. */
  forget(topics: readonly TopicRequest[]): void {
    for (const topic of topics) this.books.delete(this.keyOf(topic));
  }
}
