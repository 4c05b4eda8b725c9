import { present } from '../decimal';
import type { CandleInterval, ExchangeRest } from '../exchange-types';
import type { Candle, ClosedPosition } from '../model';
import { ONE_DAY_MS, ONE_WEEK_MS } from '../transport/clock';
import type { RestResult } from '../transport/http-types';
import type { BybitInstruments } from './instruments';
import { mapBybitFill } from './map';
import { bybitCloseReason } from './order-origin';
import { readBybitServerTime } from './rest';
import type { BybitApi, BybitCategory, BybitHistoryQuery } from './rest-api';
import { allPages, withCursor } from './rest-exchange';
import type { BybitClosedPnl } from './schemas';
import { BYBIT_INTERVALS } from './stream-requests';
import { bybitKind } from './vocabulary';

/**
 * The lists read since a time (docs/protocol.md "Candles and fills since a time", "Position history").
 * execution/list and closed-pnl answer one category and at most 7 days a request, kept 2 years; klines
 * come newest first, at most 1000 a page.
 */
const HISTORY_PAGE = 100;
const KLINE_PAGE = 1000;
const KEPT_MS = 730 * ONE_DAY_MS;
const FILL_CATEGORIES: readonly BybitCategory[] = ['linear', 'inverse', 'spot'];
const CLOSE_CATEGORIES: readonly BybitCategory[] = ['linear', 'inverse'];

const INTERVAL_MS: Readonly<Record<Exclude<CandleInterval, '1M'>, number>> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '12h': 43_200_000,
  '1d': ONE_DAY_MS,
  '1w': ONE_WEEK_MS,
};

/** When a candle's period ends: REST klines carry no `confirm`, so a candle is confirmed once that has passed. */
function candleEnd(start: number, interval: CandleInterval): number {
  if (interval !== '1M') return start + INTERVAL_MS[interval];
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Rows [start, o, h, l, c, volume, turnover]; mark-price klines stop at the close. */
function klineCandle(
  row: readonly string[],
  withVolume: boolean,
  interval: CandleInterval,
  now: number,
): Candle {
  const start = Number(row[0]);
  return {
    start,
    open: row[1] ?? '',
    high: row[2] ?? '',
    low: row[3] ?? '',
    close: row[4] ?? '',
    volume: withVolume ? (row[5] ?? '0') : undefined,
    confirmed: candleEnd(start, interval) <= now,
  };
}

/** closed-pnl names no positionIdx: the slot is reported one-way (docs/protocol.md "Position history"). */
export function mapBybitClosedPnl(row: BybitClosedPnl, category: string): ClosedPosition {
  const reason = bybitCloseReason(row.execType);
  return {
    exchange: 'bybit',
    symbol: row.symbol,
    instrumentKind: bybitKind(category, row.symbol),
    positionSlot: 'one-way',
    id: row.orderId,
    closedAt: Number(row.updatedTime),
    reason,
    // Only a takeover liquidation is sure to have closed the whole position; closed-pnl says no more.
    whole: reason === 'liquidation',
    closePrice: present(row.avgExitPrice),
    size: present(row.closedSize),
    realisedPnl: present(row.closedPnl),
  };
}

type HistoryPage<Row> = RestResult<{
  readonly list: readonly Row[];
  readonly nextPageCursor?: string | undefined;
}>;

/** Every row of one category from `since` to the server's now: 7-day windows, each read to its last page. */
async function windowsSince<Row>(
  since: number,
  now: number,
  read: (query: Omit<BybitHistoryQuery, 'category'>) => Promise<HistoryPage<Row>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = Math.max(since, now - KEPT_MS); start <= now; start += ONE_WEEK_MS) {
    const window = { startTime: start, endTime: start + ONE_WEEK_MS - 1, limit: HISTORY_PAGE };
    rows.push(...(await allPages(async (cursor) => (await read({ ...window, ...withCursor(cursor) })).data)));
  }
  return rows;
}

export function bybitHistory(
  api: BybitApi,
  instruments: BybitInstruments,
): Pick<ExchangeRest, 'getCandles' | 'getFills' | 'getClosedPositions'> {
  return {
    getCandles: async (ref, interval, { since, until }, price = 'last') => {
      const base = {
        category: await instruments.categoryOf(ref),
        symbol: ref.symbol,
        interval: BYBIT_INTERVALS.theirs(interval),
        start: since,
        limit: KLINE_PAGE,
      };
      const read = price === 'mark' ? api.getMarkPriceKlines : api.getKlines;
      const candles: Candle[] = [];
      for (let end = until === undefined ? undefined : until - 1; ;) {
        const result = await read(end === undefined ? base : { ...base, end });
        const now = readBybitServerTime(result);
        const page = result.data.list.map((row) => klineCandle(row, price === 'last', interval, now));
        candles.push(...page);
        const oldest = page.at(-1);
        if (page.length < KLINE_PAGE || oldest === undefined || oldest.start <= since) break;
        end = oldest.start - 1;
      }
      return candles
        .filter((candle) => candle.start >= since && (until === undefined || candle.start < until))
        .reverse();
    },
    getFills: async (since) => {
      const now = (await api.getServerTime()).data;
      const lists = await Promise.all(
        FILL_CATEGORIES.map((category) =>
          windowsSince(since, now, (query) => api.getExecutions({ category, ...query })),
        ),
      );
      return lists
        .flat()
        .map(mapBybitFill)
        .filter((fill) => fill.ts >= since)
        .sort((a, b) => a.ts - b.ts);
    },
    getClosedPositions: async (since) => {
      const now = (await api.getServerTime()).data;
      const lists = await Promise.all(
        CLOSE_CATEGORIES.map(async (category) =>
          (await windowsSince(since, now, (query) => api.getClosedPnl({ category, ...query }))).map((row) =>
            mapBybitClosedPnl(row, category),
          ),
        ),
      );
      return lists
        .flat()
        .filter((closed) => closed.closedAt >= since)
        .sort((a, b) => a.closedAt - b.closedAt);
    },
  };
}
