import type { ExchangeId, StreamEvent } from '../model';
import type { SocketBook, BookUpdate } from './socket-book';
import { pushEvents, type PushResult } from './socket-group';
import type { TopicRequest } from './socket-types';

/**
 * The books of one socket, by topic: pushes in, book events out (each with only what changed in the
 * best levels, model.ts BookEvent), and a failed check turned into a book-resync event plus the topic
 * to resubscribe for a fresh snapshot (docs/protocol.md "Pushes and numbers").
 */
export class SocketBooks<Update extends BookUpdate> {
  private readonly books = new Map<string, SocketBook<Update>>();

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
    let book = this.books.get(key);
    if (book === undefined) {
      book = create();
      book.watch(this.depth);
      this.books.set(key, book);
    }
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
      // After a snapshot, the best levels in full; else what changed in them.
      const { replaces } = update;
      const bids = replaces ? book.bids.top(this.depth) : book.bids.takeChanges();
      const asks = replaces ? book.asks.top(this.depth) : book.asks.takeChanges();
      events.push({ kind: 'book', exchange, symbol, ts: update.ts, replaces, bids, asks });
    }
    return pushEvents(events);
  }

  /** Drops the books of topics no longer subscribed. */
  forget(topics: readonly TopicRequest[]): void {
    for (const topic of topics) this.books.delete(this.keyOf(topic));
  }
}
