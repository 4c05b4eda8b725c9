import * as z from 'zod/mini';
import { present } from '../decimal';
import type { Quote, StreamEvent, TickerEvent } from '../model';
import { SocketBooks } from '../transport/socket-books';
import { emitPushResult, type PushOutput, type PushResult } from '../transport/socket-group';
import { DEFAULT_BOOK_EVENT_DEPTH } from '../transport/socket-config';
import { mergeDefined, parsePush } from '../transport/socket-parse';
import type { TopicRequest } from '../transport/socket-types';
import { createOkxBook, type OkxBookUpdate } from './book';
import {
  emptyOkxTickerEvent,
  mapOkxCandle,
  okxFundingQuoteFields,
  okxOptionQuoteFields,
  okxTickerEvent,
} from './map';
import { readOkxBooks, readOkxPush, readOkxTickers } from './hot-pushes';
import { OkxFundingRates, OkxOptionSummaries, type OkxTicker } from './schemas';
import { parseOkxPrivatePush } from './streams-private';

/** Push schemas (docs/protocol.md "OKX pushes"): only the fields Perch reads are declared, which keeps validation cheap. */
const str = z.string();
const optStr = z.optional(z.string());

const Trade = z.object({
  instId: str,
  tradeId: str,
  px: str,
  sz: str,
  side: z.enum(['buy', 'sell']),
  ts: str,
});
/** [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]; mark-price and index candles [ts, o, h, l, c, confirm]. */
const CandleRow = z.array(str);
/** Array schemas built once (not per frame). */
const CandleRowList = z.array(CandleRow);
const TradeList = z.array(Trade);

const MarkPriceList = z.array(z.object({ instId: str, markPx: optStr, ts: str }));

const CHECKED_BOOKS = new Set(['books', 'books-l2-tbt', 'books50-l2-tbt']);
/** Channels that push the whole top of book every time (no action, no checksum). */
const FULL_BOOKS = new Set(['books5', 'bbo-tbt']);
const CANDLE_PREFIXES = ['candle', 'mark-price-candle', 'index-candle'];

/**
 * Turns OKX push frames into model events; keeps one verified book per book topic, and one quote per
 * instrument that tickers, mark-price and funding-rate pushes each fill in part of (OKX sends them on
 * separate channels, Bybit in one ticker).
 */
export class OkxPushParser {
  private readonly books: SocketBooks<OkxBookUpdate>;
  /** The last ticker event of each instrument: the base the next push of any of its channels merges into. */
  private readonly quotes = new Map<string, TickerEvent>();

  /** `bookDepth`: levels per side each BookEvent carries. */
  constructor(bookDepth = DEFAULT_BOOK_EVENT_DEPTH) {
    this.books = new SocketBooks(
      'okx',
      bookDepth,
      (topic) => `${topic.topic}:${topic.payload?.instId ?? ''}`,
    );
  }

  /** Hands a push's model events to `out`; false for a frame that is no push (a trade socket's reply). */
  handle(frame: unknown, out: PushOutput): boolean {
    if (typeof frame !== 'object' || frame === null || !('arg' in frame) || !('data' in frame)) return false;
    const push = readOkxPush(frame);
    const { channel } = push.arg;
    const data = push.data;
    if (channel === 'tickers') for (const item of readOkxTickers(data)) out.event(this.ticker(item));
    else if (CHECKED_BOOKS.has(channel) || FULL_BOOKS.has(channel))
      emitPushResult(this.book(channel, push.arg.instId ?? '', push.action, data), out);
    else for (const event of this.rarer(channel, push.arg.instId ?? '', data)) out.event(event);
    return true;
  }

  /** The channels that push a few times a second at most: each push's events in one list. */
  private rarer(channel: string, instId: string, data: unknown): readonly StreamEvent[] {
    if (channel === 'mark-price') {
      const marks = parsePush(MarkPriceList, data, 'OKX mark-price');
      return marks.map((item) =>
        this.quote({ symbol: item.instId, ts: Number(item.ts), mark: present(item.markPx) }),
      );
    }
    if (channel === 'funding-rate') {
      const rates = parsePush(OkxFundingRates, data, 'OKX funding-rate');
      return rates.map((item) =>
        this.quote({ symbol: item.instId, ts: Number(item.ts), ...okxFundingQuoteFields(item) }),
      );
    }
    if (channel === 'opt-summary') {
      // One push carries every option of the family; only the subscribed ones reach a listener.
      const rows = parsePush(OkxOptionSummaries, data, 'OKX opt-summary');
      return rows.map((row) =>
        this.quote({ symbol: row.instId, ts: Number(row.ts ?? 0), ...okxOptionQuoteFields(row) }),
      );
    }
    if (channel === 'trades' || channel === 'trades-all')
      return trades(parsePush(TradeList, data, 'OKX trades'));
    if (CANDLE_PREFIXES.some((prefix) => channel.startsWith(prefix)))
      return candles(channel, instId, parsePush(CandleRowList, data, 'OKX candles'));
    return parseOkxPrivatePush(channel, data) ?? [];
  }

  forget(topics: readonly TopicRequest[]): void {
    this.books.forget(topics);
    for (const topic of topics)
      if (topic.topic === 'tickers') this.quotes.delete(topic.payload?.instId ?? '');
  }

  /** The instrument's event before this push, or one that knows nothing yet. */
  private before(symbol: string): TickerEvent {
    return this.quotes.get(symbol) ?? emptyOkxTickerEvent(symbol);
  }

  /** Most pushes: the ticker mapped over the event before it in one object. */
  private ticker(item: OkxTicker): TickerEvent {
    const event = okxTickerEvent(item, this.before(item.instId));
    this.quotes.set(item.instId, event);
    return event;
  }

  /** The rarer channels (mark price, funding, option summaries), each filling in part of the quote. */
  private quote(update: Partial<Quote> & Pick<Quote, 'symbol' | 'ts'>): TickerEvent {
    // A new object every push: the event handed out before is never changed.
    const merged = mergeDefined(this.before(update.symbol), update);
    this.quotes.set(update.symbol, merged);
    return merged;
  }

  private book(channel: string, instId: string, action: string | undefined, data: unknown): PushResult {
    const replaces = FULL_BOOKS.has(channel) || action === 'snapshot';
    const updates = readOkxBooks(data, channel).map((item): OkxBookUpdate => ({
      replaces,
      bids: item.bids,
      asks: item.asks,
      ts: Number(item.ts),
      checksum: item.checksum,
      seqId: item.seqId,
      prevSeqId: item.prevSeqId,
    }));
    return this.books.apply({ topic: channel, payload: { instId } }, instId, updates, createOkxBook);
  }
}

function trades(items: readonly z.infer<typeof Trade>[]): StreamEvent[] {
  const first = items[0];
  if (first === undefined) return [];
  const list = items.map((item) => ({
    id: item.tradeId,
    price: item.px,
    size: item.sz,
    side: item.side,
    ts: Number(item.ts),
  }));
  return [{ kind: 'trades', exchange: 'okx', symbol: first.instId, ts: Number(first.ts), trades: list }];
}

function candles(channel: string, instId: string, rows: readonly (readonly string[])[]): StreamEvent[] {
  const prefix =
    CANDLE_PREFIXES.filter((p) => channel.startsWith(p)).sort((a, b) => b.length - a.length)[0] ?? 'candle';
  const list = rows.map((row) => mapOkxCandle(row, prefix === 'candle'));
  return [
    {
      kind: 'candle',
      exchange: 'okx',
      symbol: instId,
      interval: channel.slice(prefix.length),
      ts: list.at(-1)?.start ?? 0,
      candles: list,
    },
  ];
}
