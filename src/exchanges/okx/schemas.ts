import * as z from 'zod/mini';

/**
 * OKX result shapes at the boundary (PROTOCOL.md §3, §7.1, §9.1, §10.1). Numbers arrive as strings and
 * stay strings; loose objects keep fields we do not read. Every `data` is an array.
 */

const str = z.string();
const optStr = z.optional(z.string());

export const OkxServerTime = z.tuple([z.looseObject({ ts: str })], z.unknown());

export const OkxInstrument = z.looseObject({
  instType: str,
  instId: str,
  baseCcy: optStr,
  quoteCcy: optStr,
  settleCcy: optStr,
  uly: optStr,
  instFamily: optStr,
  ctVal: optStr,
  ctMult: optStr,
  ctValCcy: optStr,
  ctType: optStr,
  tickSz: str,
  lotSz: str,
  minSz: str,
  lever: optStr,
  state: str,
  expTime: optStr,
});
export type OkxInstrument = z.infer<typeof OkxInstrument>;
export const OkxInstruments = z.array(OkxInstrument);

export const OkxTicker = z.looseObject({
  instType: optStr,
  instId: str,
  last: optStr,
  lastSz: optStr,
  askPx: optStr,
  askSz: optStr,
  bidPx: optStr,
  bidSz: optStr,
  open24h: optStr,
  high24h: optStr,
  low24h: optStr,
  vol24h: optStr,
  volCcy24h: optStr,
  ts: str,
});
export type OkxTicker = z.infer<typeof OkxTicker>;
export const OkxTickers = z.array(OkxTicker);

/** A level: [price, size, deprecated "0", order count]; only price and size are read. */
const OkxLevel = z.array(z.string());
export const OkxOrderBook = z.array(
  z.looseObject({ asks: z.array(OkxLevel), bids: z.array(OkxLevel), ts: str }),
);
export type OkxOrderBook = z.infer<typeof OkxOrderBook>[number];

/** [ts, open, high, low, close, vol, volCcy, volCcyQuote, confirm]. */
export const OkxCandles = z.array(z.array(z.string()));

export const OkxBalance = z.array(
  z.looseObject({
    totalEq: optStr,
    uTime: optStr,
    details: z.array(
      z.looseObject({
        ccy: str,
        eq: optStr,
        cashBal: optStr,
        availBal: optStr,
        availEq: optStr,
        frozenBal: optStr,
        upl: optStr,
        eqUsd: optStr,
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
  posCcy: optStr,
  ccy: optStr,
  avgPx: optStr,
  markPx: optStr,
  liqPx: optStr,
  upl: optStr,
  lever: optStr,
  availPos: optStr,
  uTime: optStr,
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

/** close-position answers with instId and posSide, plus clOrdId and tag (PROTOCOL.md §14.17). */
export const OkxClosePositionAck = z.array(
  z.looseObject({ instId: str, posSide: optStr, clOrdId: optStr, tag: optStr }),
);

/** GET /api/v5/trade/order and orders-pending: the fields an Order needs. */
export const OkxOrder = z.looseObject({
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
  reduceOnly: optStr,
  uTime: optStr,
  cTime: optStr,
});
export type OkxOrder = z.infer<typeof OkxOrder>;
export const OkxOrders = z.array(OkxOrder);
