import * as z from 'zod/mini';
import { optionalStrings } from '../transport/http-schema';

/**
 * Bybit result shapes at the boundary (docs/protocol.md "Server time and clock tolerance", "Bybit pushes", "Bybit positions", "Bybit instruments and tickers"). Prices and sizes are strings
 * and stay strings; loose objects keep fields we do not read.
 */

const str = z.string();
const optStr = z.optional(z.string());
const list = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({ category: optStr, list: z.array(item), nextPageCursor: optStr });

/** Bybit's own envelope `time` in ms: bybit-api reads this, not result.timeSecond (docs/protocol.md "Bybit server time"). */
export const BybitServerTime = z.looseObject({ time: z.number() });

export const BybitInstrument = z.looseObject({
  symbol: str,
  status: str,
  baseCoin: str,
  quoteCoin: str,
  ...optionalStrings('settleCoin', 'contractType', 'deliveryTime'),
  priceFilter: z.looseObject({ tickSize: str }),
  lotSizeFilter: z.looseObject({
    ...optionalStrings('qtyStep', 'basePrecision', 'minOrderQty', 'maxOrderQty'),
  }),
  leverageFilter: z.optional(z.looseObject({ maxLeverage: optStr })),
});
export type BybitInstrument = z.infer<typeof BybitInstrument>;
export const BybitInstruments = list(BybitInstrument);

/** The ticker's optional text fields: the schema's, and what the socket's hand check reads (hot-pushes.ts). */
export const BYBIT_TICKER_TEXTS = [
  'lastPrice',
  'bid1Price',
  'bid1Size',
  'ask1Price',
  'ask1Size',
  // Option tickers on the socket name the top of book without the "1" (Bybit docs, option ticker push).
  'bidPrice',
  'bidSize',
  'askPrice',
  'askSize',
  'markPrice',
  'indexPrice',
  'prevPrice24h',
  'highPrice24h',
  'lowPrice24h',
  'volume24h',
  'fundingRate',
  // Linear and inverse perpetuals: ms since the epoch; "" for a future (docs/protocol.md "Funding").
  'nextFundingTime',
  // Option tickers (docs/protocol.md "Bybit instruments and tickers").
  'delta',
  'gamma',
  'vega',
  'theta',
  'markIv',
  // The option socket names the mark's IV differently (docs/protocol.md "Bybit option socket").
  'markPriceIv',
] as const;

export const BybitTicker = z.looseObject({ symbol: str, ...optionalStrings(...BYBIT_TICKER_TEXTS) });
export type BybitTicker = z.infer<typeof BybitTicker>;
export const BybitTickers = list(BybitTicker);

const BybitLevel = z.tuple([str, str]);
export const BybitOrderBook = z.looseObject({
  s: str,
  b: z.array(BybitLevel),
  a: z.array(BybitLevel),
  ts: z.number(),
  u: z.optional(z.number()),
});
export type BybitOrderBook = z.infer<typeof BybitOrderBook>;

/** list of [startTime, open, high, low, close, volume, turnover], newest first. */
export const BybitKlines = z.looseObject({ symbol: optStr, category: optStr, list: z.array(z.array(str)) });

export const BybitWallet = z.looseObject({
  list: z.array(
    z.looseObject({
      // Account-level figures are "" in isolated margin (docs/protocol.md "Account margin and risk").
      ...optionalStrings(
        'totalEquity',
        'totalAvailableBalance',
        'totalInitialMargin',
        'totalMaintenanceMargin',
        'totalPerpUPL',
        'accountMMRate',
      ),
      coin: z.array(
        z.looseObject({
          coin: str,
          ...optionalStrings(
            'equity',
            'walletBalance',
            'usdValue',
            'unrealisedPnl',
            'availableToWithdraw',
            'totalPositionIM',
            'totalOrderIM',
            'totalPositionMM',
          ),
        }),
      ),
    }),
  ),
});
export type BybitWallet = z.infer<typeof BybitWallet>;

/** REST says avgPrice where the stream says entryPrice (docs/protocol.md "Bybit pushes"); both are accepted. */
export const BybitPosition = z.looseObject({
  category: optStr,
  symbol: str,
  side: str,
  size: str,
  positionIdx: z.number(),
  ...optionalStrings('avgPrice', 'entryPrice', 'markPrice', 'liqPrice', 'unrealisedPnl', 'leverage'),
  // Options only (docs/protocol.md "Bybit positions").
  ...optionalStrings('delta', 'gamma', 'vega', 'theta'),
  // Stops kept on the position itself (docs/protocol.md "Bybit protection"): "0" or "" when none.
  ...optionalStrings('takeProfit', 'stopLoss', 'trailingStop', 'breakEvenPrice'),
  tradeMode: z.optional(z.number()),
  // 1..5, 0 for a flat position (docs/protocol.md "Auto-deleveraging rank").
  adlRankIndicator: z.optional(z.number()),
  updatedTime: optStr,
});
export type BybitPosition = z.infer<typeof BybitPosition>;
export const BybitPositions = list(BybitPosition);

/** GET /v5/user/query-api: readOnly 0/1 and permission groups. */
export const BybitApiKeyInfo = z.looseObject({
  id: z.optional(z.union([str, z.number()])),
  apiKey: optStr,
  readOnly: z.number(),
  userID: z.optional(z.union([str, z.number()])),
  permissions: z.record(z.string(), z.array(z.string())),
  /** ["*"] when the key is not bound to addresses. */
  ips: z.optional(z.array(z.string())),
  /** ISO time; '' when the key does not expire (it is bound to IP addresses). */
  expiredAt: optStr,
});
export type BybitApiKeyInfo = z.infer<typeof BybitApiKeyInfo>;

export const BybitOrderAck = z.looseObject({ orderId: str, orderLinkId: optStr });
export type BybitOrderAck = z.infer<typeof BybitOrderAck>;
export const BybitBatchAcks = z.looseObject({
  list: z.array(z.looseObject({ symbol: optStr, orderId: optStr, orderLinkId: optStr })),
});
/** The per-item status of a batch (envelope retExtInfo.list). */
export const BybitBatchStatus = z.looseObject({
  retExtInfo: z.looseObject({ list: z.array(z.looseObject({ code: z.number(), msg: optStr })) }),
});

/** POST /v5/order/cancel-all: the orders it cancelled; `success` "1" (newer answers only). */
export const BybitCancelAll = z.looseObject({
  list: z.array(z.looseObject({ orderId: str, orderLinkId: optStr })),
  success: optStr,
});
export type BybitCancelAll = z.infer<typeof BybitCancelAll>;

export const BybitOrder = z.looseObject({
  category: optStr,
  symbol: str,
  orderId: str,
  orderLinkId: optStr,
  side: z.enum(['Buy', 'Sell']),
  orderType: str,
  price: optStr,
  qty: str,
  cumExecQty: optStr,
  cumExecValue: optStr,
  marketUnit: optStr,
  avgPrice: optStr,
  orderStatus: str,
  reduceOnly: z.optional(z.boolean()),
  updatedTime: optStr,
  createdTime: optStr,
  // Conditional orders: stops and targets (docs/protocol.md "Bybit protection").
  positionIdx: z.optional(z.number()),
  ...optionalStrings('stopOrderType', 'triggerPrice', 'triggerBy', 'tpslMode'),
  // Who made it (docs/protocol.md "Order origin").
  createType: optStr,
});
export type BybitOrder = z.infer<typeof BybitOrder>;
export const BybitOrders = list(BybitOrder);

/** An execution/list row and `execution` push item (docs/protocol.md "Bybit executions"). */
export const BybitExecution = z.looseObject({
  symbol: str,
  orderId: str,
  orderLinkId: optStr,
  execId: str,
  side: z.enum(['Buy', 'Sell']),
  execPrice: str,
  execQty: str,
  execType: optStr,
  execFee: optStr,
  isMaker: z.optional(z.boolean()),
  execTime: str,
});
export type BybitExecution = z.infer<typeof BybitExecution>;
export const BybitExecutions = list(BybitExecution);

/** GET /v5/position/closed-pnl: one closing order's close (docs/protocol.md "Position history"). */
export const BybitClosedPnl = z.looseObject({
  symbol: str,
  orderId: str,
  side: z.enum(['Buy', 'Sell']),
  updatedTime: str,
  ...optionalStrings('execType', 'closedSize', 'avgExitPrice', 'closedPnl'),
});
export type BybitClosedPnl = z.infer<typeof BybitClosedPnl>;
export const BybitClosedPnls = list(BybitClosedPnl);
