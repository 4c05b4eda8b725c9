import * as z from 'zod/mini';
import {
  hasTextsWhereKnown,
  isFiniteNumber,
  isLevelList,
  isOptionalText,
  isRecord,
} from '../transport/push-guards';
import { parseHotPush } from '../transport/socket-parse';
import { BYBIT_TICKER_TEXTS, BybitTicker } from './schemas';

/**
 * The Bybit public pushes that arrive many times a second: every push's envelope, books and tickers
 * (docs/protocol.md "Bybit pushes"). Each schema has a hand check in front that is at least as strict; a push the
 * check refuses goes to the schema, which names the bad field. Only the fields Perch reads are declared.
 */
const str = z.string();

const PublicEnvelope = z.object({ topic: str, type: z.optional(str), ts: z.number(), data: z.unknown() });
export type BybitPublicEnvelope = z.infer<typeof PublicEnvelope>;

const Level = z.array(str);
const BookData = z.object({ s: str, b: z.array(Level), a: z.array(Level), u: z.number(), seq: z.number() });
type BybitBookData = z.infer<typeof BookData>;

function isPublicEnvelope(value: unknown): value is BybitPublicEnvelope {
  return (
    isRecord(value) &&
    'data' in value &&
    typeof value.topic === 'string' &&
    isOptionalText(value.type) &&
    isFiniteNumber(value.ts)
  );
}

function isBookData(value: unknown): value is BybitBookData {
  return (
    isRecord(value) &&
    typeof value.s === 'string' &&
    isLevelList(value.b) &&
    isLevelList(value.a) &&
    isFiniteNumber(value.u) &&
    isFiniteNumber(value.seq)
  );
}

const TICKER_TEXTS: ReadonlySet<string> = new Set(BYBIT_TICKER_TEXTS);

function isTicker(value: unknown): value is BybitTicker {
  return isRecord(value) && typeof value.symbol === 'string' && hasTextsWhereKnown(value, TICKER_TEXTS);
}

export function readBybitPublicPush(frame: unknown): BybitPublicEnvelope {
  return parseHotPush(PublicEnvelope, isPublicEnvelope, frame, 'Bybit');
}

export function readBybitBook(data: unknown): BybitBookData {
  return parseHotPush(BookData, isBookData, data, 'Bybit orderbook');
}

export function readBybitTicker(data: unknown): BybitTicker {
  return parseHotPush(BybitTicker, isTicker, data, 'Bybit tickers');
}

/** The schemas behind the checks, for the tests that prove each check is at least as strict. */
export const BYBIT_HOT_SCHEMAS = { PublicEnvelope, BookData, BybitTicker } as const;
export const BYBIT_HOT_CHECKS = { isPublicEnvelope, isBookData, isTicker } as const;
