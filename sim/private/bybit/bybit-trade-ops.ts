import type { PlaceOrderRequest } from '../../accounts/order-request.js';
import type { TradeResult } from '../../accounts/trade-error.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { PositionSide, SimOrder, TimeInForce } from '../../accounts/types.js';
import { bybitFailure, type BybitCodeMessage } from './bybit-errors.js';

type Params = Record<string, unknown>;

/** One order operation's outcome, shared by REST, batch and the /v5/trade stream. */
export type BybitOpResult =
  { readonly ok: true; readonly order: SimOrder } | { readonly ok: false; readonly error: BybitCodeMessage };

export const isRecord = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const textOf = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
};
const flag = (params: Params, key: string): boolean => params[key] === true || params[key] === 'true';

const paramError = (retMsg: string): BybitOpResult => ({ ok: false, error: { retCode: 10001, retMsg } });
const fromTrade = (result: TradeResult<SimOrder>): BybitOpResult =>
  result.ok ? { ok: true, order: result.value } : { ok: false, error: bybitFailure(result.failure) };

/** Only linear perpetuals trade here; other categories are valid words with nothing to trade. */
function checkCategory(params: Params): BybitOpResult | undefined {
  const category = textOf(params, 'category');
  if (!category) return paramError('params error: category is required');
  return category === 'linear'
    ? undefined
    : paramError(`params error: category ${category} is not supported by the simulator`);
}

const POSITION_SIDE: Readonly<Record<string, PositionSide>> = { '0': 'net', '1': 'long', '2': 'short' };

/** Bybit timeInForce values (BYDOC enum) and their neutral meaning; limit orders default to GTC. */
const TIME_IN_FORCE: Readonly<Record<string, TimeInForce>> = {
  GTC: 'gtc',
  IOC: 'ioc',
  FOK: 'fok',
  PostOnly: 'post_only',
};
export const BYBIT_TIME_IN_FORCE: Readonly<Record<TimeInForce, string>> = {
  gtc: 'GTC',
  ioc: 'IOC',
  fok: 'FOK',
  post_only: 'PostOnly',
};

/** Places one order from Bybit parameters (order/create, create-batch items, WS order.create). */
export function bybitPlace(engine: TradingEngine, raw: unknown): BybitOpResult {
  const params = isRecord(raw) ? raw : {};
  const badCategory = checkCategory(params);
  if (badCategory) return badCategory;
  for (const key of ['symbol', 'side', 'orderType', 'qty'])
    if (!textOf(params, key)) return paramError(`params error: ${key} is required`);
  const side = textOf(params, 'side');
  const orderType = textOf(params, 'orderType');
  if (side !== 'Buy' && side !== 'Sell') return paramError('params error: side invalid');
  if (orderType !== 'Market' && orderType !== 'Limit') return paramError('params error: orderType invalid');
  const idx = textOf(params, 'positionIdx');
  const posSide = idx === undefined ? undefined : POSITION_SIDE[idx];
  if (idx !== undefined && posSide === undefined) return paramError('params error: positionIdx invalid');
  const tifText = textOf(params, 'timeInForce');
  const timeInForce = tifText === undefined ? 'gtc' : TIME_IN_FORCE[tifText];
  if (timeInForce === undefined) return paramError('params error: timeInForce invalid');
  const symbol = textOf(params, 'symbol') ?? '';
  const reduceOnly = flag(params, 'reduceOnly');
  let size = textOf(params, 'qty') ?? '';
  // qty "0" with reduceOnly + closeOnTrigger closes the whole position (BYDOC create-order, docs/protocol.md "Bybit positions").
  if (Number(size) === 0 && reduceOnly && flag(params, 'closeOnTrigger')) {
    const position = engine.account.findPosition(symbol, posSide ?? 'net');
    size = String(Math.abs(position?.size ?? 0));
  }
  const request: PlaceOrderRequest = {
    symbol,
    side: side === 'Buy' ? 'buy' : 'sell',
    type: orderType === 'Market' ? 'market' : 'limit',
    timeInForce,
    size,
    price: textOf(params, 'price'),
    posSide,
    reduceOnly,
    marginMode: 'cross',
    clientId: textOf(params, 'orderLinkId') ?? '',
  };
  return fromTrade(engine.place(request));
}

function locator(params: Params) {
  return {
    symbol: textOf(params, 'symbol') ?? '',
    orderId: textOf(params, 'orderId'),
    clientId: textOf(params, 'orderLinkId'),
  };
}

function checkLocator(params: Params): BybitOpResult | undefined {
  const badCategory = checkCategory(params);
  if (badCategory) return badCategory;
  if (!textOf(params, 'symbol')) return paramError('params error: symbol is required');
  if (!textOf(params, 'orderId') && !textOf(params, 'orderLinkId'))
    return paramError('params error: orderId or orderLinkId is required');
  return undefined;
}

/** Cancels one order (order/cancel, cancel-batch items, WS order.cancel). */
export function bybitCancel(engine: TradingEngine, raw: unknown): BybitOpResult {
  const params = isRecord(raw) ? raw : {};
  return checkLocator(params) ?? fromTrade(engine.cancel(locator(params)));
}

/** Amends one order's qty and/or price (order/amend, amend-batch items, WS order.amend). */
export function bybitAmend(engine: TradingEngine, raw: unknown): BybitOpResult {
  const params = isRecord(raw) ? raw : {};
  const bad = checkLocator(params);
  if (bad) return bad;
  return fromTrade(
    engine.amend({ ...locator(params), newSize: textOf(params, 'qty'), newPrice: textOf(params, 'price') }),
  );
}

export type BybitBatchOutcome =
  | {
      readonly ok: true;
      readonly result: { list: unknown[] };
      readonly retExtInfo: { list: { code: number; msg: string }[] };
    }
  | { readonly ok: false; readonly error: BybitCodeMessage };

/** Batches carry at most 20 linear orders (docs/protocol.md "Bybit trade socket"). */
export const BYBIT_MAX_BATCH = 20;

/**
 * Runs a batch `{category, request: [...]}`: `result.list` per item and `retExtInfo.list` with each
 * item's `{code, msg}` (docs/protocol.md "Bybit envelopes and errors").
 */
export function bybitBatch(
  engine: TradingEngine,
  raw: unknown,
  op: (engine: TradingEngine, params: unknown) => BybitOpResult,
  now: number,
): BybitBatchOutcome {
  const params = isRecord(raw) ? raw : {};
  const category = textOf(params, 'category');
  const requests = params.request;
  if (!category)
    return { ok: false, error: { retCode: 10001, retMsg: 'params error: category is required' } };
  if (!Array.isArray(requests) || requests.length === 0)
    return { ok: false, error: { retCode: 10001, retMsg: 'params error: request is required' } };
  if (requests.length > BYBIT_MAX_BATCH)
    return { ok: false, error: { retCode: 10001, retMsg: 'params error: batch holds at most 20 orders' } };
  const list: unknown[] = [];
  const ext: { code: number; msg: string }[] = [];
  for (const item of requests) {
    const itemParams = isRecord(item) ? { ...item, category } : { category };
    const outcome = op(engine, itemParams);
    const symbol = textOf(itemParams, 'symbol') ?? '';
    list.push({
      category,
      symbol,
      orderId: outcome.ok ? outcome.order.id : '',
      orderLinkId: outcome.ok ? outcome.order.clientId : (textOf(itemParams, 'orderLinkId') ?? ''),
      createAt: outcome.ok ? String(now) : '',
    });
    ext.push(
      outcome.ok ? { code: 0, msg: 'OK' } : { code: outcome.error.retCode, msg: outcome.error.retMsg },
    );
  }
  return { ok: true, result: { list }, retExtInfo: { list: ext } };
}
