import type { BybitCredential, BybitKeyLookup, OkxCredential, OkxKeyLookup } from './credentials.js';
import { hmacSha256, signaturesEqual } from './hmac.js';
import { OKX_TIMESTAMP_WINDOW_MS } from './okx-rest-auth.js';

/** Why a socket login was refused; each stream words it its own way (docs/protocol.md "Sockets"). */
export type WsLoginRejection = 'params' | 'unknownKey' | 'wrongPassphrase' | 'expired' | 'badSign';

export type WsLoginResult<C> =
  { readonly ok: true; readonly credential: C } | { readonly ok: false; readonly reason: WsLoginRejection };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * OKX `login`: args[0] = {apiKey, passphrase, timestamp (unix seconds), sign}, where
 * sign = Base64 HMAC-SHA256(secret, timestamp + 'GET' + '/users/self/verify') (docs/protocol.md "OKX sockets").
 */
export function verifyOkxLogin(
  args: unknown,
  lookup: OkxKeyLookup,
  nowMs: number,
): WsLoginResult<OkxCredential> {
  const first: unknown = Array.isArray(args) ? args[0] : undefined;
  if (!isRecord(first)) return { ok: false, reason: 'params' };
  const { apiKey, passphrase, timestamp, sign } = first;
  if (
    typeof apiKey !== 'string' ||
    typeof passphrase !== 'string' ||
    typeof timestamp !== 'string' ||
    typeof sign !== 'string'
  ) {
    return { ok: false, reason: 'params' };
  }
  const seconds = Number(timestamp);
  if (!/^\d+(\.\d+)?$/.test(timestamp) || !Number.isFinite(seconds)) return { ok: false, reason: 'params' };
  if (Math.abs(nowMs - seconds * 1000) > OKX_TIMESTAMP_WINDOW_MS) return { ok: false, reason: 'expired' };
  const credential = lookup(apiKey);
  if (!credential) return { ok: false, reason: 'unknownKey' };
  if (credential.passphrase !== passphrase) return { ok: false, reason: 'wrongPassphrase' };
  const expected = hmacSha256(credential.secretKey, `${timestamp}GET/users/self/verify`, 'base64');
  return signaturesEqual(expected, sign) ? { ok: true, credential } : { ok: false, reason: 'badSign' };
}

/**
 * Bybit `auth`: args = [apiKey, expires (ms), sign], sign = hex HMAC-SHA256(secret, 'GET/realtime' + expires);
 * `expires` must still be in the future (docs/protocol.md "Bybit sockets").
 */
export function verifyBybitAuth(
  args: unknown,
  lookup: BybitKeyLookup,
  nowMs: number,
): WsLoginResult<BybitCredential> {
  if (!Array.isArray(args)) return { ok: false, reason: 'params' };
  const [apiKey, expires, sign] = args as unknown[];
  if (
    typeof apiKey !== 'string' ||
    typeof sign !== 'string' ||
    (typeof expires !== 'number' && typeof expires !== 'string')
  ) {
    return { ok: false, reason: 'params' };
  }
  const expiresMs = Number(expires);
  if (!Number.isFinite(expiresMs)) return { ok: false, reason: 'params' };
  if (expiresMs <= nowMs) return { ok: false, reason: 'expired' };
  const credential = lookup(apiKey);
  if (!credential) return { ok: false, reason: 'unknownKey' };
  const expected = hmacSha256(credential.apiSecret, `GET/realtime${String(expires)}`, 'hex');
  return signaturesEqual(expected, sign.toLowerCase())
    ? { ok: true, credential }
    : { ok: false, reason: 'badSign' };
}

/** OKX's error event codes for a refused login (docs/protocol.md "OKX sockets"). */
export const OKX_LOGIN_ERRORS: Readonly<Record<WsLoginRejection, { code: string; msg: string }>> = {
  params: { code: '60009', msg: 'Login failed.' },
  unknownKey: { code: '60005', msg: 'Invalid OK-ACCESS-KEY' },
  wrongPassphrase: { code: '60024', msg: 'Wrong passphrase' },
  expired: { code: '60006', msg: 'Timestamp request expired' },
  badSign: { code: '60007', msg: 'Invalid sign' },
};

/** Bybit /v5/private `ret_msg` texts; "Params Error" is the observed reply to an expired auth (docs/protocol.md "Server time and clock tolerance"). */
export const BYBIT_PRIVATE_AUTH_MESSAGES: Readonly<Record<WsLoginRejection, string>> = {
  params: 'Params Error',
  unknownKey: 'API key is invalid.',
  wrongPassphrase: 'Params Error',
  expired: 'Params Error',
  badSign: 'Error sign, please check your signature generation algorithm.',
};

/** Bybit /v5/trade auth `retCode`s: 10004 invalid sign, 10001 param error (docs/protocol.md "Bybit sockets"). */
export const BYBIT_TRADE_AUTH_ERRORS: Readonly<
  Record<WsLoginRejection, { retCode: number; retMsg: string }>
> = {
  params: { retCode: 10001, retMsg: 'Params Error' },
  unknownKey: { retCode: 10003, retMsg: 'API key is invalid.' },
  wrongPassphrase: { retCode: 10001, retMsg: 'Params Error' },
  expired: { retCode: 10001, retMsg: 'Params Error: auth expired' },
  badSign: { retCode: 10004, retMsg: 'Invalid sign' },
};
