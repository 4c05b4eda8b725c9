import type { OrderView, PositionView, QuoteView } from '../../contracts/portfolio';
import type { Order, Position } from '../../exchanges';
import { positionPnl } from './pnl';
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

/** `liveMark`: the quote stream's mark when it is newer than the position's own push. */
export function toPositionView(position: Position, liveMark: string | undefined): PositionView {
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
    leverage: position.leverage,
    marginMode: position.marginMode,
    pnl: pnl.pnl,
    settleCoin: pnl.settleCoin,
    pnlUsd: pnl.pnlUsd,
    pnlPercent: pnl.pnlPercent,
    pnlSource: pnl.pnlSource,
    notionalUsd: pnl.notionalUsd,
  };
}

export function toOrderView(order: Order): OrderView {
  return {
    exchange: order.exchange,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    side: order.side,
    orderType: order.orderType,
    price: order.price,
    size: order.size,
    filledSize: order.filledSize,
    status: order.status,
    reduceOnly: order.reduceOnly,
    ts: order.ts,
  };
}
