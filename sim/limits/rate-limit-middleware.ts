import type { SimContext } from '../server/context.js';
import { bybitError, okxError } from '../server/envelopes.js';
import type { SimRequest, SimResponse } from '../server/http.js';
import {
  BYBIT_RATE_LIMITED,
  BYBIT_WINDOW_MS,
  bybitLimitOf,
  OKX_RATE_LIMITED,
  OKX_WINDOW_MS,
  okxLimitOf,
  okxWeightOf,
} from './limit-table.js';
import type { LimitDecision, WindowLimiter } from './window-limiter.js';

/** Bybit's three rate-limit headers, sent on every response (docs/protocol.md "Bybit rate limits"). */
export function bybitLimitHeaders(decision: LimitDecision, now: number): Record<string, string> {
  return {
    'X-Bapi-Limit': String(decision.limit),
    'X-Bapi-Limit-Status': String(decision.remaining),
    // The reset time only matters once the limit is hit; otherwise Bybit sends the current time.
    'X-Bapi-Limit-Reset-Timestamp': String(decision.allowed ? now : decision.resetAt),
  };
}

/** Budgets are per caller: the API key when one is sent (one key per UID here), else the address. */
const callerOf = (request: SimRequest, keyHeader: string): string => {
  const key = request.headers[keyHeader];
  return typeof key === 'string' && key !== '' ? key : request.remoteAddress;
};

function parsedBody(request: SimRequest): unknown {
  try {
    return request.body === '' ? undefined : (JSON.parse(request.body) as unknown);
  } catch {
    return undefined;
  }
}

/** One budget per UID and endpoint, shared by REST and the /v5/trade stream (docs/protocol.md "Bybit rate limits"). */
export const bybitLimitKey = (caller: string, path: string): string => `bybit|${caller}|${path}`;

async function limitBybit(
  ctx: SimContext,
  limiter: WindowLimiter,
  request: SimRequest,
  next: () => Promise<SimResponse>,
): Promise<SimResponse> {
  const decision = limiter.take(
    bybitLimitKey(callerOf(request, 'x-bapi-api-key'), request.path),
    bybitLimitOf(request.path),
    BYBIT_WINDOW_MS,
  );
  const now = ctx.now();
  const headers = bybitLimitHeaders(decision, now);
  const response = decision.allowed
    ? await next()
    : bybitError(BYBIT_RATE_LIMITED.retCode, BYBIT_RATE_LIMITED.retMsg, now);
  return { ...response, headers: { ...response.headers, ...headers } };
}

/** One budget per caller and endpoint; OKX's WS order operations draw on their REST twin's (docs/protocol.md "OKX orders on the private socket"). */
export const okxLimitKey = (caller: string, method: string, path: string): string =>
  `okx|${caller}|${method} ${path}`;

async function limitOkx(
  limiter: WindowLimiter,
  request: SimRequest,
  next: () => Promise<SimResponse>,
): Promise<SimResponse> {
  const weight = okxWeightOf(request.path, () => parsedBody(request));
  const key = okxLimitKey(callerOf(request, 'ok-access-key'), request.method, request.path);
  const decision = limiter.take(key, okxLimitOf(request.method, request.path), OKX_WINDOW_MS, weight);
  if (decision.allowed) return next();
  return okxError(OKX_RATE_LIMITED.code, OKX_RATE_LIMITED.msg, 429);
}

/** Per-endpoint limits on every known exchange route; unknown paths fall through to their 404. */
export function installRateLimits(ctx: SimContext, limiter: WindowLimiter): void {
  ctx.http.use((request, next) => {
    if (request.exchange === null || !ctx.http.has(request.method, request.path)) return next();
    return request.exchange === 'bybit'
      ? limitBybit(ctx, limiter, request, next)
      : limitOkx(limiter, request, next);
  });
}
