import type { ExchangeId } from './model';

// An account's balance and margin in the same words on both exchanges; model.ts re-exports it.

/**
 * How close an account (or one currency of it) is to liquidation, in the exchange's own measure. The two
 * run in opposite directions, so each carries its kind and a screen cannot read one as the other
 * (docs/protocol.md "Account margin and risk"):
 * - `okx-margin-ratio`: OKX `mgnRatio`, adjusted equity over maintenance margin; higher is safer, and
 *   OKX liquidates at 1 (100 %);
 * - `maintenance-margin-rate`: Bybit `accountMMRate`, maintenance margin over margin balance; lower is
 *   safer, and Bybit liquidates at 1 (100 %).
 */
export interface MarginRisk {
  readonly kind: 'okx-margin-ratio' | 'maintenance-margin-rate';
  /** The exchange's decimal string, 1 meaning 100 % (OKX "3.5" is 350 %, Bybit "0.25" is 25 %). */
  readonly value: string;
}

export interface BalanceCoin {
  readonly coin: string;
  readonly equity: string | undefined;
  /**
   * What the exchange states is available in this coin; undefined where it states none. Never the
   * account's available told in the coin: that is `Balance.availableUsd`.
   */
  readonly available: string | undefined;
  readonly walletBalance: string | undefined;
  readonly unrealisedPnl: string | undefined;
  readonly usdValue: string | undefined;
  /** Initial margin held in this coin (OKX `imr` in Futures mode; Bybit `totalPositionIM` + `totalOrderIM`). */
  readonly usedMargin: string | undefined;
  /** Maintenance margin of this coin's positions (OKX `mmr` in Futures mode; Bybit `totalPositionMM`). */
  readonly maintenanceMargin: string | undefined;
  /** OKX Futures mode's per-currency `mgnRatio`; no other account states a coin's risk. */
  readonly marginRisk: MarginRisk | undefined;
}

/**
 * The account as the exchange reports it, in USD. Each figure is undefined where the exchange sends "" or
 * nothing for the account's mode (OKX Futures mode; Bybit isolated margin): then only the coins carry them.
 */
export interface AccountFigures {
  readonly totalEquityUsd: string | undefined;
  /** OKX account `availEq`, Bybit `totalAvailableBalance`. */
  readonly availableUsd: string | undefined;
  /** Initial margin of positions and open orders: OKX `imr`, Bybit `totalInitialMargin`. */
  readonly usedMarginUsd: string | undefined;
  /** OKX `mmr`, Bybit `totalMaintenanceMargin`. */
  readonly maintenanceMarginUsd: string | undefined;
  /** OKX account `upl`, Bybit `totalPerpUPL` (perpetuals and futures). */
  readonly unrealisedPnlUsd: string | undefined;
  readonly marginRisk: MarginRisk | undefined;
}

export interface Balance extends AccountFigures {
  readonly exchange: ExchangeId;
  readonly coins: readonly BalanceCoin[];
}

/** The exchange's risk figure of a kind, or undefined where it sent none. */
export function marginRiskOf(kind: MarginRisk['kind'], value: string | undefined): MarginRisk | undefined {
  return value === undefined ? undefined : { kind, value };
}

/** A balance that knows nothing: what an exchange's empty answer maps to. */
export function emptyBalance(exchange: ExchangeId): Balance {
  return {
    exchange,
    totalEquityUsd: undefined,
    availableUsd: undefined,
    usedMarginUsd: undefined,
    maintenanceMarginUsd: undefined,
    unrealisedPnlUsd: undefined,
    marginRisk: undefined,
    coins: [],
  };
}
