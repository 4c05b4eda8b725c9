import * as z from 'zod/mini';
import {
  hasOptionalTexts,
  isLevelList,
  isOptionalNumber,
  isOptionalText,
  isRecord,
} from '../transport/push-guards';
import { parseHotPush } from '../transport/socket-parse';
import { OKX_TICKER_TEXTS, OkxTickers, type OkxTicker } from './schemas';

/**
 * The OKX pushes that arrive many times a second: every push's envelope, books and tickers
 * (docs/protocol.md "OKX pushes"). Each schema has a hand check in front that is at least as strict; a push the
 * check refuses goes to the schema, which names the bad field. Only the fields Perch reads are declared.
 */
const str = z.string();
const optStr = z.optional(z.string());

const PushEnvelope = z.object({
  arg: z.object({ channel: str, instId: optStr, instType: optStr, ccy: optStr }),
  action: optStr,
  data: z.array(z.unknown()),
});
export type OkxPushEnvelope = z.infer<typeof PushEnvelope>;

const Level = z.array(str);
const BookData = z.object({
  asks: z.array(Level),
  bids: z.array(Level),
  ts: str,
  checksum: z.optional(z.number()),
  seqId: z.optional(z.number()),
  prevSeqId: z.optional(z.number()),
});
const BookDataList = z.array(BookData);
type OkxBookData = z.infer<typeof BookData>;

function isPushEnvelope(value: unknown): value is OkxPushEnvelope {
  if (!isRecord(value) || !Array.isArray(value.data) || !isOptionalText(value.action)) return false;
  const arg = value.arg;
  return (
    isRecord(arg) &&
    typeof arg.channel === 'string' &&
    isOptionalText(arg.instId) &&
    isOptionalText(arg.instType) &&
    isOptionalText(arg.ccy)
  );
}

function isBookData(value: unknown): value is OkxBookData {
  return (
    isRecord(value) &&
    isLevelList(value.asks) &&
    isLevelList(value.bids) &&
    typeof value.ts === 'string' &&
    isOptionalNumber(value.checksum) &&
    isOptionalNumber(value.seqId) &&
    isOptionalNumber(value.prevSeqId)
  );
}

function isTicker(value: unknown): value is OkxTicker {
  return (
    isRecord(value) &&
    typeof value.instId === 'string' &&
    typeof value.ts === 'string' &&
    hasOptionalTexts(value, OKX_TICKER_TEXTS)
  );
}

function listOf<T>(isItem: (value: unknown) => value is T) {
  return (value: unknown): value is T[] => Array.isArray(value) && value.every(isItem);
}

const isBookDataList = listOf(isBookData);
const isTickerList = listOf(isTicker);

export function readOkxPush(frame: unknown): OkxPushEnvelope {
  return parseHotPush(PushEnvelope, isPushEnvelope, frame, 'OKX');
}

export function readOkxBooks(data: unknown, channel: string): OkxBookData[] {
  return parseHotPush(BookDataList, isBookDataList, data, `OKX ${channel}`);
}

export function readOkxTickers(data: unknown): OkxTicker[] {
  return parseHotPush(OkxTickers, isTickerList, data, 'OKX tickers');
}

/** The schemas behind the checks, for the tests that prove each check is at least as strict. */
export const OKX_HOT_SCHEMAS = { PushEnvelope, BookDataList, OkxTickers } as const;
export const OKX_HOT_CHECKS = { isPushEnvelope, isBookDataList, isTickerList } as const;
