import type { AccountFilter, ExchangeRest } from '../exchange-types';
import type { InstrumentKind } from '../model';
import { bybitHistory } from './history';
import { createBybitInstruments, type BybitInstruments } from './instruments';
import {
  mapBybitAccountConfig,
  mapBybitBook,
  mapBybitOrder,
  mapBybitOrderAck,
  mapBybitPosition,
  mapBybitTicker,
  mapBybitWallet,
} from './map';
import {
  createBybitRestClient,
  readBybitServerTime,
  type BybitRestClient,
  type BybitRestOptions,
} from './rest';
import { createBybitApi, type BybitApi, type BybitCategory } from './rest-api';
import { bybitCategory, bybitPositionIdx } from './vocabulary';

/** One list request: a category, and for linear a settle coin (or a symbol), as Bybit requires (docs/protocol.md "Bybit positions"). */
export interface ListQuery {
  readonly category: BybitCategory;
  readonly symbol?: string;
  readonly settleCoin?: string;
}

/**
 * Every list an account can hold rows in: linear per settle coin (USDT and USDC perpetuals and
 * futures), inverse, option, and for orders spot too.
 */
export const POSITION_LISTS: readonly ListQuery[] = [
  { category: 'linear', settleCoin: 'USDT' },
  { category: 'linear', settleCoin: 'USDC' },
  { category: 'inverse' },
  { category: 'option' },
];
const ORDER_LISTS: readonly ListQuery[] = [{ category: 'spot' }, ...POSITION_LISTS];

/** Which categories hold a kind: perpetuals and futures are linear or inverse. */
const KIND_CATEGORIES: Readonly<Record<InstrumentKind, readonly BybitCategory[]>> = {
  spot: ['spot'],
  margin: ['spot'],
  perpetual: ['linear', 'inverse'],
  future: ['linear', 'inverse'],
  option: ['option'],
};

/**
 * Page sizes: position list at most 200 (docs/protocol.md "Bybit positions"), open orders at most 50
 * (https://bybit-exchange.github.io/docs/v5/order/open-order).
 */
export const POSITIONS_PAGE = 200;
export const ORDERS_PAGE = 50;

export async function listQueries(
  filter: AccountFilter,
  lists: readonly ListQuery[],
  instruments: BybitInstruments,
): Promise<readonly ListQuery[]> {
  if (filter.instrument !== undefined) {
    const category = await instruments.categoryOf(filter.instrument);
    // Spot holds no positions: Bybit has no spot position list to ask.
    const held = lists.some((query) => query.category === category);
    return held ? [{ category, symbol: filter.instrument.symbol }] : [];
  }
  const kind = filter.kind;
  if (kind === undefined) return lists;
  const categories = KIND_CATEGORIES[kind];
  return lists.filter((query) => categories.includes(query.category));
}

/** Follows nextPageCursor until Bybit answers an empty one. */
export async function allPages<Row>(
  read: (
    cursor: string | undefined,
  ) => Promise<{ readonly list: readonly Row[]; readonly nextPageCursor?: string | undefined }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let cursor: string | undefined = undefined; ;) {
    const page = await read(cursor);
    rows.push(...page.list);
    cursor = page.nextPageCursor;
    if (cursor === undefined || cursor === '' || page.list.length === 0) return rows;
  }
}

export const withCursor = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor });

export interface BybitRestParts {
  readonly client: BybitRestClient;
  readonly api: BybitApi;
  readonly instruments: BybitInstruments;
}

export function createBybitExchangeRest(options: BybitRestOptions): ExchangeRest {
  const client = createBybitRestClient(options);
  const api = createBybitApi(client);
  return bybitExchangeRest({ client, api, instruments: createBybitInstruments(api) });
}

export function bybitExchangeRest({ client, api, instruments }: BybitRestParts): ExchangeRest {
  return {
    id: 'bybit',
    ...bybitHistory(api, instruments),
    syncClock: () => client.syncClock(),
    getServerTime: async () => (await api.getServerTime()).data,
    getInstruments: async (kind, options) => {
      const lists = await Promise.all(
        KIND_CATEGORIES[kind].map((category) => instruments.ofCategory(category, options?.refresh)),
      );
      // Spot lists serve spot and margin alike; linear and inverse lists hold perpetuals and futures.
      return lists.flat().filter((instrument) => kind === 'margin' || instrument.kind === kind);
    },
    getQuote: async (ref) => {
      const category = await instruments.categoryOf(ref);
      const result = await api.getTickers({ category, symbol: ref.symbol });
      const [ticker] = result.data.list;
      return ticker === undefined ? undefined : mapBybitTicker(ticker, readBybitServerTime(result), category);
    },
    getBook: async (ref, depth) => {
      const params = { category: await instruments.categoryOf(ref), symbol: ref.symbol };
      return mapBybitBook(
        (await api.getOrderBook(depth === undefined ? params : { ...params, limit: depth })).data,
      );
    },
    getBalance: async () => mapBybitWallet((await api.getWalletBalance()).data),
    getPositions: async (filter = {}) => {
      const queries = await listQueries(filter, POSITION_LISTS, instruments);
      const lists = await Promise.all(
        queries.map(async (query) => {
          const rows = await allPages(
            async (cursor) =>
              (await api.getPositions({ ...query, limit: POSITIONS_PAGE, ...withCursor(cursor) })).data,
          );
          return rows.map((raw) => mapBybitPosition(raw, query.category));
        }),
      );
      return lists.flat().filter((position) => position.side !== 'flat');
    },
    getOpenOrders: async (filter = {}) => {
      const queries = await listQueries(filter, ORDER_LISTS, instruments);
      const lists = await Promise.all(
        queries.map((query) =>
          allPages(
            async (cursor) =>
              (await api.getOpenOrders({ ...query, limit: ORDERS_PAGE, ...withCursor(cursor) })).data,
          ),
        ),
      );
      return lists.flat().map(mapBybitOrder);
    },
    cancelOrder: async (ref, orderId) => {
      const params = { category: await instruments.categoryOf(ref), symbol: ref.symbol, orderId };
      return mapBybitOrderAck((await api.cancelOrder(params)).data);
    },
    getAccountConfig: async () => mapBybitAccountConfig((await api.getApiKeyInfo()).data),
    closePosition: async (position, clientOrderId) => {
      const result = await api.closePosition(
        {
          category: bybitCategory(position.category),
          symbol: position.symbol,
          side: position.side === 'short' ? 'Sell' : 'Buy',
          size: position.sizeContracts,
          positionIdx: bybitPositionIdx(position.positionSlot),
        },
        clientOrderId,
      );
      return mapBybitOrderAck(result.data);
    },
  };
}
