import {
  absoluteDecimal,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  subtractDecimals,
} from '../exchanges/decimal';

/**
 * A position's risk figures, in exact decimals: computed by the worker for the portfolio's views and
 * judged against the trader's thresholds by every screen (popup rows, toolbar badge).
 */

export type RiskLevel = 'ok' | 'warning' | 'danger';

/** The trader's thresholds, in percent of the mark (settings `risk`). */
export interface RiskThresholds {
  readonly warnBelowPercent: number;
  readonly dangerBelowPercent: number;
}

const isZero = (value: string) => compareDecimals(value, '0') === 0;

/**
 * How far the mark may move before liquidation, in percent of the mark: |mark - liq| / mark x 100, to 8
 * places. Undefined without a mark or a liquidation price (a "0" liquidation price means none).
 */
export function liquidationDistancePercent(
  mark: string | undefined,
  liquidationPrice: string | undefined,
): string | undefined {
  if (mark === undefined || liquidationPrice === undefined || liquidationPrice.trim() === '')
    return undefined;
  if (isZero(liquidationPrice) || isZero(mark)) return undefined;
  const gap = absoluteDecimal(subtractDecimals(mark, liquidationPrice));
  return divideDecimals(multiplyDecimals(gap, '100'), mark);
}

/** 'danger' under the danger threshold, 'warning' under the warning one, else 'ok'; undefined when unknown. */
export function riskLevel(
  distancePercent: string | undefined,
  thresholds: RiskThresholds,
): RiskLevel | undefined {
  if (distancePercent === undefined) return undefined;
  if (compareDecimals(distancePercent, String(thresholds.dangerBelowPercent)) < 0) return 'danger';
  if (compareDecimals(distancePercent, String(thresholds.warnBelowPercent)) < 0) return 'warning';
  return 'ok';
}

/**
 * What the next funding does to a position, signed from the trader's side: size in coin x mark x rate, a
 * long paying a positive rate (negative result) and a short receiving it (positive result). Undefined
 * when any figure is unknown.
 */
export function nextFundingPayment(
  side: 'long' | 'short',
  sizeCoin: string | undefined,
  mark: string | undefined,
  rate: string | undefined,
): string | undefined {
  if (sizeCoin === undefined || mark === undefined || rate === undefined) return undefined;
  const paid = multiplyDecimals(multiplyDecimals(absoluteDecimal(sizeCoin), mark), rate);
  return side === 'long' ? multiplyDecimals(paid, '-1') : paid;
}
