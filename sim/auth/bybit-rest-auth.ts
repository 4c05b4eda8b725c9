import type { BybitCredential, BybitKeyLookup, SignedRequest } from './credentials.js';
import { hmacSha256, signaturesEqual } from './hmac.js';

/** A Bybit REST auth rejection. Only an unknown key is an HTTP error; the rest arrive with HTTP 200. */
export interface BybitAuthFailure {
  readonly httpStatus: 200 | 401;
  readonly retCode: number;
  readonly retMsg: string;
}

export type BybitAuthResult =
  | { readonly ok: true; readonly credential: BybitCredential }
  | { readonly ok: false; readonly failure: BybitAuthFailure };

export const BYBIT_DEFAULT_RECV_WINDOW_MS = 5000;
/** A request may be at most 1 s ahead of the server (docs/protocol.md "Server time and clock tolerance"). */
const MAX_AHEAD_MS = 1000;

const fail = (retCode: number, retMsg: string, httpStatus: 200 | 401 = 200): BybitAuthResult => ({
  ok: false,
  failure: { httpStatus, retCode, retMsg },
});

/** What Bybit signs after the prefix: the raw query for GET, the raw body bytes otherwise (docs/protocol.md "Bybit signing", "Bybit P2P chat file upload"). */
function signedPayload(request: SignedRequest): Buffer {
  if (request.method.toUpperCase() !== 'GET') return request.body;
  const queryStart = request.target.indexOf('?');
  return Buffer.from(queryStart < 0 ? '' : request.target.slice(queryStart + 1));
}

/**
 * Checks a Bybit v5 private REST request: hex HMAC-SHA256 over timestamp + apiKey + recvWindow +
 * (raw query | raw body bytes), window `server - recvWindow <= ts < server + 1000` (docs/protocol.md "Bybit signing", "Server time and clock tolerance").
 */
export function verifyBybitRequest(
  request: SignedRequest,
  lookup: BybitKeyLookup,
  nowMs: number,
): BybitAuthResult {
  const apiKey = request.header('x-bapi-api-key') ?? '';
  const timestamp = request.header('x-bapi-timestamp') ?? '';
  const sign = request.header('x-bapi-sign') ?? '';
  const recvWindowText = request.header('x-bapi-recv-window') ?? String(BYBIT_DEFAULT_RECV_WINDOW_MS);
  if (!apiKey || !timestamp || !sign) {
    return fail(
      10001,
      `empty value: apiTimestamp[${timestamp}] apiKey[${apiKey ? '***' : ''}] apiSignature[${sign ? '***' : ''}]`,
    );
  }
  const sentAt = Number(timestamp);
  const recvWindow = Number(recvWindowText);
  if (!Number.isInteger(sentAt) || !Number.isInteger(recvWindow) || recvWindow <= 0) {
    return fail(10001, 'Request parameter error: invalid X-BAPI-TIMESTAMP or X-BAPI-RECV-WINDOW');
  }
  if (!(nowMs - recvWindow <= sentAt && sentAt < nowMs + MAX_AHEAD_MS)) {
    return fail(
      10002,
      `invalid request, please check your server timestamp or recv_window param. req_timestamp[${timestamp}],server_timestamp[${nowMs}],recv_window[${recvWindowText}]`,
    );
  }
  const credential = lookup(apiKey);
  if (!credential) return fail(10003, 'API key is invalid.', 401);
  const payload = signedPayload(request);
  const expected = hmacSha256(
    credential.apiSecret,
    Buffer.concat([Buffer.from(timestamp + apiKey + recvWindowText), payload]),
    'hex',
  );
  if (!signaturesEqual(expected, sign.toLowerCase())) {
    // Bybit echoes the signed string with the key part masked, so a client can diff its prehash.
    return fail(
      10004,
      `Error sign, please check your signature generation algorithm: origin_string[***${payload.toString('utf8')}]`,
    );
  }
  return { ok: true, credential };
}
