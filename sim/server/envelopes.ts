import type { ExchangeId } from '../market/instruments';
import type { SimResponse } from './http';

/** OKX success envelope (docs/protocol.md "OKX envelopes and errors"): `code` is a string, `data` always an array. */
export function okxOk(data: unknown[]): SimResponse {
  return { status: 200, body: { code: '0', msg: '', data } };
}

/** OKX error envelope; auth errors use 401, rate limits 429, business errors 200 (docs/protocol.md "OKX envelopes and errors"). */
export function okxError(code: string, msg: string, status = 200): SimResponse {
  return { status, body: { code, msg, data: [] } };
}

/** Bybit success envelope (docs/protocol.md "Bybit envelopes and errors"): numeric `retCode`, `time` in ms. */
export function bybitOk(result: unknown, now: number): SimResponse {
  return { status: 200, body: { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: now } };
}

/** Bybit error envelope; most business errors still arrive with HTTP 200 (docs/protocol.md "Bybit envelopes and errors"). */
export function bybitError(retCode: number, retMsg: string, now: number, status = 200): SimResponse {
  return { status, body: { retCode, retMsg, result: {}, retExtInfo: {}, time: now } };
}

/** Unknown path. OKX: HTTP 404 with its envelope; Bybit: HTTP 404 with 10017 "Route not found." (docs/protocol.md "Bybit envelopes and errors"). */
export function notFound(exchange: ExchangeId | null, now: number): SimResponse {
  if (exchange === 'okx') return okxError('404', 'Not Found', 404);
  if (exchange === 'bybit') return bybitError(10017, 'Route not found.', now, 404);
  return { status: 404, body: 'Not Found', contentType: 'text/plain; charset=utf-8' };
}

/** A POST body that is not JSON: OKX 50002 (HTTP 400), Bybit 10001 param error. */
export function badJson(exchange: ExchangeId | null, now: number): SimResponse {
  if (exchange === 'okx') return okxError('50002', 'JSON syntax error', 400);
  if (exchange === 'bybit') return bybitError(10001, 'Request parameter error.', now);
  return { status: 400, body: 'Bad JSON', contentType: 'text/plain; charset=utf-8' };
}

/** A missing or invalid request parameter, in each exchange's words (OKX 51000/50014, Bybit 10001). */
export function paramError(exchange: ExchangeId, parameter: string, now: number, empty = false): SimResponse {
  if (exchange === 'okx')
    return empty
      ? okxError('50014', `Parameter ${parameter} can not be empty`)
      : okxError('51000', `Parameter ${parameter} error`);
  return bybitError(
    10001,
    empty ? `params error: ${parameter} is required` : `params error: ${parameter} invalid`,
    now,
  );
}
