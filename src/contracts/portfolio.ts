import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import { defineMessage } from './define';
import { orderView } from './orders';

/**
 * What a UI receives of the portfolio: the hub sends these over ports, the screens render them. Prices
 * and sizes stay the exchange's decimal strings; PnL, notional and totals are numbers for display only
 * (rounded to 8 decimal places, never sent back to an exchange).
 */

const decimal = z.optional(z.string());
const amount = z.optional(z.number());

export const quoteView = z.object({
  exchange: exchangeId,
  kind: instrumentKind,
  symbol: z.string(),
  last: decimal,
  bid: decimal,
  ask: decimal,
  mark: decimal,
  index: decimal,
  high24h: decimal,
  low24h: decimal,
  volume24h: decimal,
  fundingRate: decimal,
  /** When the worker received it (ms since epoch): the UI shows its age. */
  receivedAt: z.number(),
  /** True when this quote may be out of date: old, its stream stale, or restored after a worker restart. */
  stale: z.boolean(),
});
export type QuoteView = z.infer<typeof quoteView>;

/** One stop, target or trailing stop waiting on a position (exchanges/protection-types.ts ProtectionLeg). */
export const protectionLegView = z.object({
  /** What moveProtection and cancelProtection name it by. */
  id: z.string(),
  role: z.enum(['stop', 'target', 'trailing']),
  /** Trailing: the stop the exchange has ratcheted to, once it is known. */
  triggerPrice: decimal,
  triggerBy: z.enum(['mark', 'last', 'index']),
  /** In the exchange's order unit; absent = the whole position. */
  size: decimal,
  trailing: z.optional(z.object({ distance: decimal, ratio: decimal, activationPrice: decimal })),
});
export type ProtectionLegView = z.infer<typeof protectionLegView>;

/** A position's protection as a screen shows it: its legs and their status, also in words. */
export const protectionView = z.object({
  legs: z.array(protectionLegView),
  status: z.enum(['unprotected', 'stop-set', 'stop-beyond-liquidation', 'breakeven']),
  /** "unprotected", "stop set", "stop beyond liquidation", "breakeven". */
  words: z.string(),
});
export type ProtectionView = z.infer<typeof protectionView>;

export const positionView = z.object({
  exchange: exchangeId,
  symbol: z.string(),
  kind: instrumentKind,
  side: z.enum(['long', 'short']),
  slot: z.enum(['one-way', 'long', 'short']),
  /** In the exchange's order unit: what a close sends back. */
  sizeContracts: z.string(),
  sizeCoin: decimal,
  entryPrice: decimal,
  /** The latest mark: from the quote stream when it has one, else the exchange's own at the last push. */
  markPrice: decimal,
  liquidationPrice: decimal,
  /** The exchange's breakeven price (fees included), when it sends one; a stop there is "breakeven". */
  breakEvenPrice: decimal,
  leverage: decimal,
  marginMode: z.optional(z.enum(['cross', 'isolated'])),
  /** Unrealised PnL in the settle coin (USDT/USDC for linear, the base coin for inverse). */
  pnl: amount,
  settleCoin: z.optional(z.string()),
  pnlUsd: amount,
  /** Unrealised PnL as a percentage of the initial margin (entry notional / leverage). */
  pnlPercent: amount,
  /** "mark": recomputed from the live mark; "exchange": the exchange's own figure as last pushed. */
  pnlSource: z.enum(['mark', 'exchange']),
  /** Exposure in USD: the positions list is sorted by it, largest first. */
  notionalUsd: amount,
  /** Absent until the exchange has listed this account's stops and targets since the worker started. */
  protection: z.optional(protectionView),
  /** |mark - liquidation| / mark in percent (position-risk.ts); absent without a mark or liquidation price. */
  liquidationDistancePercent: decimal,
  /** The auto-deleveraging queue, 1 (last in line) to 5 (first); absent where the exchange gives none. */
  adlRank: z.optional(z.number()),
  /** Perpetuals, once the quote stream brought a funding rate. */
  funding: z.optional(
    z.object({
      rate: z.string(),
      /** When the rate is next settled (ms since epoch), when the exchange said. */
      nextFundingTime: z.optional(z.number()),
      /** What the next funding does to this position: positive received, negative paid, in `unit`. */
      nextPayment: decimal,
      /** The settle coin of a linear contract, USD for an inverse one. */
      unit: z.string(),
    }),
  ),
});
export type PositionView = z.infer<typeof positionView>;

/** How close an account is to liquidation, in the exchange's own measure (exchanges/balance.ts MarginRisk). */
export const marginRiskView = z.object({
  kind: z.enum(['okx-margin-ratio', 'maintenance-margin-rate']),
  /** 1 meaning 100 %. */
  value: z.string(),
});
export type MarginRiskView = z.infer<typeof marginRiskView>;

/** An exchange's account in USD (exchanges/balance.ts AccountFigures); a figure is absent where it gives none. */
export const balanceView = z.object({
  exchange: exchangeId,
  totalEquityUsd: decimal,
  availableUsd: decimal,
  usedMarginUsd: decimal,
  maintenanceMarginUsd: decimal,
  unrealisedPnlUsd: decimal,
  marginRisk: z.optional(marginRiskView),
  coins: z.array(
    z.object({
      coin: z.string(),
      equity: decimal,
      /** Only where the exchange states what is available in this coin. */
      available: decimal,
      walletBalance: decimal,
      unrealisedPnl: decimal,
      usdValue: decimal,
      usedMargin: decimal,
      maintenanceMargin: decimal,
      marginRisk: z.optional(marginRiskView),
    }),
  ),
});
export type BalanceView = z.infer<typeof balanceView>;

export { orderView, type OrderView } from './orders';
/**
 * One account figure summed over the exchanges that have an account: `usd` only when every one of them
 * stated it (an unknown is never added as 0); `missing` names those that did not.
 */
export const accountTotalFigure = z.object({ usd: decimal, missing: z.array(exchangeId) });
export type AccountTotalFigure = z.infer<typeof accountTotalFigure>;

export const accountTotalView = z.object({
  equityUsd: accountTotalFigure,
  availableUsd: accountTotalFigure,
  usedMarginUsd: accountTotalFigure,
  unrealisedPnlUsd: accountTotalFigure,
});
export type AccountTotalView = z.infer<typeof accountTotalView>;

/** A coin's positions netted across both exchanges (an OKX long and a Bybit short of BTC net out). */
export const exposureView = z.object({
  coin: z.string(),
  /** Signed: positive net long, negative net short. */
  netCoin: z.string(),
  /** Signed, at each position's mark; absent when a mark or a size in coin is unknown. */
  netUsd: decimal,
  /** Each exchange's signed size in coin of this coin. */
  byExchange: z.array(z.object({ exchange: exchangeId, sizeCoin: z.string() })),
});
export type ExposureView = z.infer<typeof exposureView>;

/** How current an exchange's account data is. */
export const freshnessView = z.object({
  exchange: exchangeId,
  /** Painted from the snapshot taken before the worker restarted; no fresh account data yet. */
  restored: z.boolean(),
  /**
   * Its positions are known: the exchange listed them since the worker started, or the kept snapshot
   * did (`restored`). Until then an empty list means "not known yet", never "no positions".
   */
  positionsKnown: z.boolean(),
  /** Its stream is stale or down: what is shown may be out of date. */
  stale: z.boolean(),
  /** When its account data last changed (ms since epoch); undefined before any arrived. */
  updatedAt: z.optional(z.number()),
});
export type FreshnessView = z.infer<typeof freshnessView>;

export const totalsView = z.object({
  /** Unrealised PnL in USD per exchange, over the positions whose PnL is known. */
  pnlUsd: z.object({ okx: z.number(), bybit: z.number() }),
  overallPnlUsd: z.number(),
  /** Both exchanges' accounts summed; absent before any balance arrived. */
  account: z.optional(accountTotalView),
  /** Net exposure per coin, largest in USD first. */
  exposure: z.optional(z.array(exposureView)),
});
export type TotalsView = z.infer<typeof totalsView>;

export const portfolioView = z.object({
  quotes: z.array(quoteView),
  positions: z.array(positionView),
  balances: z.array(balanceView),
  orders: z.array(orderView),
  totals: totalsView,
  freshness: z.array(freshnessView),
});
export type PortfolioView = z.infer<typeof portfolioView>;

/** An exchange's own instrument id: OKX instId (BTC-USDT-SWAP), Bybit symbol (BTCUSDT). */
export const INSTRUMENT_SYMBOL = /^[A-Z0-9][A-Z0-9._-]{0,63}$/;

/** The longest watchlist a trader can keep: each entry is a quote stream the worker holds open. */
export const WATCHLIST_MAX = 40;

/** One watched instrument: the exchange's own id and kind (a neutral InstrumentRef plus its exchange). */
export const watchlistEntry = z.strictObject({
  exchange: exchangeId,
  kind: instrumentKind,
  symbol: z.string().check(z.regex(INSTRUMENT_SYMBOL)),
  contractType: z.optional(z.enum(['linear', 'inverse'])),
});
export type WatchlistEntry = z.infer<typeof watchlistEntry>;

export const getWatchlist = defineMessage({
  name: 'getWatchlist',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: z.object({ instruments: z.array(watchlistEntry) }),
});

/** Replaces the watchlist. The entries are checked by the handler, which names what is wrong in words. */
export const saveWatchlist = defineMessage({
  name: 'saveWatchlist',
  senders: ['popup', 'options'],
  request: z.strictObject({ instruments: z.array(z.unknown()) }),
  response: z.object({ instruments: z.array(watchlistEntry) }),
});
