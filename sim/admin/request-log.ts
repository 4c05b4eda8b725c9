import type { ExchangeId } from '../market/instruments.js';
import type { SimContext } from '../server/context.js';
import type { SimResponse } from '../server/http.js';

/** One exchange REST request as the simulator answered it. */
export interface LoggedRequest {
  /** Server time (ms) when it arrived: what the rate-limit windows count by. */
  readonly at: number;
  readonly exchange: ExchangeId;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The exchange's code in the answer (OKX `code`, Bybit `retCode`, as text), "" when the body has none. */
  readonly code: string;
}

/** The newest this many are kept: a long demo must not grow the log without bound. */
export const REQUEST_LOG_LIMIT = 50_000;

function codeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { code, retCode } = body as { code?: unknown; retCode?: unknown };
  if (typeof code === 'string') return code;
  return typeof retCode === 'number' ? String(retCode) : '';
}

/**
 * Every exchange REST request and its answer (`GET /__sim/requests`), so a test can count what a client
 * sent per endpoint and window and see every rate-limit refusal. Installed first, it sees the final
 * answer: an injected fault or a rate limit as well as the handler's.
 */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  install(ctx: SimContext): void {
    ctx.http.use(async (request, next) => {
      const at = ctx.now();
      const response: SimResponse = await next();
      if (request.exchange !== null) {
        this.entries.push({
          at,
          exchange: request.exchange,
          method: request.method,
          path: request.path,
          status: response.status,
          code: codeOf(response.body),
        });
        if (this.entries.length > REQUEST_LOG_LIMIT) this.entries = this.entries.slice(-REQUEST_LOG_LIMIT);
      }
      return response;
    });
  }

  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
