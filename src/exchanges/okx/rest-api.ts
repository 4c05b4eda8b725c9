import type { RestResult } from '../transport/http-types';
import { parseResultData } from '../transport/http-schema';
import { OKX_ROUTES } from './endpoints';
import { OkxAlgoAcks, OkxAlgoOrders } from './protection-schemas';
import { readOkxServerTime, type OkxRestClient } from './rest';
import {
  OkxAccountConfig,
  OkxBalance,
  OkxCancelAllAfterAcks,
  OkxCandles,
  OkxClosedPositions,
  OkxClosePositionAck,
  OkxFills,
  OkxFundingRates,
  OkxInstruments,
  OkxOptionSummaries,
  OkxOrderAcks,
  OkxOrderBook,
  OkxOrders,
  OkxPositions,
  OkxTickers,
} from './schemas';

/** Typed, validated calls for what Perch uses (the calls Perch makes). Everything else goes through `call`. */

export type OkxInstType = 'SPOT' | 'MARGIN' | 'SWAP' | 'FUTURES' | 'OPTION';
export type OkxTradeMode = 'cross' | 'isolated' | 'cash';
export type OkxPosSide = 'net' | 'long' | 'short';

/** POST /api/v5/trade/order. Sizes and prices are the exchange's decimal strings, sent back unchanged. */
export interface OkxOrderRequest {
  readonly instId: string;
  readonly tdMode: OkxTradeMode;
  readonly side: 'buy' | 'sell';
  readonly ordType: 'market' | 'limit' | 'post_only' | 'fok' | 'ioc';
  readonly sz: string;
  readonly px?: string;
  readonly posSide?: OkxPosSide;
  readonly reduceOnly?: boolean;
  readonly clOrdId?: string;
  readonly tag?: string;
  readonly ccy?: string;
}

export type OkxOrderId = { readonly instId: string } & (
  { readonly ordId: string } | { readonly clOrdId: string }
);

export interface OkxAmendRequest {
  readonly instId: string;
  readonly ordId?: string;
  readonly clOrdId?: string;
  readonly newSz?: string;
  readonly newPx?: string;
  readonly reqId?: string;
}

/** POST /api/v5/trade/close-position: closes the whole position at market (docs/protocol.md "OKX positions"). */
export interface OkxClosePositionRequest {
  readonly instId: string;
  readonly mgnMode: 'cross' | 'isolated';
  readonly posSide?: OkxPosSide;
  readonly ccy?: string;
  readonly autoCxl?: boolean;
  readonly clOrdId?: string;
  readonly tag?: string;
}

/** The trigger feeds OKX offers for a stop or target (its default is `last`). */
export type OkxTriggerPxType = 'last' | 'index' | 'mark';

/**
 * POST /api/v5/trade/order-algo for Perch's legs (docs/protocol.md "OKX protection"): a `conditional`
 * stop or target that closes at market (`slOrdPx`/`tpOrdPx` "-1"), or a `move_order_stop` trailing stop.
 * Either `sz` or `closeFraction` "1" (the whole position, contracts only).
 */
export interface OkxAlgoOrderRequest {
  readonly instId: string;
  readonly tdMode: OkxTradeMode;
  readonly side: 'buy' | 'sell';
  readonly ordType: 'conditional' | 'move_order_stop';
  readonly posSide?: OkxPosSide;
  readonly sz?: string;
  readonly closeFraction?: '1';
  readonly reduceOnly?: boolean;
  readonly algoClOrdId?: string;
  readonly slTriggerPx?: string;
  readonly slOrdPx?: '-1';
  readonly slTriggerPxType?: OkxTriggerPxType;
  readonly tpTriggerPx?: string;
  readonly tpOrdPx?: '-1';
  readonly tpTriggerPxType?: OkxTriggerPxType;
  readonly callbackRatio?: string;
  readonly callbackSpread?: string;
  readonly activePx?: string;
}

/** POST /api/v5/trade/amend-algos: stops and targets only (OKX cannot amend a trailing stop). */
export interface OkxAmendAlgoRequest {
  readonly instId: string;
  readonly algoId: string;
  readonly newSz?: string;
  readonly newSlTriggerPx?: string;
  readonly newSlOrdPx?: '-1';
  readonly newSlTriggerPxType?: OkxTriggerPxType;
  readonly newTpTriggerPx?: string;
  readonly newTpOrdPx?: '-1';
  readonly newTpTriggerPxType?: OkxTriggerPxType;
}

/** The algo order types GET /api/v5/trade/orders-algo-pending lists one at a time. */
export type OkxAlgoOrdType = 'conditional' | 'oco' | 'move_order_stop' | 'trigger';

export function createOkxApi(client: OkxRestClient) {
  const call: OkxRestClient['call'] = (route, params) => client.call(route, params);
  return {
    getServerTime: async (): Promise<RestResult<number>> => {
      const result = await call(OKX_ROUTES.getPublicTime);
      return { ...result, data: readOkxServerTime(result) };
    },
    getInstruments: async (params: { instType: OkxInstType; instId?: string; instFamily?: string }) =>
      parseResultData(OkxInstruments, await call(OKX_ROUTES.getPublicInstruments, params)),
    getTicker: async (instId: string) =>
      parseResultData(OkxTickers, await call(OKX_ROUTES.getMarketTicker, { instId })),
    getTickers: async (params: { instType: OkxInstType; instFamily?: string }) =>
      parseResultData(OkxTickers, await call(OKX_ROUTES.getMarketTickers, params)),
    /** A perpetual's current funding rate and when it settles (docs/protocol.md "Funding"). */
    getFundingRate: async (instId: string) =>
      parseResultData(OkxFundingRates, await call(OKX_ROUTES.getPublicFundingRate, { instId })),
    /** Greeks and mark volatility of every option of one family ("BTC-USD"). */
    getOptionSummary: async (params: { instFamily: string }) =>
      parseResultData(OkxOptionSummaries, await call(OKX_ROUTES.getPublicOptSummary, params)),
    getOrderBook: async (params: { instId: string; sz?: number }) =>
      parseResultData(OkxOrderBook, await call(OKX_ROUTES.getMarketBooks, params)),
    getCandles: async (params: {
      instId: string;
      bar?: string;
      after?: string;
      before?: string;
      limit?: number;
    }) => parseResultData(OkxCandles, await call(OKX_ROUTES.getMarketCandles, params)),
    /** Rows [ts, o, h, l, c, confirm], newest first; `after` (a ts) pages back. */
    getMarkPriceCandles: async (params: { instId: string; bar?: string; after?: string; limit?: number }) =>
      parseResultData(OkxCandles, await call(OKX_ROUTES.getMarketMarkPriceCandles, params)),
    /** Closes of the last 3 months, newest first by uTime, 100 a page; `after` (a uTime) pages back. */
    getPositionsHistory: async (params: { after?: string; limit?: number } = {}) =>
      parseResultData(OkxClosedPositions, await call(OKX_ROUTES.getAccountPositionsHistory, params)),
    getBalance: async (params: { ccy?: string } = {}) =>
      parseResultData(OkxBalance, await call(OKX_ROUTES.getAccountBalance, params)),
    getPositions: async (params: { instType?: OkxInstType; instId?: string } = {}) =>
      parseResultData(OkxPositions, await call(OKX_ROUTES.getAccountPositions, params)),
    getAccountConfig: async () => parseResultData(OkxAccountConfig, await call(OKX_ROUTES.getAccountConfig)),
    /** Newest first, at most 100 a page (`limit`); `after` (an ordId) pages back. */
    getOpenOrders: async (
      params: { instType?: OkxInstType; instId?: string; after?: string; limit?: number } = {},
    ) => parseResultData(OkxOrders, await call(OKX_ROUTES.getTradeOrdersPending, params)),
    getOrder: async (params: OkxOrderId) =>
      parseResultData(OkxOrders, await call(OKX_ROUTES.getTradeOrder, params)),
    /** The account's fills of the last 3 days, newest first; `after` (a billId) pages back. */
    getFills: async (
      params: {
        instType?: OkxInstType;
        instId?: string;
        ordId?: string;
        /** Fills at or after this time (ms). */
        begin?: string;
        after?: string;
        limit?: number;
      } = {},
    ) => parseResultData(OkxFills, await call(OKX_ROUTES.getTradeFills, params)),
    placeOrder: async (order: OkxOrderRequest) =>
      parseResultData(OkxOrderAcks, await call(OKX_ROUTES.postTradeOrder, order)),
    amendOrder: async (amend: OkxAmendRequest) =>
      parseResultData(OkxOrderAcks, await call(OKX_ROUTES.postTradeAmendOrder, amend)),
    cancelOrder: async (order: OkxOrderId) =>
      parseResultData(OkxOrderAcks, await call(OKX_ROUTES.postTradeCancelOrder, order)),
    /** Up to 20 orders; per-item sCode/sMsg survive a partial failure (code "2"). */
    placeBatchOrders: async (orders: readonly OkxOrderRequest[]) =>
      parseResultData(OkxOrderAcks, await call(OKX_ROUTES.postTradeBatchOrders, orders)),
    cancelBatchOrders: async (orders: readonly OkxOrderId[]) =>
      parseResultData(OkxOrderAcks, await call(OKX_ROUTES.postTradeCancelBatchOrders, orders)),
    /** `timeOut` "0" turns it off, else "10" to "120" seconds (docs/protocol.md "Cancel all after"). */
    cancelAllAfter: async (params: { timeOut: string }) =>
      parseResultData(OkxCancelAllAfterAcks, await call(OKX_ROUTES.postTradeCancelAllAfter, params)),
    closePosition: async (request: OkxClosePositionRequest) =>
      parseResultData(OkxClosePositionAck, await call(OKX_ROUTES.postTradeClosePosition, request)),
    placeAlgoOrder: async (request: OkxAlgoOrderRequest) =>
      parseResultData(OkxAlgoAcks, await call(OKX_ROUTES.postTradeOrderAlgo, request)),
    amendAlgoOrder: async (request: OkxAmendAlgoRequest) =>
      parseResultData(OkxAlgoAcks, await call(OKX_ROUTES.postTradeAmendAlgos, request)),
    /** Takes a list, as OKX does (up to 10); protection cancels one leg at a time, cancel all ten. */
    cancelAlgoOrders: async (orders: readonly { instId: string; algoId: string }[]) =>
      parseResultData(OkxAlgoAcks, await call(OKX_ROUTES.postTradeCancelAlgos, orders)),
    /** One ordType a call, newest first, 100 a page; `after` (an algoId) pages back. */
    getPendingAlgoOrders: async (params: {
      ordType: OkxAlgoOrdType;
      instType?: OkxInstType;
      instId?: string;
      after?: string;
    }) => parseResultData(OkxAlgoOrders, await call(OKX_ROUTES.getTradeOrdersAlgoPending, params)),
  };
}

export type OkxApi = ReturnType<typeof createOkxApi>;
