import type { ChangeCollector } from './change-collector.js';
import { recordClose } from './close-history.js';
import { MAKER_FEE_RATE, multiplierOf, TAKER_FEE_RATE } from './margin.js';
import { applyFillToPosition, clean } from './position-math.js';
import type { SimAccount } from './sim-account.js';
import type { SimFill, SimOrder } from './types.js';

/**
 * Books one fill of `order`: moves its position (grow, reduce, close or flip), puts realised PnL
 * and the fee into the cash balance, and updates the order's filled size, average price and state.
 */
export function executeFill(
  account: SimAccount,
  order: SimOrder,
  fill: { price: number; size: number; maker: boolean },
  now: number,
  changes: ChangeCollector,
): SimFill {
  const multiplier = multiplierOf(order.instrument);
  const position = account.position(order.instrument, order.posSide, order.marginMode, now);
  if (position.size === 0) {
    position.openedAt = now;
    position.realisedPnl = 0;
    position.fees = 0;
    position.fundingPaid = 0;
    position.leverage = account.leverageFor(order.instrument);
  }
  const before = { size: position.size, avgPx: position.avgPx, openedAt: position.openedAt };
  const signedSize = order.side === 'buy' ? fill.size : -fill.size;
  const outcome = applyFillToPosition(position.size, position.avgPx, signedSize, fill.price);
  const realised = outcome.realised * multiplier;
  const fee = fill.price * fill.size * multiplier * (fill.maker ? MAKER_FEE_RATE : TAKER_FEE_RATE);
  account.cash += realised - fee;
  position.size = outcome.size;
  position.avgPx = outcome.avgPx;
  position.realisedPnl += realised - fee;
  position.fees += fee;
  position.updatedAt = now;

  const filledBefore = order.filled;
  order.filled = clean(order.filled + fill.size);
  order.avgFillPx = (order.avgFillPx * filledBefore + fill.price * fill.size) / order.filled;
  order.fee += fee;
  order.realisedPnl += realised;
  order.state = order.filled >= order.size ? 'filled' : 'partially_filled';
  order.updatedAt = now;
  const orderAfter = {
    filled: order.filled,
    avgFillPx: order.avgFillPx,
    fee: order.fee,
    realisedPnl: order.realisedPnl,
    state: order.state,
  };
  const record: SimFill = {
    tradeId: account.nextTradeId(),
    order,
    price: fill.price,
    size: fill.size,
    fee,
    realisedPnl: realised,
    maker: fill.maker,
    ts: now,
    orderAfter,
  };
  order.lastFill = record;
  account.fills.push(record);
  recordClose(account, record, position, before, outcome.closed);
  changes.fill(record, position);
  changes.order(order);
  return record;
}
