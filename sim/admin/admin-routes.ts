import type { CancelAllAfter } from '../accounts/cancel-all-after.js';
import { autoDeleverage } from '../accounts/forced-close.js';
import { protectionBook } from '../accounts/protection-book.js';
import type { AccountRegistry } from '../accounts/account-registry.js';
import type { SimAccount } from '../accounts/sim-account.js';
import type { KeyKind, KeyPermission, PositionMode, PositionSide } from '../accounts/types.js';
import type { WindowLimiter } from '../limits/window-limiter.js';
import type { ExchangeId } from '../market/instruments.js';
import { sendOkxMaintenanceNotice } from '../public/install-sockets.js';
import { createFaults, type SimContext, type SimFaults } from '../server/context.js';
import type { SimRequest, SimResponse } from '../server/http.js';
import { SOCKET_PATHS } from '../server/sockets.js';
import { adminState } from './admin-state.js';
import type { HeldRequest } from './fault-middleware.js';
import type { RequestLog } from './request-log.js';
import { errorMessage } from '../server/error-message.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const EXCHANGES: readonly ExchangeId[] = ['okx', 'bybit'];
const PERMISSIONS: readonly KeyPermission[] = ['read_only', 'trade', 'trade_withdraw'];
const KEY_KINDS: readonly KeyKind[] = ['any', 'live', 'demo'];
const MODES: readonly PositionMode[] = ['one_way', 'hedge'];
const POSITION_SIDES: readonly PositionSide[] = ['net', 'long', 'short'];
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;
const HTTP_FAULTS: readonly SimFaults['httpStatus'][] = [null, 500, 502, 503, 504, 429];

const ok = (body: unknown): SimResponse => ({ status: 200, body });
const bad = (error: string): SimResponse => ({ status: 400, body: { error } });
const bodyOf = (request: SimRequest): Record<string, unknown> =>
  typeof request.json === 'object' && request.json !== null && !Array.isArray(request.json)
    ? (request.json as Record<string, unknown>)
    : {};

/** Reads `body[key]` as one of `choices`; the error lists the valid ones (docs/architecture.md "Conventions"). */
type Choice<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

function choice<T>(body: Record<string, unknown>, key: string, choices: readonly T[]): Choice<T> {
  const found = choices.find((c) => c === body[key]);
  if (found !== undefined || (body[key] === null && choices.includes(null as T)))
    return { ok: true, value: found ?? (null as T) };
  return { ok: false, error: `"${key}" must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}` };
}

/** Which exchanges a request targets: `exchange` when given, else both. */
function exchangesOf(body: Record<string, unknown>): Choice<readonly ExchangeId[]> {
  if (body.exchange === undefined) return { ok: true, value: EXCHANGES };
  const one = choice(body, 'exchange', EXCHANGES);
  return one.ok ? { ok: true, value: [one.value] } : one;
}

/** What else the admin API reaches: requests a fault holds (listed), cancel-all-after timers (a reset disarms them). */
export interface AdminParts {
  readonly faults: { held(): readonly HeldRequest[] };
  readonly deadMen: readonly Pick<CancelAllAfter, 'disarm'>[];
  /** OKX's cancel-all-after timer, read (never set) by `GET /__sim/dead-man`. */
  readonly okxDeadMan: Pick<CancelAllAfter, 'triggerTime'>;
}

/**
 * The fault and state API on `/__sim/` (loopback only): plain JSON in and out, documented in
 * sim/README.md. Tests and the demo drive sockets, REST faults, prices, positions and keys here.
 */
export function registerAdminRoutes(
  ctx: SimContext,
  accounts: AccountRegistry,
  limiter: WindowLimiter,
  requests: RequestLog,
  { faults, deadMen, okxDeadMan }: AdminParts,
): void {
  const route = (method: 'GET' | 'POST', path: string, handler: (request: SimRequest) => SimResponse) => {
    ctx.http.route(method, `/__sim/${path}`, (request) =>
      LOOPBACK.has(request.remoteAddress)
        ? handler(request)
        : { status: 403, body: { error: 'The admin API answers loopback callers only' } },
    );
  };
  const post = (path: string, handler: (body: Record<string, unknown>) => SimResponse) => {
    route('POST', path, (request) => handler(bodyOf(request)));
  };
  const get = (path: string, answer: () => unknown) => {
    route('GET', path, () => ok(answer()));
  };
  get('state', () => adminState(ctx, accounts));
  get('requests', () => ({ requests: requests.list() }));
  get('held', () => ({ held: faults.held() }));
  post('release-held', () => ok({ released: ctx.held.release() }));
  get('dead-man', () => ({ okx: { triggerTime: okxDeadMan.triggerTime } }));
  post('clear-requests', () => {
    requests.clear();
    return ok({ requests: [] });
  });

  post('faults', (body) => {
    const next: SimFaults = { ...ctx.faults };
    for (const key of ['latencyMs', 'postLatencyMs', 'tradeLatencyMs', 'clockSkewMs'] as const) {
      if (body[key] === undefined) continue;
      const value = body[key];
      if (typeof value !== 'number' || !Number.isFinite(value) || (key !== 'clockSkewMs' && value < 0))
        return bad(`"${key}" must be a number of ms`);
      next[key] = value;
    }
    for (const key of [
      'silentPings',
      'refuseLogins',
      'refuseSockets',
      'badChecksum',
      'okxSeqGap',
      'bybitSeqGap',
    ] as const) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== 'boolean') return bad(`"${key}" must be true or false`);
      next[key] = body[key];
    }
    if (body.httpStatus !== undefined) {
      const status = choice(body, 'httpStatus', HTTP_FAULTS);
      if (!status.ok) return bad(status.error);
      next.httpStatus = status.value;
    }
    Object.assign(ctx.faults, next);
    return ok({ faults: ctx.faults });
  });

  post('drop-sockets', (body) => {
    const exchange = body.exchange === undefined ? undefined : choice(body, 'exchange', EXCHANGES);
    if (exchange?.ok === false) return bad(exchange.error);
    const path = body.path === undefined ? undefined : choice(body, 'path', SOCKET_PATHS);
    if (path?.ok === false) return bad(path.error);
    const dropped = ctx.sockets.drop({
      ...(exchange === undefined ? {} : { exchange: exchange.value }),
      ...(path === undefined ? {} : { path: path.value }),
    });
    return ok({ dropped });
  });

  post('bad-checksum', () => {
    ctx.faults.badChecksum = true;
    return ok({ faults: ctx.faults });
  });

  post('seq-gap', (body) => {
    const targets = exchangesOf(body);
    if (!targets.ok) return bad(targets.error);
    if (targets.value.includes('okx')) ctx.faults.okxSeqGap = true;
    if (targets.value.includes('bybit')) ctx.faults.bybitSeqGap = true;
    return ok({ faults: ctx.faults });
  });

  post('okx-notice', () => {
    sendOkxMaintenanceNotice(ctx);
    return ok({ sent: true });
  });

  post('price', (body) => {
    const picked = choice(body, 'exchange', EXCHANGES);
    if (!picked.ok) return bad(picked.error);
    const exchange = picked.value;
    const symbol = typeof body.symbol === 'string' ? body.symbol : '';
    const price = typeof body.price === 'string' || typeof body.price === 'number' ? String(body.price) : '';
    const tradable = accounts.market.instrument(exchange, symbol);
    const instrument = tradable
      ? ctx.market.find(tradable.exchange, tradable.category, tradable.symbol)
      : undefined;
    if (!instrument)
      return bad(
        `Unknown symbol "${symbol}" on ${exchange}; try ${ctx.market
          .list(exchange)
          .map((i) => i.symbol)
          .join(', ')}`,
      );
    try {
      ctx.market.setPrice(instrument, price);
    } catch (error) {
      return bad(errorMessage(error));
    }
    accounts.matchAll();
    return ok({
      exchange,
      symbol,
      price: ctx.market.lastPrice(instrument),
      markPrice: ctx.market.markPrice(instrument),
    });
  });

  post('position', (body) => {
    const exchange = choice(body, 'exchange', EXCHANGES);
    if (!exchange.ok) return bad(exchange.error);
    const posSide: Choice<PositionSide> =
      body.posSide === undefined ? { ok: true, value: 'net' } : choice(body, 'posSide', POSITION_SIDES);
    if (!posSide.ok) return bad(posSide.error);
    const size = Number(body.size);
    const avgPx = Number(body.avgPx);
    if (!Number.isFinite(size) || !Number.isFinite(avgPx) || (size !== 0 && avgPx <= 0))
      return bad('"size" and "avgPx" must be numbers (avgPx > 0 unless size is 0)');
    const engine = accounts.engine(exchange.value);
    const symbol = typeof body.symbol === 'string' ? body.symbol : '';
    const result = engine.setPosition(symbol, posSide.value, size, avgPx);
    if (!result.ok)
      return bad(`Cannot set a position on "${symbol}": ${result.failure.reason} (perpetuals only)`);
    return ok({
      exchange: exchange.value,
      symbol,
      posSide: posSide.value,
      size: result.value.size,
      avgPx: result.value.avgPx,
    });
  });

  /** The exchange auto-deleverages the position: closed whole at the mark, told as an ADL close. */
  post('adl', (body) => {
    const exchange = choice(body, 'exchange', EXCHANGES);
    if (!exchange.ok) return bad(exchange.error);
    const posSide: Choice<PositionSide> =
      body.posSide === undefined ? { ok: true, value: 'net' } : choice(body, 'posSide', POSITION_SIDES);
    if (!posSide.ok) return bad(posSide.error);
    const symbol = typeof body.symbol === 'string' ? body.symbol : '';
    const order = autoDeleverage(accounts.engine(exchange.value), symbol, posSide.value);
    if (order === undefined)
      return bad(`No open ${posSide.value} position on "${symbol}" to auto-deleverage`);
    return ok({
      exchange: exchange.value,
      symbol,
      posSide: posSide.value,
      orderId: order.id,
      size: order.size,
    });
  });

  /** A per-account setting: `{key: one of choices, exchange?}`, applied to one or both accounts. */
  const setting = <T>(
    path: string,
    key: string,
    choices: readonly T[],
    apply: (account: SimAccount, value: T) => void,
  ) => {
    post(path, (body) => {
      const targets = exchangesOf(body);
      const value = choice(body, key, choices);
      if (!targets.ok) return bad(targets.error);
      if (!value.ok) return bad(value.error);
      for (const exchange of targets.value) apply(accounts.engine(exchange).account, value.value);
      return ok({ exchanges: targets.value, [key]: value.value });
    });
  };
  setting('permissions', 'permission', PERMISSIONS, (account, permission) => {
    account.permission = permission;
  });
  setting('position-mode', 'mode', MODES, (account, mode) => {
    account.positionMode = mode;
  });
  setting('key-kind', 'kind', KEY_KINDS, (account, kind) => {
    account.keyKind = kind;
  });

  /** Binds the key to IP addresses (`[]` unbinds it), as the exchanges' key settings do. */
  post('key-ips', (body) => {
    const targets = exchangesOf(body);
    if (!targets.ok) return bad(targets.error);
    const ips = body.ips;
    if (!Array.isArray(ips) || !ips.every((ip) => typeof ip === 'string' && IPV4.test(ip)))
      return bad('"ips" must be a list of IPv4 addresses such as ["203.0.113.7"], or [] for none');
    for (const exchange of targets.value) accounts.engine(exchange).account.ips = ips as string[];
    return ok({ exchanges: targets.value, ips });
  });

  post('reset', () => {
    Object.assign(ctx.faults, createFaults());
    for (const deadMan of deadMen) deadMan.disarm();
    for (const exchange of EXCHANGES) {
      accounts.engine(exchange).account.reset();
      protectionBook(accounts.engine(exchange).account).clear();
    }
    limiter.reset();
    requests.clear();
    return ok(adminState(ctx, accounts));
  });
}
