import * as z from 'zod/mini';
import type { BookEvent, StreamEvent } from '../model';
import type { PushResult } from '../transport/socket-group';
import { parsePush, present } from '../transport/socket-parse';
import type { TopicRequest } from '../transport/socket-types';
import { OkxBook } from './book';
import { mapOkxBalance, mapOkxOrder, mapOkxPosition, mapOkxTicker } from './map';
import { OkxBalance, OkxOrder, OkxPositions, OkxTickers, type OkxPosition } from './schemas';

type OkxBalanceItem = z.infer<typeof OkxBalance>[number];

/** Push schemas (PROTOCOL.md §7.1): only the fields Perch reads are declared, which keeps validation cheap. */
const str = z.string();
const optStr = z.optional(z.string());

const PushEnvelope = z.object({
  arg: z.object({ channel: str, instId: optStr, instType: optStr, ccy: optStr }),
  action: optStr,
  data: z.array(z.unknown()),
});

const Trade = z.object({
  instId: str,
  tradeId: str,
  px: str,
  sz: str,
  side: z.enum(['buy', 'sell']),
  ts: str,
});
/** [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]; index candles have fewer fields. */
const CandleRow = z.array(str);
const Level = z.array(str);
const BookData = z.object({
  asks: z.array(Level),
  bids: z.array(Level),
  ts: str,
  checksum: z.optional(z.number()),
  seqId: z.optional(z.number()),
  prevSeqId: z.optional(z.number()),
});
/** The REST order shape plus the fill fields an order push carries (§7.1). */
const OrderPush = z.extend(OkxOrder, {
  tradeId: optStr,
  fillPx: optStr,
  fillSz: optStr,
  fillFee: optStr,
  execType: optStr,
  uTime: str,
});
const BalanceAndPosition = z.object({
  pTime: str,
  balData: z.array(z.object({ ccy: str, cashBal: optStr })),
  posData: z.array(
    z.object({ instType: str, instId: str, posSide: str, pos: str, avgPx: optStr, mgnMode: optStr }),
  ),
});
const Greeks = z.object({
  ccy: str,
  deltaBS: optStr,
  gammaBS: optStr,
  vegaBS: optStr,
  thetaBS: optStr,
  ts: str,
});

/** Array schemas built once (not per frame). */
const BalanceAndPositionList = z.array(BalanceAndPosition);
const BookDataList = z.array(BookData);
const CandleRowList = z.array(CandleRow);
const GreeksList = z.array(Greeks);
const OrderPushList = z.array(OrderPush);
const TradeList = z.array(Trade);

const CHECKED_BOOKS = new Set(['books', 'books-l2-tbt', 'books50-l2-tbt']);
/** Channels that push the whole top of book every time (no action, no checksum). */
const FULL_BOOKS = new Set(['books5', 'bbo-tbt']);
const CANDLE_PREFIXES = ['candle', 'mark-price-candle', 'index-candle'];
/** How many levels a BookEvent carries. */
const BOOK_EVENT_DEPTH = 25;

const none: PushResult = { events: [], resubscribe: [] };

/** Turns OKX push frames into model events; keeps one verified book per book topic. */
export class OkxPushParser {
  private readonly books = new Map<string, OkxBook>();

  handle(frame: unknown): PushResult | undefined {
    if (typeof frame !== 'object' || frame === null || !('arg' in frame) || !('data' in frame))
      return undefined;
    const push = parsePush(PushEnvelope, frame, 'OKX');
    const { channel } = push.arg;
    const data = push.data;
    if (channel === 'tickers')
      return events(
        parsePush(OkxTickers, data, 'OKX tickers').map((item): StreamEvent => ({
          kind: 'ticker',
          ...mapOkxTicker(item),
        })),
      );
    if (channel === 'trades' || channel === 'trades-all')
      return trades(parsePush(TradeList, data, 'OKX trades'));
    if (CANDLE_PREFIXES.some((prefix) => channel.startsWith(prefix))) {
      return candles(channel, push.arg.instId ?? '', parsePush(CandleRowList, data, 'OKX candles'));
    }
    if (CHECKED_BOOKS.has(channel) || FULL_BOOKS.has(channel))
      return this.book(channel, push.arg.instId ?? '', push.action, data);
    if (channel === 'orders')
      return events(parsePush(OrderPushList, data, 'OKX orders').flatMap(orderEvents));
    if (channel === 'positions')
      return events(parsePush(OkxPositions, data, 'OKX positions').map((item) => position(item, undefined)));
    if (channel === 'account') return events(parsePush(OkxBalance, data, 'OKX account').map(wallet));
    if (channel === 'balance_and_position')
      return events(
        parsePush(BalanceAndPositionList, data, 'OKX balance_and_position').flatMap(balanceAndPosition),
      );
    if (channel === 'account-greeks')
      return events(parsePush(GreeksList, data, 'OKX account-greeks').map(greeks));
    return none;
  }

  private book(channel: string, instId: string, action: string | undefined, data: unknown): PushResult {
    const topic: TopicRequest = { topic: channel, payload: { instId } };
    const pushes = parsePush(BookDataList, data, `OKX ${channel}`);
    const key = `${channel}:${instId}`;
    const book = this.books.get(key) ?? new OkxBook();
    this.books.set(key, book);
    const out: StreamEvent[] = [];
    for (const item of pushes) {
      const result = book.apply({
        ...item,
        action: FULL_BOOKS.has(channel) || action === 'snapshot' ? 'snapshot' : 'update',
      });
      // An update before a snapshot belongs to a book that is already being rebuilt: stay quiet.
      if (!result.ok && result.problem === 'no-snapshot') continue;
      if (!result.ok) {
        out.push({
          kind: 'book-resync',
          exchange: 'okx',
          symbol: instId,
          ts: Number(item.ts),
          problem: result.problem,
          detail: result.detail,
        });
        return { events: out, resubscribe: [topic] };
      }
      out.push(bookEvent(instId, book));
    }
    return events(out);
  }
}

function events(list: readonly StreamEvent[]): PushResult {
  return { events: list, resubscribe: [] };
}

function bookEvent(instId: string, book: OkxBook): BookEvent {
  return {
    kind: 'book',
    exchange: 'okx',
    symbol: instId,
    ts: book.ts,
    bids: book.bids.top(BOOK_EVENT_DEPTH),
    asks: book.asks.top(BOOK_EVENT_DEPTH),
  };
}

function trades(items: readonly z.infer<typeof Trade>[]): PushResult {
  const first = items[0];
  if (first === undefined) return none;
  const list = items.map((item) => ({
    id: item.tradeId,
    price: item.px,
    size: item.sz,
    side: item.side,
    ts: Number(item.ts),
  }));
  return events([
    { kind: 'trades', exchange: 'okx', symbol: first.instId, ts: Number(first.ts), trades: list },
  ]);
}

function candles(channel: string, instId: string, rows: readonly (readonly string[])[]): PushResult {
  const prefix =
    CANDLE_PREFIXES.filter((p) => channel.startsWith(p)).sort((a, b) => b.length - a.length)[0] ?? 'candle';
  const list = rows.map((row) => ({
    start: Number(row[0]),
    open: row[1] ?? '',
    high: row[2] ?? '',
    low: row[3] ?? '',
    close: row[4] ?? '',
    volume: row[5] ?? '0',
    confirmed: row.at(-1) === '1',
  }));
  return events([
    {
      kind: 'candle',
      exchange: 'okx',
      symbol: instId,
      interval: channel.slice(prefix.length),
      ts: list.at(-1)?.start ?? 0,
      candles: list,
    },
  ]);
}

function orderEvents(item: z.infer<typeof OrderPush>): StreamEvent[] {
  const order: StreamEvent = { kind: 'order', ...mapOkxOrder(item) };
  // OKX has no public execution channel for most accounts: an order push with a trade id is the fill.
  const tradeId = present(item.tradeId);
  if (tradeId === undefined || present(item.fillSz) === undefined || Number(item.fillSz) === 0)
    return [order];
  const fill: StreamEvent = {
    kind: 'execution',
    exchange: 'okx',
    symbol: item.instId,
    ts: order.ts,
    orderId: item.ordId,
    clientOrderId: item.clOrdId ?? '',
    executionId: tradeId,
    side: item.side,
    price: item.fillPx ?? '',
    size: item.fillSz ?? '',
    fee: item.fillFee ?? '0',
    isMaker: item.execType === undefined ? undefined : item.execType === 'M',
  };
  return [order, fill];
}

function position(item: OkxPosition, pushTime: string | undefined): StreamEvent {
  const mapped = mapOkxPosition(item);
  return { kind: 'position', ts: mapped.updatedAt ?? Number(pushTime ?? 0), ...mapped };
}

function wallet(item: OkxBalanceItem): StreamEvent {
  return { kind: 'wallet', ts: Number(item.uTime ?? 0), ...mapOkxBalance(item) };
}

/** balance_and_position carries cash balances and slim positions (no mark, PnL or leverage). */
function balanceAndPosition(item: z.infer<typeof BalanceAndPosition>): StreamEvent[] {
  const balance = mapOkxBalance({ uTime: item.pTime, details: item.balData });
  const positions = item.posData.map((pos) => position(pos, item.pTime));
  return [{ kind: 'wallet', ts: Number(item.pTime), ...balance }, ...positions];
}

function greeks(item: z.infer<typeof Greeks>): StreamEvent {
  return {
    kind: 'greeks',
    exchange: 'okx',
    ts: Number(item.ts),
    coin: item.ccy,
    delta: present(item.deltaBS),
    gamma: present(item.gammaBS),
    vega: present(item.vegaBS),
    theta: present(item.thetaBS),
  };
}
