import type { AccountFilter } from '../exchange-types';
import type { PositionProtection, ProtectionLeg } from '../protection-types';
import { mapBybitPosition } from './map';
import type { BybitInstruments } from './instruments';
import { fullLegsOfPosition, legOfOrder, legStatusOf, positionIdxOf } from './protection-map';
import type { BybitApi } from './rest-api';
import {
  allPages,
  listQueries,
  ORDERS_PAGE,
  POSITION_LISTS,
  POSITIONS_PAGE,
  withCursor,
  type ListQuery,
} from './rest-exchange';
import type { BybitOrder, BybitPosition } from './schemas';

/** Only contract lists hold stops (docs/protocol.md "Bybit protection"). */
const STOP_LISTS = POSITION_LISTS.filter((query) => query.category !== 'option');

const slotKey = (symbol: string, positionIdx: number): string => `${symbol}|${String(positionIdx)}`;

/**
 * The legs of one list: Full legs off each open position row, replaced by their conditional order when
 * one is listed (it names the trigger source), and every Partial leg (GET /v5/order/realtime with
 * orderFilter=StopOrder).
 */
async function protectionOfList(api: BybitApi, query: ListQuery): Promise<PositionProtection[]> {
  const [rows, orders] = await Promise.all([
    allPages(
      async (cursor) =>
        (await api.getPositions({ ...query, limit: POSITIONS_PAGE, ...withCursor(cursor) })).data,
    ),
    allPages(
      async (cursor) =>
        (
          await api.getOpenOrders({
            ...query,
            orderFilter: 'StopOrder',
            limit: ORDERS_PAGE,
            ...withCursor(cursor),
          })
        ).data,
    ),
  ]);
  const ordersBySlot = new Map<string, BybitOrder[]>();
  for (const order of orders) {
    const key = slotKey(order.symbol, positionIdxOf(order));
    ordersBySlot.set(key, [...(ordersBySlot.get(key) ?? []), order]);
  }
  return rows
    .filter((row) => Number(row.size) !== 0)
    .map((row) => protectionOfRow(row, query, ordersBySlot.get(slotKey(row.symbol, row.positionIdx)) ?? []))
    .filter((protection) => protection.legs.length > 0);
}

function protectionOfRow(
  row: BybitPosition,
  query: ListQuery,
  orders: readonly BybitOrder[],
): PositionProtection {
  const position = mapBybitPosition(row, query.category);
  const byId = new Map<string, ProtectionLeg>();
  for (const { leg, live } of fullLegsOfPosition(row)) if (live) byId.set(leg.id, leg);
  for (const order of orders) {
    const leg = legOfOrder(order);
    if (leg !== undefined && legStatusOf(order.orderStatus) === 'live')
      byId.set(leg.id, mergeFull(byId.get(leg.id), leg));
  }
  return {
    exchange: 'bybit',
    symbol: position.symbol,
    instrumentKind: position.instrumentKind,
    positionSlot: position.positionSlot,
    legs: [...byId.values()],
  };
}

/** A Full trailing order names its activation price, the position row its distance: keep both. */
function mergeFull(fromRow: ProtectionLeg | undefined, fromOrder: ProtectionLeg): ProtectionLeg {
  if (fromRow?.trailing === undefined || fromOrder.trailing === undefined) return fromOrder;
  return { ...fromOrder, trailing: { ...fromOrder.trailing, distance: fromRow.trailing.distance } };
}

export async function listBybitProtection(
  api: BybitApi,
  instruments: BybitInstruments,
  filter: AccountFilter = {},
): Promise<PositionProtection[]> {
  const queries = await listQueries(filter, STOP_LISTS, instruments);
  return (await Promise.all(queries.map((query) => protectionOfList(api, query)))).flat();
}
