import { present } from '../decimal';
import type { ExchangeRest } from '../exchange-types';
import type { Candle, ClosedPosition } from '../model';
import { mapOkxCandle, mapOkxFill } from './map';
import { okxCloseType } from './order-origin';
import type { OkxApi } from './rest-api';
import type { OkxClosedPosition } from './schemas';
import { OKX_BARS } from './stream-requests';
import { OKX_KINDS, OKX_SLOTS } from './vocabulary';

/**
 * The lists read since a time (docs/protocol.md "Candles and fills since a time", "Position history"):
 * newest first, 100 a page, older pages by `after` (a time for candles and closes, a billId for fills),
 * read until a page is short or reaches back past `since`.
 */
const PAGE = 100;

async function pagesBack<Row>(
  read: (after: string | undefined) => Promise<readonly Row[]>,
  cursorOf: (row: Row) => string,
  reachedSince: (row: Row) => boolean,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let after: string | undefined; ;) {
    const page = await read(after);
    rows.push(...page);
    const oldest = page.at(-1);
    if (page.length < PAGE || oldest === undefined || reachedSince(oldest)) return rows;
    after = cursorOf(oldest);
  }
}

/** positions-history names no close by its own id: the position's id and the close's time make one. */
export function mapOkxClosedPosition(row: OkxClosedPosition): ClosedPosition {
  const { reason, whole } = okxCloseType(row.type);
  return {
    exchange: 'okx',
    symbol: row.instId,
    instrumentKind: OKX_KINDS.ours(row.instType),
    positionSlot: OKX_SLOTS.ours(row.posSide),
    id: `${row.posId}-${row.uTime}`,
    closedAt: Number(row.uTime),
    reason,
    whole,
    closePrice: present(row.closeAvgPx),
    size: present(row.closeTotalPos),
    realisedPnl: present(row.realizedPnl),
  };
}

export function okxHistory(
  api: OkxApi,
): Pick<ExchangeRest, 'getCandles' | 'getFills' | 'getClosedPositions'> {
  return {
    getCandles: async ({ symbol }, interval, { since, until }, price = 'last') => {
      const bar = OKX_BARS.theirs(interval);
      const read = price === 'mark' ? api.getMarkPriceCandles : api.getCandles;
      const candles = await pagesBack<Candle>(
        async (cursor) => {
          // `after` reads candles older than a time: `until` first, then each page's oldest.
          const after = cursor ?? (until === undefined ? undefined : String(until));
          const params = { instId: symbol, bar, limit: PAGE, ...(after === undefined ? {} : { after }) };
          return (await read(params)).data.map((row) => mapOkxCandle(row, price === 'last'));
        },
        (candle) => String(candle.start),
        (candle) => candle.start <= since,
      );
      return candles.filter((candle) => candle.start >= since).reverse();
    },
    getFills: async (since) => {
      const rows = await pagesBack(
        async (after) =>
          (
            await api.getFills({
              begin: String(since),
              limit: PAGE,
              ...(after === undefined ? {} : { after }),
            })
          ).data,
        (row) => row.billId ?? row.tradeId,
        (row) => Number(present(row.fillTime) ?? row.ts) <= since,
      );
      return rows
        .map(mapOkxFill)
        .filter((fill) => fill.ts >= since)
        .reverse();
    },
    getClosedPositions: async (since) => {
      const rows = await pagesBack(
        async (after) =>
          (await api.getPositionsHistory({ limit: PAGE, ...(after === undefined ? {} : { after }) })).data,
        (row) => row.uTime,
        (row) => Number(row.uTime) <= since,
      );
      return rows
        .map(mapOkxClosedPosition)
        .filter((closed) => closed.closedAt >= since)
        .reverse();
    },
  };
}
