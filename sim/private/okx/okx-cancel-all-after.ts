import type { CancelAllAfter } from '../../accounts/cancel-all-after.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import { okxError, okxOk } from '../../server/envelopes.js';
import type { SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { okxPermissionDenied } from './okx-errors.js';

/** OKX's range for `timeOut`: "0" disarms, else 10 to 120 seconds (docs/protocol.md "OKX cancel all after"). */
const MIN_SECONDS = 10;
const MAX_SECONDS = 120;

function textOf(body: unknown, key: string): string | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/**
 * POST /api/v5/trade/cancel-all-after at account level. Times are ms strings, as every other OKX time
 * (docs/protocol.md "OKX cancel all after"); triggerTime "0" while disarmed. Tag-level timers are not
 * simulated: a tag is refused as a bad parameter rather than arming the whole account in its place.
 */
export function okxCancelAllAfter(
  engine: TradingEngine,
  deadMan: CancelAllAfter,
  body: unknown,
  now: number,
): SimResponse {
  if (engine.account.permission === 'read_only') return okxPermissionDenied();
  const timeOut = textOf(body, 'timeOut');
  if (timeOut === undefined || timeOut === '') return okxError('50014', 'Parameter timeOut can not be empty');
  if ((textOf(body, 'tag') ?? '') !== '') return okxError('51000', 'Parameter tag error');
  const seconds = /^\d+$/.test(timeOut) ? Number(timeOut) : Number.NaN;
  if (seconds === 0) deadMan.disarm();
  else if (seconds >= MIN_SECONDS && seconds <= MAX_SECONDS) deadMan.arm(seconds * 1_000);
  else return okxError('51000', 'Parameter timeOut error');
  return okxOk([{ triggerTime: String(deadMan.triggerTime), tag: '', ts: String(now) }]);
}

export function registerOkxCancelAllAfter(
  routes: PrivateRoutes,
  deadMan: CancelAllAfter,
  now: () => number,
): void {
  routes.okx('POST', '/api/v5/trade/cancel-all-after', (request, engine) =>
    okxCancelAllAfter(engine, deadMan, request.json, now()),
  );
}
