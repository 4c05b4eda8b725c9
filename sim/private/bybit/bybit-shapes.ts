import {
  accountMargin,
  liquidationPrice,
  MAKER_FEE_RATE,
  multiplierOf,
  positionInitialMargin,
  positionMaintenanceMargin,
  positionUpl,
  TAKER_FEE_RATE,
} from '../../accounts/margin.js';
import { adlRank } from '../../accounts/adl-rank.js';
import type { SimAccount } from '../../accounts/sim-account.js';
import type {
  MarketAccess,
  OrderProgress,
  PositionSide,
  SimFill,
  SimFunding,
  SimOrder,
  SimPosition,
} from '../../accounts/types.js';
import { BYBIT_MAX_PRICE } from '../../public/bybit-shapes.js';
import { averagePrice, paddedDecimal, usdt } from '../number-format.js';
import { BYBIT_TIME_IN_FORCE } from './bybit-trade-ops.js';
import { CREATE_TYPE, EXEC_TYPE, STOP_ORDER_TYPE } from './bybit-origin-words.js';

/** Bybit pads prices and sizes to the instrument's decimals ("67000.10", "0.010"); docs/protocol.md "Pushes and numbers" conventions. */
const px = (item: { instrument: { priceDecimals: number } }, value: number): string =>
  paddedDecimal(value, item.instrument.priceDecimals);
/**
 * Bybit's cross-margin liquidation estimate, or "" when it lies at or beyond the instrument's lowest or
 * highest price: a well-funded account's position shows no liquidation price.
 */
function bybitLiquidationPrice(
  position: Parameters<typeof liquidationPrice>[0],
  account: SimAccount,
  market: Parameters<typeof liquidationPrice>[2],
): string {
  const estimate = liquidationPrice(position, account, market);
  const outside = estimate <= Number(position.instrument.tickSize) || estimate >= Number(BYBIT_MAX_PRICE);
  return outside ? '' : px(position, estimate);
}

const qty = (item: { instrument: { sizeDecimals: number } }, value: number): string =>
  paddedDecimal(value, item.instrument.sizeDecimals);

/** positionIdx: 0 one-way, 1 hedge Buy side, 2 hedge Sell side (docs/protocol.md "Bybit positions"). */
export const POSITION_IDX: Readonly<Record<PositionSide, number>> = { net: 0, long: 1, short: 2 };

function orderStatus(order: OrderProgress): string {
  switch (order.state) {
    case 'live':
      return 'New';
    case 'partially_filled':
      return 'PartiallyFilled';
    case 'filled':
      return 'Filled';
    case 'canceled':
      return order.filled > 0 ? 'PartiallyFilledCanceled' : 'Cancelled';
  }
}

const side = (s: 'buy' | 'sell'): string => (s === 'buy' ? 'Buy' : 'Sell');

/**
 * An order as order/realtime and order/history return it (BYDOC); with `at`, as that fill left it
 * (the `order` topic pushes once per fill).
 */
export function bybitOrder(order: SimOrder, at?: SimFill): Record<string, unknown> {
  const progress: OrderProgress = at?.orderAfter ?? order;
  const leaves =
    progress.state === 'live' || progress.state === 'partially_filled' ? order.size - progress.filled : 0;
  const multiplier = multiplierOf(order.instrument);
  return {
    orderId: order.id,
    orderLinkId: order.clientId,
    blockTradeId: '',
    symbol: order.instrument.symbol,
    price: order.price === undefined ? '0' : px(order, order.price),
    qty: qty(order, order.size),
    side: side(order.side),
    isLeverage: '',
    positionIdx: POSITION_IDX[order.posSide],
    orderStatus: orderStatus(progress),
    createType: CREATE_TYPE[order.origin],
    cancelType: progress.state === 'canceled' && order.cancelReason === 'user' ? 'CancelByUser' : 'UNKNOWN',
    // A post_only order that would have taken liquidity is cancelled with this reason (BYDOC enum).
    rejectReason: order.cancelReason === 'postOnlyWouldTake' ? 'EC_PostOnlyWillTakeLiquidity' : 'EC_NoError',
    // Bybit sends "0", not "", for an order nothing has filled yet (docs/protocol.md "What real payloads do").
    avgPrice: progress.filled > 0 ? averagePrice(progress.avgFillPx) : '0',
    leavesQty: qty(order, leaves),
    leavesValue: usdt(leaves * (order.price ?? 0) * multiplier),
    cumExecQty: qty(order, progress.filled),
    cumExecValue: usdt(progress.filled * progress.avgFillPx * multiplier),
    cumExecFee: usdt(progress.fee),
    timeInForce: BYBIT_TIME_IN_FORCE[order.timeInForce],
    orderType: order.type === 'market' ? 'Market' : 'Limit',
    stopOrderType: STOP_ORDER_TYPE[order.origin] ?? '',
    orderIv: '',
    marketUnit: '',
    triggerPrice: '',
    takeProfit: '',
    stopLoss: '',
    tpslMode: '',
    ocoTriggerBy: '',
    tpLimitPrice: '',
    slLimitPrice: '',
    tpTriggerBy: '',
    slTriggerBy: '',
    triggerDirection: 0,
    triggerBy: '',
    lastPriceOnCreated: '',
    reduceOnly: order.reduceOnly,
    closeOnTrigger: false,
    placeType: '',
    smpType: 'None',
    smpGroup: 0,
    smpOrderId: '',
    createdTime: String(order.createdAt),
    updatedTime: String(order.updatedAt),
  };
}

/** The `order` topic adds category, closedPnl and fee details (docs/protocol.md "Bybit pushes"). */
export function bybitOrderPush(order: SimOrder, at?: SimFill): Record<string, unknown> {
  const progress: OrderProgress = at?.orderAfter ?? order;
  return {
    category: 'linear',
    ...bybitOrder(order, at),
    closedPnl: usdt(progress.realisedPnl),
    cumFeeDetail: { USDT: usdt(progress.fee) },
    feeCurrency: '',
    parentOrderLinkId: '',
  };
}

/** An execution/list row and `execution` push item. */
export function bybitExecution(fill: SimFill, market: MarketAccess): Record<string, unknown> {
  const { order } = fill;
  const multiplier = multiplierOf(order.instrument);
  return {
    category: 'linear',
    symbol: order.instrument.symbol,
    isLeverage: '',
    orderId: order.id,
    orderLinkId: order.clientId,
    side: side(order.side),
    orderPrice: order.price === undefined ? '0' : px(order, order.price),
    orderQty: qty(order, order.size),
    leavesQty: qty(order, Math.max(0, order.size - fill.orderAfter.filled)),
    createType: CREATE_TYPE[order.origin],
    orderType: order.type === 'market' ? 'Market' : 'Limit',
    stopOrderType: STOP_ORDER_TYPE[order.origin] ?? '',
    execFee: usdt(fill.fee),
    execId: fill.tradeId,
    execPrice: px(order, fill.price),
    execQty: qty(order, fill.size),
    execPnl: usdt(fill.realisedPnl),
    execType: EXEC_TYPE[order.origin],
    execValue: usdt(fill.price * fill.size * multiplier),
    execTime: String(fill.ts),
    isMaker: fill.maker,
    feeRate: String(fill.maker ? MAKER_FEE_RATE : TAKER_FEE_RATE),
    tradeIv: '',
    markIv: '',
    markPrice: px(order, market.markPrice(order.instrument)),
    indexPrice: '',
    underlyingPrice: '',
    blockTradeId: '',
    closedSize: '',
    extraFees: '',
    seq: Number(fill.tradeId),
    feeCurrency: 'USDT',
  };
}

/**
 * The `execution` push of a funding settlement (docs/protocol.md "Funding"): execType `Funding`, no order,
 * the position's side and size at the mark, `execFee` the amount paid (negative when received) and
 * `feeRate` the rate settled.
 */
export function bybitFundingExecution(funding: SimFunding): Record<string, unknown> {
  const { position } = funding;
  const value = funding.size * funding.markPrice * multiplierOf(position.instrument);
  return {
    category: 'linear',
    symbol: position.instrument.symbol,
    isLeverage: '',
    orderId: '',
    orderLinkId: '',
    side: position.size > 0 ? 'Buy' : 'Sell',
    orderPrice: '0',
    orderQty: '0',
    leavesQty: '0',
    createType: '',
    orderType: 'UNKNOWN',
    stopOrderType: '',
    execFee: funding.amount.toFixed(8),
    execId: funding.id,
    execPrice: px(position, funding.markPrice),
    execQty: qty(position, funding.size),
    execPnl: '0',
    execType: 'Funding',
    execValue: usdt(value),
    execTime: String(funding.ts),
    isMaker: false,
    feeRate: funding.rate.toFixed(8),
    tradeIv: '',
    markIv: '',
    markPrice: px(position, funding.markPrice),
    indexPrice: '',
    underlyingPrice: '',
    blockTradeId: '',
    closedSize: '0',
    extraFees: '',
    seq: Number(funding.id),
    feeCurrency: 'USDT',
  };
}

/** A position/list row; the `position` topic calls the entry `entryPrice` instead of `avgPrice` (docs/protocol.md "Bybit pushes"). */
export function bybitPosition(
  position: SimPosition,
  account: SimAccount,
  market: MarketAccess,
  forPush: boolean,
): Record<string, unknown> {
  const mark = market.markPrice(position.instrument);
  const open = position.size !== 0;
  const entry = open ? averagePrice(position.avgPx) : '0';
  return {
    ...(forPush ? { category: 'linear' } : {}),
    positionIdx: POSITION_IDX[position.posSide],
    riskId: 1,
    riskLimitValue: '2000000',
    symbol: position.instrument.symbol,
    side: open ? (position.size > 0 ? 'Buy' : 'Sell') : '',
    size: qty(position, Math.abs(position.size)),
    ...(forPush ? { entryPrice: entry } : { avgPrice: entry }),
    positionValue: usdt(Math.abs(position.size) * position.avgPx * multiplierOf(position.instrument)),
    tradeMode: 0,
    positionStatus: 'Normal',
    autoAddMargin: 0,
    adlRankIndicator: adlRank(position, market),
    leverage: String(position.leverage),
    positionBalance: usdt(positionInitialMargin(position, market)),
    markPrice: px(position, mark),
    // A flat position keeps entry and liquidation price "0"; an open one sends "" when the estimate
    // falls outside the instrument's price range (docs/protocol.md "What real payloads do").
    liqPrice: open ? bybitLiquidationPrice(position, account, market) : '0',
    bustPrice: '',
    positionMM: usdt(positionMaintenanceMargin(position, market)),
    positionMMByMp: usdt(positionMaintenanceMargin(position, market)),
    positionIM: usdt(positionInitialMargin(position, market)),
    positionIMByMp: usdt(positionInitialMargin(position, market)),
    tpslMode: 'Full',
    takeProfit: '0.00',
    stopLoss: '0.00',
    trailingStop: '0.00',
    unrealisedPnl: usdt(positionUpl(position, market)),
    curRealisedPnl: usdt(position.realisedPnl),
    cumRealisedPnl: usdt(position.realisedPnl),
    sessionAvgPrice: '',
    breakEvenPrice: entry,
    isReduceOnly: false,
    mmrSysUpdatedTime: '',
    leverageSysUpdatedTime: '',
    seq: account.fills.length,
    createdTime: String(position.openedAt),
    updatedTime: String(position.updatedAt),
  };
}

/** account/wallet-balance list item and `wallet` push item: a unified account holding USDT (docs/protocol.md "Bybit pushes"). */
export function bybitWallet(account: SimAccount, market: MarketAccess): Record<string, unknown> {
  const m = accountMargin(account, market);
  const rate = (value: number) => (m.equity > 0 ? usdt(value / m.equity) : '0');
  const cumRealised = account.allPositions().reduce((sum, p) => sum + p.realisedPnl, 0);
  return {
    accountType: 'UNIFIED',
    accountIMRate: rate(m.initialMargin),
    accountIMRateByMp: rate(m.initialMargin),
    accountMMRate: rate(m.maintenanceMargin),
    accountMMRateByMp: rate(m.maintenanceMargin),
    accountLTV: '0',
    totalEquity: usdt(m.equity),
    totalWalletBalance: usdt(m.cash),
    totalMarginBalance: usdt(m.equity),
    totalAvailableBalance: usdt(m.available),
    totalPerpUPL: usdt(m.upl),
    totalInitialMargin: usdt(m.initialMargin),
    totalInitialMarginByMp: usdt(m.initialMargin),
    totalMaintenanceMargin: usdt(m.maintenanceMargin),
    totalMaintenanceMarginByMp: usdt(m.maintenanceMargin),
    coin: [
      {
        coin: 'USDT',
        equity: usdt(m.equity),
        usdValue: usdt(m.equity),
        walletBalance: usdt(m.cash),
        free: '',
        locked: '0',
        spotHedgingQty: '0',
        borrowAmount: '0',
        availableToWithdraw: '',
        accruedInterest: '0',
        totalOrderIM: usdt(m.orderMargin),
        totalPositionIM: usdt(m.positionMargin),
        totalPositionMM: usdt(m.maintenanceMargin),
        unrealisedPnl: usdt(m.upl),
        cumRealisedPnl: usdt(cumRealised),
        bonus: '0',
        marginCollateral: true,
        collateralSwitch: true,
        availableToBorrow: '',
        spotBorrow: '0',
      },
    ],
  };
}
