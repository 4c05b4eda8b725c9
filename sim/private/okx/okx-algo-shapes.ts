import { trimmedDecimal } from '../number-format.js';
import type { SimAlgoOrder } from './okx-algo-order.js';

const px = (order: SimAlgoOrder, value: number | undefined): string =>
  value === undefined ? '' : trimmedDecimal(value, order.instrument.priceDecimals);
const sz = (order: SimAlgoOrder, value: number): string =>
  trimmedDecimal(value, order.instrument.sizeDecimals);

/**
 * One algo order as orders-algo-pending lists it and the orders-algo channel pushes it, fields in
 * OKX's published examples ("" where a field does not apply; docs/protocol.md "OKX protection").
 */
export function okxAlgoRow(order: SimAlgoOrder): Record<string, unknown> {
  const trail = order.trail;
  return {
    activePx: trail?.activePx ?? '',
    actualPx: '',
    actualSide: order.actualSide,
    actualSz: sz(order, order.actualSz),
    algoClOrdId: order.algoClOrdId,
    algoId: order.algoId,
    amendPxOnTriggerType: '0',
    attachAlgoOrds: [],
    cTime: String(order.cTime),
    callbackRatio: trail?.callbackRatio ?? '',
    callbackSpread: trail?.callbackSpread ?? '',
    ccy: '',
    clOrdId: '',
    closeFraction: order.size === undefined ? '1' : '',
    failCode: order.failCode,
    instId: order.instrument.symbol,
    instType: 'SWAP',
    isTradeBorrowMode: '',
    last: px(order, undefined),
    lever: '',
    linkedOrd: { ordId: '' },
    moveTriggerPx: px(order, order.moveTriggerPx),
    notionalUsd: '',
    ordId: order.ordId,
    ordIdList: order.ordId === '' ? [] : [order.ordId],
    ordPx: '',
    ordType: order.ordType,
    posSide: order.posSide,
    quickMgnType: '',
    reduceOnly: String(order.reduceOnly),
    side: order.side,
    slOrdPx: order.stop === undefined ? '' : '-1',
    slTriggerPx: order.stop?.px ?? '',
    slTriggerPxType: order.stop?.type ?? '',
    state: order.state,
    sz: order.size === undefined ? '' : sz(order, order.size),
    tag: order.tag,
    tdMode: order.tdMode,
    tgtCcy: '',
    tpOrdPx: order.target === undefined ? '' : '-1',
    tpTriggerPx: order.target?.px ?? '',
    tpTriggerPxType: order.target?.type ?? '',
    triggerPx: '',
    triggerPxType: '',
    triggerTime: order.triggerTime === undefined ? '' : String(order.triggerTime),
    uTime: String(order.uTime),
  };
}

/** Fields of the orders-algo row that the algo-advance example does not carry. */
const NOT_ON_ADVANCE = new Set([
  'amendPxOnTriggerType',
  'attachAlgoOrds',
  'linkedOrd',
  'slTriggerPxType',
  'tpTriggerPxType',
  'triggerPxType',
]);

/** The algo-advance push of a trailing stop: its published example has pTime and no trigger-type fields. */
export function okxAdvanceRow(order: SimAlgoOrder, now: number): Record<string, unknown> {
  const row = Object.entries(okxAlgoRow(order)).filter(([key]) => !NOT_ON_ADVANCE.has(key));
  return {
    ...Object.fromEntries(row),
    count: '',
    pTime: String(now),
    pxLimit: '',
    pxSpread: '',
    pxVar: '',
    szLimit: '',
    timeInterval: '',
  };
}
