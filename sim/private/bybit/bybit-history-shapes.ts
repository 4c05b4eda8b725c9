import { multiplierOf } from '../../accounts/margin.js';
import type { SimClose } from '../../accounts/types.js';
import { averagePrice, paddedDecimal, usdt } from '../number-format.js';
import { EXEC_TYPE } from './bybit-origin-words.js';

/**
 * A GET /v5/position/closed-pnl row (docs/protocol.md "Position history"): one closing order's close;
 * `side` is the closing order's, `closedPnl` net of fees, `execType` BustTrade for a liquidation.
 */
export function bybitClosedPnl(close: SimClose): Record<string, string> {
  const { order, position } = close;
  const qty = (value: number) => paddedDecimal(value, position.instrument.sizeDecimals);
  const multiplier = multiplierOf(position.instrument);
  return {
    symbol: position.instrument.symbol,
    orderId: order.id,
    side: order.side === 'buy' ? 'Buy' : 'Sell',
    qty: qty(order.size),
    orderPrice: paddedDecimal(order.price ?? close.closeAvgPx, position.instrument.priceDecimals),
    orderType: order.type === 'market' ? 'Market' : 'Limit',
    execType: EXEC_TYPE[order.origin],
    closedSize: qty(close.closedSize),
    cumEntryValue: usdt(close.openAvgPx * close.closedSize * multiplier),
    avgEntryPrice: averagePrice(close.openAvgPx),
    cumExitValue: usdt(close.closeAvgPx * close.closedSize * multiplier),
    avgExitPrice: averagePrice(close.closeAvgPx),
    closedPnl: usdt(close.realisedPnl - close.fee),
    fillCount: String(order.filled > 0 ? 1 : 0),
    leverage: String(position.leverage),
    createdTime: String(close.createdAt),
    updatedTime: String(close.closedAt),
  };
}
