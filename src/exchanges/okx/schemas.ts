import * as z from 'zod/mini';
import { optionalStrings } from '../transport/http-schema';

/**
 * OKX result shapes at the boundary (docs/protocol.md "Server time and clock tolerance", "OKX pushes", "OKX positions", "OKX instruments and tickers"). Numbers arrive as strings and
 * stay strings; loose objects keep fields we do not read. Every `data` is an array.
 */

const str = z.string();
const optStr = z.optional(z.string());

export const OkxServerTime = z.tuple([z.looseObject({ ts: str })], z.unknown());

export const OkxInstrument = z.looseObject({
  instType: str,
  instId: str,
  ...optionalStrings(
    'baseCcy',
    'quoteCcy',
    'settleCcy',
    'uly',
    'instFamily',
    'ctVal',
    'ctMult',
    'ctValCcy',
    'ctType',
  ),
  tickSz: str,
  lotSz: str,
  minSz: str,
  lever: optStr,
  state: str,
  expTime: optStr,
});
export type OkxInstrument = z.infer<typeof OkxInstrument>;
export const OkxInstruments = z.array(OkxInstrument);

/** The ticker's optional text fields: the schema's, and what the socket's hand check reads (hot-pushes.ts). */
export const OKX_TICKER_TEXTS = [
  'instType',
  'last',
  'lastSz',
  'askPx',
  'askSz',
  'bidPx',
  'bidSz',
  'open24h',
  'high24h',
  'low24h',
  'vol24h',
  'volCcy24h',
] as const;

export const OkxTicker = z.looseObject({ instId: str, ...optionalStrings(...OKX_TICKER_TEXTS), ts: str });
export type OkxTicker = z.infer<typeof OkxTicker>;
export const OkxTickers = z.array(OkxTicker);

/** GET /api/v5/public/opt-summary: per option, Black-Scholes greeks and the mark's implied volatility. */
export const OkxOptionSummaries = z.array(
  z.looseObject({
    instId: str,
    ...optionalStrings('deltaBS', 'gammaBS', 'vegaBS', 'thetaBS', 'markVol', 'ts'),
  }),
);
export type OkxOptionSummary = z.infer<typeof OkxOptionSummaries>[number];

/**
 * GET /api/v5/public/funding-rate and the `funding-rate` channel: the current rate and `fundingTime`, when
 * it settles (docs/protocol.md "Funding").
 */
export const OkxFundingRates = z.array(
  z.looseObject({
    instId: str,
    ...optionalStrings('fundingRate', 'fundingTime', 'nextFundingTime'),
    ts: str,
  }),
);
export type OkxFundingRate = z.infer<typeof OkxFundingRates>[number];

/** A level: [price, size, deprecated "0", order count]; only price and size are read. */
const OkxLevel = z.array(z.string());
export const OkxOrderBook = z.array(
  z.looseObject({ asks: z.array(OkxLevel), bids: z.array(OkxLevel), ts: str }),
);
export type OkxOrderBook = z.infer<typeof OkxOrderBook>[number];

/** [ts, open, high, low, close, vol, volCcy, volCcyQuote, confirm]. */
export const OkxCandles = z.array(z.array(z.string()));

/**
 * account/balance and the `account` channel. Account-level margin fields are "" in Futures mode, the
 * per-currency imr, mmr and mgnRatio "" in every other mode (docs/protocol.md "Account margin and risk").
 */
export const OkxBalance = z.array(
  z.looseObject({
    totalEq: optStr,
    uTime: optStr,
    ...optionalStrings('availEq', 'imr', 'mmr', 'mgnRatio', 'upl'),
    details: z.array(
      z.looseObject({
        ccy: str,
        ...optionalStrings('eq', 'cashBal', 'availBal', 'availEq', 'frozenBal', 'upl', 'eqUsd'),
        ...optionalStrings('imr', 'mmr', 'mgnRatio'),
      }),
    ),
  }),
);
export type OkxBalance = z.infer<typeof OkxBalance>[number];

export const OkxPosition = z.looseObject({
  instType: str,
  instId: str,
  mgnMode: optStr,
  posSide: str,
  pos: str,
  ...optionalStrings('posCcy', 'ccy', 'avgPx', 'markPx', 'liqPx', 'upl', 'lever', 'availPos', 'uTime'),
  // Breakeven price, fees included (docs/protocol.md "OKX protection"); "" when flat.
  bePx: optStr,
  // Option greeks in Black-Scholes terms (docs/protocol.md "OKX positions").
  ...optionalStrings('deltaBS', 'gammaBS', 'vegaBS', 'thetaBS'),
  // Auto-deleveraging rank "1".."5", "" when none (docs/protocol.md "Auto-deleveraging rank").
  adl: optStr,
});
export type OkxPosition = z.infer<typeof OkxPosition>;
export const OkxPositions = z.array(OkxPosition);

/** GET /api/v5/account/config: `perm` is "read_only", "read_only,trade" or "read_only,withdraw,trade". */
export const OkxAccountConfig = z.array(
  z.looseObject({ uid: str, acctLv: optStr, posMode: optStr, perm: str, label: optStr, ip: optStr }),
);
export type OkxAccountConfig = z.infer<typeof OkxAccountConfig>[number];

/** Per-item answer of order, amend, cancel and batch endpoints. */
export const OkxOrderAcks = z.array(
  z.looseObject({ ordId: z.optional(z.string()), clOrdId: optStr, tag: optStr, sCode: str, sMsg: optStr }),
);
export type OkxOrderAck = z.infer<typeof OkxOrderAcks>[number];

/** close-position answers with instId and posSide, plus clOrdId and tag (docs/protocol.md "OKX close-position answer"). */
export const OkxClosePositionAck = z.array(
  z.looseObject({ instId: str, posSide: optStr, clOrdId: optStr, tag: optStr }),
);

/** GET /api/v5/trade/order and orders-pending: the fields an Order needs. */
export const OkxOrder = z.looseObject({
  instType: optStr,
  instId: str,
  ordId: str,
  clOrdId: optStr,
  side: z.enum(['buy', 'sell']),
  ordType: str,
  px: optStr,
  sz: str,
  accFillSz: optStr,
  avgPx: optStr,
  state: str,
  ...optionalStrings('reduceOnly', 'uTime', 'cTime', 'tgtCcy'),
  // Who made it (docs/protocol.md "Order origin").
  ...optionalStrings('category', 'source', 'algoId', 'tpTriggerPx', 'slTriggerPx'),
});
export type OkxOrder = z.infer<typeof OkxOrder>;
export const OkxOrders = z.array(OkxOrder);

/** GET /api/v5/trade/fills (last 3 days) and fills-history rows; the fills channel pushes a subset. */
export const OkxFill = z.looseObject({
  instId: str,
  tradeId: str,
  ordId: str,
  side: z.enum(['buy', 'sell']),
  fillPx: str,
  fillSz: str,
  ts: str,
  ...optionalStrings('instType', 'clOrdId', 'fee', 'feeCcy', 'execType', 'fillTime', 'billId'),
});
export type OkxFill = z.infer<typeof OkxFill>;
export const OkxFills = z.array(OkxFill);

/** trade/cancel-all-after: when it fires ("0" when off) and when OKX took the request (docs/protocol.md "Cancel all after"). */
export const OkxCancelAllAfterAcks = z.array(z.looseObject({ triggerTime: str, tag: optStr, ts: str }));

/**
 * GET /api/v5/account/positions-history: one close of a position (docs/protocol.md "Position history");
 * `type` says how it closed, `uTime` when.
 */
export const OkxClosedPositions = z.array(
  z.looseObject({
    instType: str,
    instId: str,
    posId: str,
    posSide: str,
    type: str,
    uTime: str,
    ...optionalStrings('closeAvgPx', 'closeTotalPos', 'realizedPnl', 'direction'),
  }),
);
export type OkxClosedPosition = z.infer<typeof OkxClosedPositions>[number];
