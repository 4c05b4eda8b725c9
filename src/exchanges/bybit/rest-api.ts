import { parseResultData, parseResultRaw } from '../transport/http-schema';
import type { RestResult } from '../transport/http-types';
import { BYBIT_ROUTES } from './endpoints';
import { readBybitServerTime, type BybitRestClient } from './rest';
import {
  BybitApiKeyInfo,
  BybitBatchAcks,
  BybitBatchStatus,
  BybitCancelAll,
  BybitClosedPnls,
  BybitExecutions,
  BybitInstruments,
  BybitKlines,
  BybitOrderAck,
  BybitOrderBook,
  BybitOrders,
  BybitPositions,
  BybitTickers,
  BybitWallet,
} from './schemas';

/** Typed, validated calls for what Perch uses (the calls Perch makes). Everything else goes through `call`. */

export type BybitCategory = 'spot' | 'linear' | 'inverse' | 'option';
/** 0 one-way; 1 hedge Buy side; 2 hedge Sell side (docs/protocol.md "Bybit positions"). */
export type BybitPositionIdx = 0 | 1 | 2;

/** POST /v5/order/create. Sizes and prices are the exchange's decimal strings, sent back unchanged. */
export interface BybitOrderRequest {
  readonly category: BybitCategory;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly orderType: 'Market' | 'Limit';
  readonly qty: string;
  readonly price?: string;
  readonly timeInForce?: 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
  readonly positionIdx?: BybitPositionIdx;
  readonly reduceOnly?: boolean;
  readonly closeOnTrigger?: boolean;
  readonly orderLinkId?: string;
}

export type BybitOrderId = { readonly category: BybitCategory; readonly symbol: string } & (
  { readonly orderId: string } | { readonly orderLinkId: string }
);

/** `triggerPrice` moves a conditional order (a Partial stop or target: docs/protocol.md "Bybit protection"). */
export type BybitAmendRequest = BybitOrderId & {
  readonly qty?: string;
  readonly price?: string;
  readonly triggerPrice?: string;
};

/**
 * POST /v5/order/cancel-all. Linear and inverse need a symbol, baseCoin or settleCoin; spot cancels only
 * `orderFilter` Order unless told another kind (docs/protocol.md "Cancel all").
 */
export interface BybitCancelAllRequest {
  readonly category: BybitCategory;
  readonly symbol?: string;
  readonly settleCoin?: string;
  readonly orderFilter?: BybitSpotOrderFilter;
}

/** The spot order kinds cancel-all takes one at a time. */
export type BybitSpotOrderFilter =
  'Order' | 'tpslOrder' | 'StopOrder' | 'OcoOrder' | 'BidirectionalTpslOrder';

export type BybitTriggerBy = 'MarkPrice' | 'LastPrice' | 'IndexPrice';

/**
 * POST /v5/position/trading-stop (docs/protocol.md "Bybit protection"): stops, targets and a trailing stop of one
 * position. Full mode acts on the whole position; Partial adds a sized leg that closes at market.
 */
export interface BybitTradingStopRequest {
  readonly category: 'linear' | 'inverse';
  readonly symbol: string;
  readonly positionIdx: BybitPositionIdx;
  readonly tpslMode: 'Full' | 'Partial';
  readonly takeProfit?: string;
  readonly stopLoss?: string;
  readonly tpTriggerBy?: BybitTriggerBy;
  readonly slTriggerBy?: BybitTriggerBy;
  readonly tpSize?: string;
  readonly slSize?: string;
  readonly tpOrderType?: 'Market';
  readonly slOrderType?: 'Market';
  readonly trailingStop?: string;
  readonly activePrice?: string;
}

/** What closing needs from an open position (a REST or stream position row). */
export interface BybitClosablePosition {
  readonly category: BybitCategory;
  readonly symbol: string;
  /** The position's side: the close goes the other way. */
  readonly side: 'Buy' | 'Sell';
  readonly size: string;
  readonly positionIdx: BybitPositionIdx;
}

export interface BybitKlineQuery {
  readonly category?: BybitCategory;
  readonly symbol: string;
  readonly interval: string;
  readonly start?: number;
  readonly end?: number;
  readonly limit?: number;
}

/** execution/list and closed-pnl: one category, a time window (ms), cursor pages. */
export interface BybitHistoryQuery {
  readonly category: BybitCategory;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly limit?: number;
  readonly cursor?: string;
}

export function createBybitApi(client: BybitRestClient) {
  const call: BybitRestClient['call'] = (route, params) => client.call(route, params);
  const placeOrder = async (order: BybitOrderRequest) =>
    parseResultData(BybitOrderAck, await call(BYBIT_ROUTES.postOrderCreate, order));
  return {
    /** The envelope's `time` in ms (docs/protocol.md "Bybit server time"). */
    getServerTime: async (): Promise<RestResult<number>> => {
      const result = await call(BYBIT_ROUTES.getMarketTime);
      return { ...result, data: readBybitServerTime(result) };
    },
    getInstruments: async (params: {
      category: BybitCategory;
      symbol?: string;
      status?: string;
      limit?: number;
      cursor?: string;
    }) => parseResultData(BybitInstruments, await call(BYBIT_ROUTES.getMarketInstrumentsInfo, params)),
    getTickers: async (params: { category: BybitCategory; symbol?: string; baseCoin?: string }) =>
      parseResultData(BybitTickers, await call(BYBIT_ROUTES.getMarketTickers, params)),
    getOrderBook: async (params: { category: BybitCategory; symbol: string; limit?: number }) =>
      parseResultData(BybitOrderBook, await call(BYBIT_ROUTES.getMarketOrderbook, params)),
    getKlines: async (params: BybitKlineQuery) =>
      parseResultData(BybitKlines, await call(BYBIT_ROUTES.getMarketKline, params)),
    /** Rows [start, o, h, l, c], newest first. */
    getMarkPriceKlines: async (params: BybitKlineQuery) =>
      parseResultData(BybitKlines, await call(BYBIT_ROUTES.getMarketMarkPriceKline, params)),
    /** Fills of one category, newest first; a window of at most 7 days (docs/protocol.md "Candles and fills since a time"). */
    getExecutions: async (params: BybitHistoryQuery) =>
      parseResultData(BybitExecutions, await call(BYBIT_ROUTES.getExecutionList, params)),
    /** Closes of linear or inverse positions, newest first; the same 7-day windows. */
    getClosedPnl: async (params: BybitHistoryQuery) =>
      parseResultData(BybitClosedPnls, await call(BYBIT_ROUTES.getPositionClosedPnl, params)),
    getWalletBalance: async (
      params: { accountType: 'UNIFIED' | 'CONTRACT' | 'SPOT'; coin?: string } = { accountType: 'UNIFIED' },
    ) => parseResultData(BybitWallet, await call(BYBIT_ROUTES.getAccountWalletBalance, params)),
    getPositions: async (params: {
      category: BybitCategory;
      symbol?: string;
      settleCoin?: string;
      limit?: number;
      cursor?: string;
    }) => parseResultData(BybitPositions, await call(BYBIT_ROUTES.getPositionList, params)),
    /** The key's permissions and read-only flag (GET /v5/user/query-api). */
    getApiKeyInfo: async () => parseResultData(BybitApiKeyInfo, await call(BYBIT_ROUTES.getUserQueryApi)),
    getOpenOrders: async (params: {
      category: BybitCategory;
      symbol?: string;
      settleCoin?: string;
      orderId?: string;
      orderLinkId?: string;
      /** `StopOrder`: conditional orders only (stops and targets). */
      orderFilter?: 'Order' | 'StopOrder';
      limit?: number;
      cursor?: string;
    }) => parseResultData(BybitOrders, await call(BYBIT_ROUTES.getOrderRealtime, params)),
    /** Answers an empty result: the change is seen on the position and order streams. */
    setTradingStop: async (request: BybitTradingStopRequest) =>
      await call(BYBIT_ROUTES.postPositionTradingStop, request),
    placeOrder,
    amendOrder: async (amend: BybitAmendRequest) =>
      parseResultData(BybitOrderAck, await call(BYBIT_ROUTES.postOrderAmend, amend)),
    cancelOrder: async (order: BybitOrderId) =>
      parseResultData(BybitOrderAck, await call(BYBIT_ROUTES.postOrderCancel, order)),
    cancelAll: async (request: BybitCancelAllRequest) =>
      parseResultData(BybitCancelAll, await call(BYBIT_ROUTES.postOrderCancelAll, request)),
    /** Up to 20 orders (10 spot); per-item status comes back in `status` from retExtInfo.list. */
    placeBatchOrders: async (
      category: BybitCategory,
      orders: readonly Omit<BybitOrderRequest, 'category'>[],
    ) => {
      const result = await call(BYBIT_ROUTES.postOrderCreateBatch, { category, request: orders });
      return {
        ...parseResultData(BybitBatchAcks, result),
        status: parseResultRaw(BybitBatchStatus, result).retExtInfo.list,
      };
    },
    /**
     * Bybit has no close endpoint for linear/inverse: a reduce-only market order the other way, for the
     * whole size, in the position's own slot (positionIdx is required in hedge mode; docs/protocol.md "Bybit positions").
     */
    closePosition: (position: BybitClosablePosition, orderLinkId?: string) =>
      placeOrder({
        category: position.category,
        symbol: position.symbol,
        side: position.side === 'Buy' ? 'Sell' : 'Buy',
        orderType: 'Market',
        qty: position.size,
        reduceOnly: true,
        positionIdx: position.positionIdx,
        ...(orderLinkId === undefined ? {} : { orderLinkId }),
      }),
  };
}

export type BybitApi = ReturnType<typeof createBybitApi>;
