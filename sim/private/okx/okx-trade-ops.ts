import type { PlaceOrderRequest } from '../../accounts/order-request.js';
import type { TradeResult } from '../../accounts/trade-error.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { SimOrder, TimeInForce } from '../../accounts/types.js';
import { okxFailure, type OkxOperation } from './okx-errors.js';

/** One per-item result of an OKX order operation (REST and WS alike, docs/protocol.md "OKX envelopes and errors", "OKX orders on the private socket"). */
export type OkxItemResult = Record<string, string> & { sCode: string; sMsg: string };

type Params = Record<string, unknown>;
const text = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
};

/** An item-level failure before the engine ran: a missing (50014) or invalid (51000) parameter. */
function paramFailure(
  base: Record<string, string>,
  key: string,
  missing: boolean,
  ts: string,
): OkxItemResult {
  return {
    ...base,
    ts,
    sCode: missing ? '50014' : '51000',
    sMsg: missing ? `Parameter ${key} can not be empty` : `Parameter ${key} error`,
  };
}

function itemOf(
  result: TradeResult<SimOrder>,
  base: Record<string, string>,
  operation: OkxOperation,
  successMsg: string,
  ts: string,
): OkxItemResult {
  if (!result.ok) {
    const { code, msg } = okxFailure(result.failure, operation);
    return { ...base, ts, sCode: code, sMsg: msg };
  }
  return {
    ...base,
    ordId: result.value.id,
    clOrdId: result.value.clientId,
    ts,
    sCode: '0',
    sMsg: successMsg,
  };
}

/** OKX's limit-style ordTypes and the time in force each means (docs/protocol.md "OKX orders on the private socket", OKXSDK `OrderType`). */
const OKX_LIMIT_ORDER_TYPES: Readonly<Record<string, TimeInForce>> = {
  limit: 'gtc',
  post_only: 'post_only',
  fok: 'fok',
  ioc: 'ioc',
};

/** The ordType OKX reports for an order. */
export const okxOrderType = (order: SimOrder): string =>
  order.type === 'market' ? 'market' : order.timeInForce === 'gtc' ? 'limit' : order.timeInForce;

function placeRequest(params: Params): PlaceOrderRequest | { missing: string } | { invalid: string } {
  for (const key of ['instId', 'tdMode', 'side', 'ordType', 'sz'])
    if (!text(params, key)) return { missing: key };
  const side = text(params, 'side');
  const ordType = text(params, 'ordType');
  const tdMode = text(params, 'tdMode');
  const posSide = text(params, 'posSide');
  if (side !== 'buy' && side !== 'sell') return { invalid: 'side' };
  const timeInForce = ordType === undefined ? undefined : OKX_LIMIT_ORDER_TYPES[ordType];
  if (ordType !== 'market' && timeInForce === undefined) return { invalid: 'ordType' };
  if (tdMode !== 'cross' && tdMode !== 'isolated') return { invalid: 'tdMode' };
  if (
    posSide !== undefined &&
    posSide !== '' &&
    posSide !== 'net' &&
    posSide !== 'long' &&
    posSide !== 'short'
  )
    return { invalid: 'posSide' };
  if (ordType !== 'market' && !text(params, 'px')) return { missing: 'px' };
  const reduceOnly = params.reduceOnly === true || params.reduceOnly === 'true';
  return {
    symbol: text(params, 'instId') ?? '',
    side,
    type: ordType === 'market' ? 'market' : 'limit',
    timeInForce,
    size: text(params, 'sz') ?? '',
    price: text(params, 'px'),
    posSide: posSide === '' ? undefined : posSide,
    reduceOnly,
    marginMode: tdMode,
    clientId: text(params, 'clOrdId') ?? '',
    tag: text(params, 'tag') ?? '',
  };
}

const isRecord = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Places one order from OKX parameters (trade/order, batch-orders, WS `order`). */
export function okxPlace(engine: TradingEngine, params: unknown, ts: string): OkxItemResult {
  const p = isRecord(params) ? params : {};
  const base = { ordId: '', clOrdId: text(p, 'clOrdId') ?? '', tag: text(p, 'tag') ?? '' };
  const request = placeRequest(p);
  if ('missing' in request) return paramFailure(base, request.missing, true, ts);
  if ('invalid' in request) return paramFailure(base, request.invalid, false, ts);
  return itemOf(engine.place(request), base, 'place', 'Order placed', ts);
}

/** Cancels one order (trade/cancel-order, cancel-batch-orders, WS `cancel-order`). */
export function okxCancel(engine: TradingEngine, params: unknown, ts: string): OkxItemResult {
  const p = isRecord(params) ? params : {};
  const base = { ordId: text(p, 'ordId') ?? '', clOrdId: text(p, 'clOrdId') ?? '' };
  if (!text(p, 'instId')) return paramFailure(base, 'instId', true, ts);
  if (!base.ordId && !base.clOrdId) return paramFailure(base, 'ordId', true, ts);
  return itemOf(
    engine.cancel({ symbol: text(p, 'instId') ?? '', orderId: base.ordId, clientId: base.clOrdId }),
    base,
    'cancel',
    '',
    ts,
  );
}

/** Amends one order (trade/amend-order, batch-amend-orders, WS `amend-order`). */
export function okxAmend(engine: TradingEngine, params: unknown, ts: string): OkxItemResult {
  const p = isRecord(params) ? params : {};
  const base = {
    ordId: text(p, 'ordId') ?? '',
    clOrdId: text(p, 'clOrdId') ?? '',
    reqId: text(p, 'reqId') ?? '',
  };
  if (!text(p, 'instId')) return paramFailure(base, 'instId', true, ts);
  if (!base.ordId && !base.clOrdId) return paramFailure(base, 'ordId', true, ts);
  if (!text(p, 'newSz') && !text(p, 'newPx')) return paramFailure(base, 'newSz', true, ts);
  const result = engine.amend({
    symbol: text(p, 'instId') ?? '',
    orderId: base.ordId,
    clientId: base.clOrdId,
    newSize: text(p, 'newSz'),
    newPrice: text(p, 'newPx'),
  });
  return itemOf(result, base, 'amend', '', ts);
}

/** OKX batches at most 20 items per request. */
export const OKX_MAX_BATCH = 20;

/**
 * The top-level code of an order operation: "0" all succeeded, "1" all failed, "2" some failed
 * (CCXT-OKX `handleErrors`, docs/protocol.md "OKX envelopes and errors").
 */
export function okxOperationEnvelope(items: readonly OkxItemResult[]): {
  code: string;
  msg: string;
  data: OkxItemResult[];
} {
  const failed = items.filter((item) => item.sCode !== '0').length;
  if (failed === 0) return { code: '0', msg: '', data: [...items] };
  if (failed === items.length) return { code: '1', msg: 'All operations failed', data: [...items] };
  return { code: '2', msg: 'Bulk operation partially succeeded', data: [...items] };
}
