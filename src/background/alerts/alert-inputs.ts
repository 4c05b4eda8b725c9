import type { CloseReason, ExchangeId, InstrumentKind, PositionSlot } from '../../exchanges';

/**
 * What the alert rules are fed: each a fact the worker learnt from a stream push, a portfolio figure, or a
 * REST read on waking (`late`). The rules never reach for anything else, so they run on fake time.
 */

/** A price of one instrument at `ts` (a ticker push, a REST quote, or a minute candle read on waking). */
export interface PriceInput {
  readonly type: 'price';
  readonly exchange: ExchangeId;
  readonly kind: InstrumentKind;
  readonly symbol: string;
  readonly last: string | undefined;
  readonly mark: string | undefined;
  readonly ts: number;
}

/**
 * The range one minute candle traded through, read from REST after the worker was stopped: a level crossed
 * inside it fired at `start` (the candle's open time) at the latest by `end`.
 */
export interface CandleInput {
  readonly type: 'candle';
  readonly exchange: ExchangeId;
  readonly kind: InstrumentKind;
  readonly symbol: string;
  readonly start: number;
  readonly end: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** True for mark-price candles. */
  readonly mark: boolean;
}

/** An order filled, wholly or in part (the orders stream, or the fills read on waking). */
export interface FillInput {
  readonly type: 'fill';
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly orderId: string;
  readonly side: 'buy' | 'sell';
  /** How much of the order has filled so far, and of how much. */
  readonly filledSize: string;
  readonly orderSize: string | undefined;
  readonly price: string | undefined;
  readonly whole: boolean;
  readonly ts: number;
}

/** A stop, target or trailing stop fired. */
export interface StopInput {
  readonly type: 'stop';
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly legId: string;
  readonly role: 'stop' | 'target' | 'trailing';
  readonly triggerPrice: string | undefined;
  readonly ts: number;
}

/** A position closed, wholly or in part, and why. `id` is stable across the stream and REST. */
export interface ClosedInput {
  readonly type: 'closed';
  /**
   * Seen on the stream as it happened, or read from the exchange's history on waking: the same close can
   * be seen once each way, never twice the same way (two stream closes are two closes).
   */
  readonly source: 'stream' | 'history';
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly slot: PositionSlot;
  readonly id: string;
  readonly reason: CloseReason;
  readonly whole: boolean;
  readonly price: string | undefined;
  readonly realisedPnl: string | undefined;
  readonly ts: number;
}

/** A position's figures from the portfolio, on every change of its mark. */
export interface PositionRiskInput {
  readonly type: 'position-risk';
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly slot: PositionSlot;
  /** Distance to liquidation in % of mark; undefined when the exchange gives no liquidation price. */
  readonly liquidationDistancePercent: string | undefined;
  readonly mark: string | undefined;
  readonly liquidationPrice: string | undefined;
  /** Funding rate (a fraction) and when it settles, for perpetuals. */
  readonly fundingRate: string | undefined;
  readonly nextFundingTime: number | undefined;
  /** Whether this position pays at the current rate (a long pays a positive rate). */
  readonly pays: boolean | undefined;
  readonly ts: number;
}

/** An exchange account's margin ratio (maintenance margin over equity) in %. */
export interface MarginInput {
  readonly type: 'margin';
  readonly exchange: ExchangeId;
  readonly marginRatioPercent: string;
  readonly ts: number;
}

export type AlertInput =
  PriceInput | CandleInput | FillInput | StopInput | ClosedInput | PositionRiskInput | MarginInput;
