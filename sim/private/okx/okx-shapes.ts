import {
  accountMargin,
  liquidationPrice,
  multiplierOf,
  positionInitialMargin,
  positionMaintenanceMargin,
  positionUpl,
} from '../../accounts/margin.js';
import { adlRank } from '../../accounts/adl-rank.js';
import type { SimAccount } from '../../accounts/sim-account.js';
import type { MarketAccess, SimFill, SimOrder, SimPosition } from '../../accounts/types.js';
import { averagePrice, trimmedDecimal, usdt } from '../number-format.js';
import { okxOrderType } from './okx-trade-ops.js';
import { OKX_CATEGORY, OKX_SOURCE } from './okx-origin-words.js';

/** OKX writes every number as a string, trimmed; empty optional values are "" (docs/protocol.md "Pushes and numbers"). */
const px = (order: { instrument: { priceDecimals: number } }, value: number): string =>
  trimmedDecimal(value, order.instrument.priceDecimals);
const sz = (order: { instrument: { sizeDecimals: number } }, value: number): string =>
  trimmedDecimal(value, order.instrument.sizeDecimals);

const OKX_ORDER_STATE: Readonly<Record<SimOrder['state'], string>> = {
  live: 'live',
  partially_filled: 'partially_filled',
  filled: 'filled',
  canceled: 'canceled',
};

/**
 * An order as GET trade/order, orders-pending and orders-history return it (OKXSDK `OrderDetails`);
 * with `at`, as that fill left it (for the per-fill `orders` pushes).
 */
export function okxOrder(order: SimOrder, at?: SimFill): Record<string, string> {
  const fill = at ?? order.lastFill;
  const progress = at?.orderAfter ?? order;
  return {
    instType: 'SWAP',
    instId: order.instrument.symbol,
    ccy: '',
    ordId: order.id,
    clOrdId: order.clientId,
    tag: order.tag,
    px: order.price === undefined ? '' : px(order, order.price),
    pxUsd: '',
    pxVol: '',
    pxType: '',
    sz: sz(order, order.size),
    pnl: usdt(progress.realisedPnl),
    ordType: okxOrderType(order),
    side: order.side,
    posSide: order.posSide,
    tdMode: order.marginMode,
    accFillSz: sz(order, progress.filled),
    fillPx: fill ? px(order, fill.price) : '',
    tradeId: fill?.tradeId ?? '',
    fillSz: fill ? sz(order, fill.size) : '0',
    fillTime: fill ? String(fill.ts) : '',
    avgPx: progress.filled > 0 ? averagePrice(progress.avgFillPx) : '',
    state: OKX_ORDER_STATE[progress.state],
    stpId: '',
    stpMode: 'cancel_maker',
    lever: String(order.leverage),
    attachAlgoClOrdId: '',
    tpTriggerPx: '',
    tpTriggerPxType: '',
    tpOrdPx: '',
    slTriggerPx: '',
    slTriggerPxType: '',
    slOrdPx: '',
    feeCcy: 'USDT',
    // OKX reports fees as negative numbers (a cost) and rebates as positive.
    fee: usdt(-progress.fee),
    rebateCcy: 'USDT',
    rebate: '0',
    source: OKX_SOURCE[order.origin] ?? '',
    category: OKX_CATEGORY[order.origin],
    reduceOnly: String(order.reduceOnly),
    isTpLimit: 'false',
    cancelSource: '',
    cancelSourceReason: '',
    quickMgnType: '',
    algoClOrdId: '',
    algoId: order.algoId,
    uTime: String(order.updatedAt),
    cTime: String(order.createdAt),
  };
}

/**
 * The `orders` channel adds a fill's details to the REST shape (docs/protocol.md "OKX pushes"). With `fill`,
 * the item describes that fill; without, the order's current state (placed, amended, cancelled).
 * Where the REST pages give an unfilled order's avgPx as "", the push gives "0".
 */
export function okxOrderPush(order: SimOrder, fill?: SimFill): Record<string, string> {
  const row = okxOrder(order, fill);
  return {
    ...row,
    avgPx: row.avgPx === '' ? '0' : (row.avgPx ?? '0'),
    fillFee: fill ? usdt(-fill.fee) : '0',
    fillFeeCcy: fill ? 'USDT' : '',
    fillPnl: fill ? usdt(fill.realisedPnl) : '0',
    execType: fill ? (fill.maker ? 'M' : 'T') : '',
    fillNotionalUsd: fill ? usdt(fill.price * fill.size * multiplierOf(order.instrument)) : '',
    notionalUsd: usdt((order.price ?? order.avgFillPx) * order.size * multiplierOf(order.instrument)),
    amendResult: '',
    reqId: '',
    code: '0',
    msg: '',
  };
}

/** A trade/fills row. */
export function okxFill(fill: SimFill, market: MarketAccess): Record<string, string> {
  const { order } = fill;
  return {
    instType: 'SWAP',
    instId: order.instrument.symbol,
    tradeId: fill.tradeId,
    ordId: order.id,
    clOrdId: order.clientId,
    billId: fill.tradeId,
    subType: order.side === 'buy' ? '1' : '2',
    tag: order.tag,
    fillPx: px(order, fill.price),
    fillSz: sz(order, fill.size),
    fillIdxPx: px(order, market.markPrice(order.instrument)),
    fillPnl: usdt(fill.realisedPnl),
    fillPxVol: '',
    fillPxUsd: '',
    fillMarkVol: '',
    fillFwdPx: '',
    fillMarkPx: px(order, market.markPrice(order.instrument)),
    side: order.side,
    posSide: order.posSide,
    execType: fill.maker ? 'M' : 'T',
    feeCcy: 'USDT',
    fee: usdt(-fill.fee),
    ts: String(fill.ts),
    fillTime: String(fill.ts),
  };
}

/** A position as account/positions and the `positions` channel give it (docs/protocol.md "OKX positions"). */
export function okxPosition(
  position: SimPosition,
  account: SimAccount,
  market: MarketAccess,
  now: number,
): Record<string, unknown> {
  const mark = market.markPrice(position.instrument);
  const upl = positionUpl(position, market);
  const imr = positionInitialMargin(position, market);
  const open = position.size !== 0;
  const pos = position.posSide === 'net' ? position.size : Math.abs(position.size);
  return {
    adl: open ? String(adlRank(position, market)) : '',
    availPos: sz(position, Math.abs(position.size)),
    avgPx: open ? averagePrice(position.avgPx) : '',
    baseBal: '',
    bePx: open ? averagePrice(position.avgPx) : '',
    bizRefId: '',
    bizRefType: '',
    cTime: String(position.openedAt),
    ccy: 'USDT',
    closeOrderAlgo: [],
    deltaBS: '',
    deltaPA: '',
    fee: usdt(-position.fees),
    // OKX's sign: what funding brought the position (paid is negative).
    fundingFee: usdt(-position.fundingPaid),
    gammaBS: '',
    gammaPA: '',
    hedgedPos: '',
    idxPx: px(position, mark),
    imr: usdt(imr),
    instId: position.instrument.symbol,
    instType: 'SWAP',
    interest: '',
    last: px(position, mark),
    lever: String(position.leverage),
    liab: '',
    liabCcy: '',
    liqPenalty: '0',
    liqPx: open ? px(position, liquidationPrice(position, account, market)) : '',
    margin: '',
    markPx: px(position, mark),
    mgnMode: position.marginMode,
    mgnRatio: open
      ? usdt(
          accountMargin(account, market).equity / Math.max(positionMaintenanceMargin(position, market), 1e-9),
        )
      : '',
    mmr: usdt(positionMaintenanceMargin(position, market)),
    notionalUsd: usdt(Math.abs(position.size) * mark * multiplierOf(position.instrument)),
    optVal: '',
    pendingCloseOrdLiabVal: '',
    // Closing PnL only: realisedPnl without the fees and the funding in it.
    pnl: usdt(position.realisedPnl + position.fees + position.fundingPaid),
    pos: sz(position, pos),
    posCcy: '',
    posId: position.id,
    posSide: position.posSide,
    quoteBal: '',
    realizedPnl: usdt(position.realisedPnl),
    spotInUseAmt: '',
    spotInUseCcy: '',
    clSpotInUseAmt: '',
    maxSpotInUseAmt: '',
    thetaBS: '',
    thetaPA: '',
    tradeId: '',
    uTime: String(position.updatedAt),
    pTime: String(now),
    upl: usdt(upl),
    uplLastPx: usdt(upl),
    uplRatio: imr > 0 ? usdt(upl / imr) : '0',
    uplRatioLastPx: imr > 0 ? usdt(upl / imr) : '0',
    usdPx: '',
    vegaBS: '',
    vegaPA: '',
    nonSettleAvgPx: '',
    settledPnl: '',
  };
}

/**
 * account/balance and the `account` channel of the simulator's Futures-mode account (account/config acctLv
 * "2"): OKX sends "" for every account-level margin field in that mode and states the margin, its ratio and
 * the unrealised PnL per currency, the ratio only with a cross position (docs/protocol.md "Account margin and risk").
 */
export function okxBalance(account: SimAccount, market: MarketAccess, now: number): Record<string, unknown> {
  const m = accountMargin(account, market);
  const notional = account
    .openPositions()
    .reduce(
      (sum, p) => sum + Math.abs(p.size) * market.markPrice(p.instrument) * multiplierOf(p.instrument),
      0,
    );
  // OKX's margin ratio: equity over maintenance margin (fees left out); none without a position.
  const ratio = m.maintenanceMargin > 0 ? usdt(m.equity / m.maintenanceMargin) : '';
  return {
    adjEq: '',
    availEq: '',
    borrowFroz: '',
    details: [
      {
        accAvgPx: '',
        availBal: usdt(m.available),
        availEq: usdt(m.available),
        borrowFroz: '',
        cashBal: usdt(m.cash),
        ccy: 'USDT',
        clSpotInUseAmt: '',
        crossLiab: '',
        disEq: '',
        eq: usdt(m.equity),
        eqUsd: usdt(m.equity),
        fixedBal: '0',
        frozenBal: usdt(m.initialMargin),
        imr: usdt(m.initialMargin),
        interest: '',
        isoEq: '0',
        isoLiab: '',
        isoUpl: '0',
        liab: '',
        maxLoan: '',
        maxSpotInUse: '',
        mgnRatio: ratio,
        mmr: usdt(m.maintenanceMargin),
        notionalLever: m.equity > 0 ? usdt(notional / m.equity) : '0',
        openAvgPx: '',
        ordFrozen: usdt(m.orderMargin),
        rewardBal: '0',
        smtSyncEq: '0',
        spotBal: '',
        spotCopyTradingEq: '0',
        spotInUseAmt: '',
        spotIsoBal: '0',
        spotUpl: '',
        spotUplRatio: '',
        stgyEq: '0',
        totalPnl: '',
        totalPnlRatio: '',
        twap: '',
        uTime: String(now),
        upl: usdt(m.upl),
        uplLiab: '',
      },
    ],
    imr: '',
    isoEq: '0',
    mgnRatio: '',
    mmr: '',
    notionalUsd: '',
    notionalUsdForBorrow: '',
    notionalUsdForFutures: '',
    notionalUsdForOption: '',
    notionalUsdForSwap: '',
    ordFroz: '',
    totalEq: usdt(m.equity),
    uTime: String(now),
    upl: '',
  };
}
