import type { AccountRegistry } from '../accounts/account-registry.js';
import type { TradingEngine } from '../accounts/trading-engine.js';
import { verifyBybitRequest } from '../auth/bybit-rest-auth.js';
import { bybitKeyOf, okxKeyOf, type SignedRequest } from '../auth/credentials.js';
import { verifyOkxRequest } from '../auth/okx-rest-auth.js';
import type { SimContext } from '../server/context.js';
import { bybitError, okxError } from '../server/envelopes.js';
import type { SimRequest, SimResponse } from '../server/http.js';

export type PrivateHandler = (request: SimRequest, engine: TradingEngine) => SimResponse;

/** What the signature checks need from a request: the body bytes exactly as sent. */
function signedRequestOf(request: SimRequest): SignedRequest {
  return {
    method: request.method,
    target: request.target,
    body: request.rawBody,
    header: (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

/** The caller's IPv4 address, as a key's IP binding names it (Node reports `::ffff:127.0.0.1`). */
const ipv4Of = (remoteAddress: string): string => remoteAddress.replace(/^::ffff:/, '');

/** Whether a key bound to `ips` may be used from `remoteAddress`; an unbound key works from anywhere. */
const ipAllowed = (ips: readonly string[], remoteAddress: string): boolean =>
  ips.length === 0 || ips.includes(ipv4Of(remoteAddress));

/** Registers signed REST routes: each request is verified with the exchange's rules before its handler runs. */
export function createPrivateRoutes(ctx: SimContext, accounts: AccountRegistry) {
  const okxKey = (apiKey: string) => okxKeyOf(ctx, apiKey);
  const bybitKey = (apiKey: string) => bybitKeyOf(ctx, apiKey);
  const bybit =
    (handler: PrivateHandler) =>
    (request: SimRequest): SimResponse => {
      const auth = verifyBybitRequest(signedRequestOf(request), bybitKey, request.receivedAt ?? ctx.now());
      if (!auth.ok)
        return bybitError(auth.failure.retCode, auth.failure.retMsg, ctx.now(), auth.failure.httpStatus);
      // Bybit keeps live, testnet and demo keys apart: a demo key is unknown on the live host the
      // simulator plays.
      if (accounts.bybit.account.keyKind === 'demo')
        return bybitError(10003, 'API key is invalid.', ctx.now(), 401);
      if (!ipAllowed(accounts.bybit.account.ips, request.remoteAddress))
        return bybitError(
          10010,
          "Unmatched IP, please check your API key's bound IP addresses.",
          ctx.now(),
          401,
        );
      return handler(request, accounts.bybit);
    };
  return {
    okx(method: 'GET' | 'POST', path: string, handler: PrivateHandler): void {
      ctx.http.route(method, path, (request) => {
        const auth = verifyOkxRequest(signedRequestOf(request), okxKey, request.receivedAt ?? ctx.now());
        if (!auth.ok) return okxError(auth.failure.code, auth.failure.msg, auth.failure.httpStatus);
        // OKX routes demo trading by the x-simulated-trading header; the key must come from the same side.
        const { keyKind } = accounts.okx.account;
        const demoRequest = signedRequestOf(request).header('x-simulated-trading') === '1';
        if (keyKind !== 'any' && demoRequest !== (keyKind === 'demo'))
          return okxError('50101', 'APIKey does not match current environment.', 401);
        if (!ipAllowed(accounts.okx.account.ips, request.remoteAddress)) {
          const ip = ipv4Of(request.remoteAddress);
          return okxError('50110', `Your IP ${ip} is not included in your API key's IP whitelist.`, 401);
        }
        return handler(request, accounts.okx);
      });
    },
    bybit(method: 'GET' | 'POST', path: string, handler: PrivateHandler): void {
      ctx.http.route(method, path, bybit(handler));
    },
    /** A Bybit route whose body is not JSON (multipart upload): the handler reads `rawBody`. */
    bybitMultipart(path: string, handler: PrivateHandler): void {
      ctx.http.route('POST', path, bybit(handler), 'bytes');
    },
  };
}

export type PrivateRoutes = ReturnType<typeof createPrivateRoutes>;
