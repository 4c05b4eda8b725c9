import type { BalanceView, PositionView, ProtectionView, QuoteView } from '../../contracts/portfolio';
import { PROTECTION_STATUS_WORDS, protectionStatus } from '../../contracts/protection-rules';
import { liquidationDistancePercent, nextFundingPayment } from '../../contracts/position-risk';
import type { Balance, Position, ProtectionLeg, Quote } from '../../exchanges';
import { isInverse, positionPnl, settleCoinOf } from './pnl';
import type { StoredQuote } from './portfolio-record';

/** Model objects -> the shapes a UI receives (src/contracts/portfolio.ts). */

export function toQuoteView(quote: StoredQuote, stale: boolean): QuoteView {
  return {
    exchange: quote.exchange,
    kind: quote.instrumentKind,
    symbol: quote.symbol,
    last: quote.last,
    bid: quote.bid,
    ask: quote.ask,
    mark: quote.mark,
    index: quote.index,
    high24h: quote.high24h,
    low24h: quote.low24h,
    volume24h: quote.volume24h,
    fundingRate: quote.fundingRate,
    receivedAt: quote.receivedAt,
    stale,
  };
}

/** A position's legs and their status in words; the legs' absent fields stay absent. */
function toProtectionView(position: Position, legs: readonly ProtectionLeg[]): ProtectionView {
  const status = protectionStatus(
    {
      side: position.side === 'short' ? 'short' : 'long',
      entryPrice: position.entryPrice,
      breakEvenPrice: position.breakEvenPrice,
      liquidationPrice: position.liquidationPrice,
    },
    legs,
  );
  return {
    legs: legs.map((leg) => ({
      id: leg.id,
      role: leg.role,
      triggerPrice: leg.triggerPrice,
      triggerBy: leg.triggerBy,
      size: leg.size,
      trailing: leg.trailing === undefined ? undefined : { ...leg.trailing },
    })),
    status,
    words: PROTECTION_STATUS_WORDS[status],
  };
}

/** A perpetual's funding from its quote, and what the next one does to the position at `mark`. */
function toFundingView(
  position: Position,
  mark: string | undefined,
  quote: Pick<Quote, 'fundingRate' | 'nextFundingTime'> | undefined,
): PositionView['funding'] {
  const rate = quote?.fundingRate;
  if (position.instrumentKind !== 'perpetual' || rate === undefined) return undefined;
  const side = position.side === 'short' ? 'short' : 'long';
  return {
    rate,
    nextFundingTime: quote?.nextFundingTime,
    nextPayment: nextFundingPayment(side, position.sizeCoin, mark, rate),
    unit: isInverse(position) ? 'USD' : (settleCoinOf(position) ?? 'USD'),
  };
}

/**
 * `liveMark`: the quote stream's mark when it is newer than the position's own push. `legs`: its stops
 * and targets, undefined while the exchange has not listed them. `quote`: the instrument's latest quote,
 * for its funding.
 */
export function toPositionView(
  position: Position,
  liveMark: string | undefined,
  legs?: readonly ProtectionLeg[],
  quote?: Pick<Quote, 'fundingRate' | 'nextFundingTime'>,
): PositionView {
  const pnl = positionPnl(position, liveMark);
  return {
    exchange: position.exchange,
    symbol: position.symbol,
    kind: position.instrumentKind,
    side: position.side === 'short' ? 'short' : 'long',
    slot: position.positionSlot,
    sizeContracts: position.sizeContracts,
    sizeCoin: position.sizeCoin,
    entryPrice: position.entryPrice,
    markPrice: pnl.markPrice,
    liquidationPrice: position.liquidationPrice,
    breakEvenPrice: position.breakEvenPrice,
    leverage: position.leverage,
    marginMode: position.marginMode,
    pnl: pnl.pnl,
    settleCoin: pnl.settleCoin,
    pnlUsd: pnl.pnlUsd,
    pnlPercent: pnl.pnlPercent,
    pnlSource: pnl.pnlSource,
    notionalUsd: pnl.notionalUsd,
    protection: legs === undefined ? undefined : toProtectionView(position, legs),
    liquidationDistancePercent: liquidationDistancePercent(pnl.markPrice, position.liquidationPrice),
    adlRank: position.adlRank,
    funding: toFundingView(position, pnl.markPrice, quote),
  };
}

/** The account's figures and its coins', field by field: nothing else of the model reaches a screen. */
export function toBalanceView(balance: Balance): BalanceView {
  return {
    exchange: balance.exchange,
    totalEquityUsd: balance.totalEquityUsd,
    availableUsd: balance.availableUsd,
    usedMarginUsd: balance.usedMarginUsd,
    maintenanceMarginUsd: balance.maintenanceMarginUsd,
    unrealisedPnlUsd: balance.unrealisedPnlUsd,
    marginRisk: balance.marginRisk === undefined ? undefined : { ...balance.marginRisk },
    coins: balance.coins.map((coin) => ({
      coin: coin.coin,
      equity: coin.equity,
      available: coin.available,
      walletBalance: coin.walletBalance,
      unrealisedPnl: coin.unrealisedPnl,
      usdValue: coin.usdValue,
      usedMargin: coin.usedMargin,
      maintenanceMargin: coin.maintenanceMargin,
      marginRisk: coin.marginRisk === undefined ? undefined : { ...coin.marginRisk },
    })),
  };
}
