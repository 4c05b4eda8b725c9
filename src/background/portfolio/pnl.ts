import type { Position } from '../../exchanges';

/**
 * Unrealised PnL of one position at a given mark. Plain numbers, rounded to 8 places: these figures are
 * only displayed and summed, never sent to an exchange (the Exchange keeps its exact decimal maths
 * private; what goes back to an exchange stays its own decimal strings).
 *
 * - Linear (USDT/USDC-margined, spot, margin): (mark - entry) x size in coin x side, in the settle coin,
 *   counted 1:1 as USD.
 * - Inverse (coin-margined): (1/entry - 1/mark) x size in USD x side, in the base coin; USD = that x mark.
 *   The Exchange gives inverse sizes in coin at the push's own mark, so size in USD = sizeCoin x that mark.
 * - Options: only the exchange's own figure (their premium maths differs per exchange).
 *
 * While the live mark equals the mark of the exchange's last push, the exchange's own upl is shown: it is
 * the authority at that mark (fees, funding, its own rounding). PnL % is of the initial margin (entry
 * notional / leverage), as both exchanges show ROE; undefined when the leverage is unknown.
 */
export interface PositionPnl {
  readonly markPrice: string | undefined;
  /** In the settle coin. */
  readonly pnl: number | undefined;
  readonly pnlUsd: number | undefined;
  readonly pnlPercent: number | undefined;
  readonly pnlSource: 'mark' | 'exchange';
  readonly notionalUsd: number | undefined;
  readonly settleCoin: string | undefined;
}

const PLACES = 1e8;
const round = (value: number): number => Math.round(value * PLACES) / PLACES || 0;

function toNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** OKX names coin-margined instruments BASE-USD-…; Bybit files them under the "inverse" category. */
export function isInverse(position: Position): boolean {
  if (position.exchange === 'bybit') return position.category === 'inverse';
  const isDerivative = position.instrumentKind === 'perpetual' || position.instrumentKind === 'future';
  return isDerivative && position.symbol.split('-')[1] === 'USD';
}

/** The base and quote coin of an instrument: OKX BTC-USDT-SWAP's parts; Bybit BTCUSDT's USDT/USDC/USD suffix. */
export function instrumentCoins(
  position: Pick<Position, 'exchange' | 'symbol'>,
): { base: string; quote: string } | undefined {
  if (position.exchange === 'okx') {
    const [base, quote] = position.symbol.split('-');
    return base === undefined || quote === undefined ? undefined : { base, quote };
  }
  const match = /^([A-Z0-9]+?)(USDT|USDC|USD)(?:-.*)?$/.exec(position.symbol);
  return match?.[1] === undefined || match[2] === undefined ? undefined : { base: match[1], quote: match[2] };
}

/** The quote coin of a linear instrument, the base coin of an inverse one. */
export function settleCoinOf(position: Position): string | undefined {
  const coins = instrumentCoins(position);
  return isInverse(position) ? coins?.base : coins?.quote;
}

export function positionPnl(position: Position, liveMark: string | undefined): PositionPnl {
  const markPrice = liveMark ?? position.markPrice;
  const sign = position.side === 'short' ? -1 : 1;
  const inverse = isInverse(position);
  const settleCoin = settleCoinOf(position);
  const mark = toNumber(markPrice);
  const entry = toNumber(position.entryPrice);
  const sizeCoin = toNumber(position.sizeCoin);
  const leverage = toNumber(position.leverage);
  const exchangePnl = toNumber(position.unrealisedPnl);
  const unchanged = liveMark === undefined || liveMark === position.markPrice;

  const sizeUsd = inverse ? multiply(sizeCoin, toNumber(position.markPrice)) : undefined;
  const notionalUsd = inverse ? sizeUsd : multiply(sizeCoin, mark);
  const entryNotional = inverse
    ? divide(sizeUsd, entry) // in coin
    : multiply(sizeCoin, entry);
  const initialMargin = divide(entryNotional, leverage);

  let pnl: number | undefined;
  let pnlSource: PositionPnl['pnlSource'] = 'mark';
  if (position.instrumentKind === 'option' || unchanged || mark === undefined || entry === undefined) {
    pnl = exchangePnl;
    pnlSource = 'exchange';
  } else if (inverse) {
    pnl = sizeUsd === undefined ? undefined : (1 / entry - 1 / mark) * sizeUsd * sign;
  } else {
    pnl = sizeCoin === undefined ? undefined : (mark - entry) * sizeCoin * sign;
  }
  if (pnl === undefined && pnlSource === 'mark') {
    pnl = exchangePnl;
    pnlSource = 'exchange';
  }
  const pnlUsd = position.instrumentKind === 'option' ? undefined : inverse ? multiply(pnl, mark) : pnl;
  const pnlPercent = divide(pnl, initialMargin);
  return {
    markPrice,
    pnl: pnl === undefined ? undefined : round(pnl),
    pnlUsd: pnlUsd === undefined ? undefined : round(pnlUsd),
    pnlPercent: pnlPercent === undefined ? undefined : round(pnlPercent * 100),
    pnlSource,
    notionalUsd:
      notionalUsd === undefined || position.instrumentKind === 'option' ? undefined : round(notionalUsd),
    settleCoin,
  };
}

function multiply(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a * b;
}

function divide(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined || b === 0 ? undefined : a / b;
}
