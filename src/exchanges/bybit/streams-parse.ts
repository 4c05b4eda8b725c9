import * as z from 'zod/mini';
import type { StreamEvent, TickerEvent } from '../model';
import { SocketBooks } from '../transport/socket-books';
import { emitPushResult, type PushOutput } from '../transport/socket-group';
import type { TopicRequest } from '../transport/socket-types';
import { DEFAULT_BOOK_EVENT_DEPTH } from '../transport/socket-config';
import { parsePush } from '../transport/socket-parse';
import { createBybitBook, type BybitBookUpdate } from './book';
import type { BybitCategory } from './rest-api';
import { BybitTickerMerge } from './ticker-merge';
import { readBybitBook, readBybitPublicPush, readBybitTicker } from './hot-pushes';
import { bybitSide, parseBybitPrivatePush } from './streams-private';

/** Push schemas (docs/protocol.md "Bybit pushes"): only the fields Perch reads are declared, which keeps validation cheap. */
const str = z.string();

const PrivateEnvelope = z.object({ topic: str, creationTime: z.number(), data: z.array(z.unknown()) });

const Trade = z.object({ T: z.number(), s: str, S: z.enum(['Buy', 'Sell']), v: str, p: str, i: str });
const Kline = z.object({
  start: z.number(),
  open: str,
  high: str,
  low: str,
  close: str,
  volume: str,
  confirm: z.boolean(),
});

/** Array schemas built once (not per frame). */
const KlineList = z.array(Kline);
const TradeList = z.array(Trade);

/** Turns Bybit pushes into model events; merges ticker deltas and keeps one verified book per topic. */
export class BybitPushParser {
  private readonly books: SocketBooks<BybitBookUpdate>;
  private readonly tickers = new BybitTickerMerge();

  /**
   * `category`: the market of the socket the pushes come on, which a ticker is of (spot and linear both
   * push `tickers.BTCUSDT`); undefined on a private socket. `bookDepth`: levels per side each BookEvent carries.
   */
  constructor(
    private readonly category: BybitCategory | undefined,
    bookDepth = DEFAULT_BOOK_EVENT_DEPTH,
  ) {
    this.books = new SocketBooks('bybit', bookDepth, (topic) => topic.topic);
  }

  /** Hands a push's model events to `out`; false for a frame that is no push (a trade socket's reply). */
  handle(frame: unknown, out: PushOutput): boolean {
    if (typeof frame !== 'object' || frame === null || !('topic' in frame) || !('data' in frame))
      return false;
    if ('creationTime' in frame) {
      const push = parsePush(PrivateEnvelope, frame, 'Bybit private');
      for (const event of parseBybitPrivatePush(push.topic, push.creationTime, push.data) ?? [])
        out.event(event);
      return true;
    }
    const push = readBybitPublicPush(frame);
    // Tickers are most pushes: told by their prefix, without splitting the topic.
    if (push.topic.startsWith('tickers.') && this.category !== undefined) {
      out.event(this.ticker(this.category, push.type, push.ts, push.data));
      return true;
    }
    // Books are most of the rest: told by their prefix too, the depth read only when a book is made.
    if (push.topic.startsWith(BOOK_PREFIX)) {
      emitPushResult(this.book(push.topic, push.type, push.ts, push.data), out);
      return true;
    }
    const [name = '', first = '', second = ''] = push.topic.split('.');
    let event: StreamEvent | undefined;
    if (name === 'publicTrade') event = trades(parsePush(TradeList, push.data, 'Bybit publicTrade'), push.ts);
    else if (name === 'kline')
      event = klines(first, second, push.ts, parsePush(KlineList, push.data, 'Bybit kline'));
    if (event !== undefined) out.event(event);
    return true;
  }

  forget(topics: readonly TopicRequest[]): void {
    this.books.forget(topics);
    for (const { topic } of topics)
      if (topic.startsWith('tickers.')) this.tickers.forget(topic.slice('tickers.'.length));
  }

  /** Linear/inverse tickers send a snapshot, then deltas with only the changed fields (docs/protocol.md "Bybit pushes"): merge them. */
  private ticker(category: BybitCategory, type: string | undefined, ts: number, data: unknown): TickerEvent {
    const item = readBybitTicker(Array.isArray(data) ? data[0] : data);
    return this.tickers.event(item, type === 'delta', ts, category);
  }

  /** A snapshot, or `u == 1` (the service restarted), replaces the book (docs/protocol.md "Bybit pushes"). */
  private book(
    topic: string,
    type: string | undefined,
    ts: number,
    data: unknown,
  ): ReturnType<SocketBooks<BybitBookUpdate>['apply']> {
    const { s: symbol, b: bids, a: asks, u: updateId } = readBybitBook(data);
    const update = { replaces: type === 'snapshot' || updateId === 1, bids, asks, ts, updateId };
    return this.books.apply({ topic }, symbol, [update], () => createBybitBook(bookDepth(topic)));
  }
}

const BOOK_PREFIX = 'orderbook.';

/** The depth `orderbook.{depth}.{symbol}` names: the levels the book keeps per side. */
function bookDepth(topic: string): number {
  const end = topic.indexOf('.', BOOK_PREFIX.length);
  return Number(topic.slice(BOOK_PREFIX.length, end < 0 ? topic.length : end));
}

function trades(items: readonly z.infer<typeof Trade>[], ts: number): StreamEvent | undefined {
  const first = items[0];
  if (first === undefined) return undefined;
  const list = items.map((item) => ({
    id: item.i,
    price: item.p,
    size: item.v,
    side: bybitSide(item.S),
    ts: item.T,
  }));
  return { kind: 'trades', exchange: 'bybit', symbol: first.s, ts, trades: list };
}

function klines(
  interval: string,
  symbol: string,
  ts: number,
  items: readonly z.infer<typeof Kline>[],
): StreamEvent {
  const candles = items.map((item) => ({
    start: item.start,
    open: item.open,
    high: item.high,
    low: item.low,
    close: item.close,
    volume: item.volume,
    confirmed: item.confirm,
  }));
  return { kind: 'candle', exchange: 'bybit', symbol, interval, ts, candles };
}
