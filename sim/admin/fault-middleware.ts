import { STATUS_CODES } from 'node:http';
import { OKX_RATE_LIMITED } from '../limits/limit-table.js';
import { bybitError, okxError } from '../server/envelopes.js';
import type { SimContext } from '../server/context.js';
import type { SimResponse } from '../server/http.js';
import type { ExchangeId } from '../market/instruments.js';

/** What an exchange's gateway answers when the admin API forces an HTTP status. */
function forcedAnswer(exchange: ExchangeId, status: number, now: number): SimResponse {
  if (status === 429) {
    // OKX sends its rate-limit envelope with 429 (docs/protocol.md "OKX rate limits"); Bybit's 429 is "System level frequency protection" (docs/protocol.md "Bybit envelopes and errors").
    return exchange === 'okx'
      ? okxError(OKX_RATE_LIMITED.code, OKX_RATE_LIMITED.msg, 429)
      : bybitError(10429, 'System level frequency protection. Please retry', now, 429);
  }
  return {
    status,
    body: `${String(status)} ${STATUS_CODES[status] ?? 'Error'}`,
    contentType: 'text/html; charset=utf-8',
  };
}

/** A request the latency fault is holding: already received, not yet carried out. */
export interface HeldRequest {
  readonly exchange: ExchangeId;
  readonly method: string;
  readonly path: string;
}

/**
 * Applies the REST faults (latency, forced 5xx/429) to every exchange request, never to /__sim/. Returns
 * the requests the latency is holding (`GET /__sim/held`): a test stops a client once its request is
 * surely on the exchange's side, not merely about to leave.
 */
export function installFaultMiddleware(ctx: SimContext): { held(): readonly HeldRequest[] } {
  const held = new Set<HeldRequest>();
  ctx.http.use(async (request, next) => {
    if (request.exchange === null) return next();
    request.receivedAt = ctx.now();
    const { httpStatus } = ctx.faults;
    const latencyMs = Math.max(
      ctx.faults.latencyMs,
      request.method === 'POST' ? ctx.faults.postLatencyMs : 0,
    );
    if (latencyMs > 0) {
      const entry = { exchange: request.exchange, method: request.method, path: request.path };
      held.add(entry);
      await new Promise<void>((resolve) => {
        ctx.held.hold(latencyMs, resolve);
      });
      held.delete(entry);
    }
    if (httpStatus !== null) return forcedAnswer(request.exchange, httpStatus, ctx.now());
    return next();
  });
  return { held: () => [...held] };
}
