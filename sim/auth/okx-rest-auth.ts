import type { OkxCredential, OkxKeyLookup, SignedRequest } from './credentials.js';
import { hmacSha256, signaturesEqual } from './hmac.js';

/** An OKX REST auth rejection: every 501xx auth code comes back with HTTP 401 (docs/protocol.md "OKX envelopes and errors"). */
export interface OkxAuthFailure {
  readonly httpStatus: 401;
  readonly code: string;
  readonly msg: string;
}

export type OkxAuthResult =
  | { readonly ok: true; readonly credential: OkxCredential }
  | { readonly ok: false; readonly failure: OkxAuthFailure };

/** OKX accepts a request timestamp within 30 s of its clock (docs/protocol.md "Server time and clock tolerance"). */
export const OKX_TIMESTAMP_WINDOW_MS = 30_000;

const ISO_MS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

const fail = (code: string, msg: string): OkxAuthResult => ({
  ok: false,
  failure: { httpStatus: 401, code, msg },
});
const emptyHeader = (code: string, name: string): OkxAuthResult =>
  fail(code, `Request header "${name}" cannot be empty.`);

/**
 * Checks an OKX v5 private REST request: prehash = ISO timestamp + METHOD + raw request target
 * (path and query as sent) + raw body, Base64 HMAC-SHA256 (docs/protocol.md "OKX signing").
 */
export function verifyOkxRequest(request: SignedRequest, lookup: OkxKeyLookup, nowMs: number): OkxAuthResult {
  const apiKey = request.header('ok-access-key');
  const sign = request.header('ok-access-sign');
  const timestamp = request.header('ok-access-timestamp');
  const passphrase = request.header('ok-access-passphrase');
  if (!apiKey) return emptyHeader('50103', 'OK-ACCESS-KEY');
  if (!passphrase) return emptyHeader('50104', 'OK-ACCESS-PASSPHRASE');
  if (!sign) return emptyHeader('50106', 'OK-ACCESS-SIGN');
  if (!timestamp) return emptyHeader('50107', 'OK-ACCESS-TIMESTAMP');
  const sentAt = ISO_MS_TIMESTAMP.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(sentAt)) return fail('50112', 'Invalid OK-ACCESS-TIMESTAMP');
  if (Math.abs(nowMs - sentAt) > OKX_TIMESTAMP_WINDOW_MS) return fail('50102', 'Timestamp request expired');
  const credential = lookup(apiKey);
  if (!credential) return fail('50111', 'Invalid OK-ACCESS-KEY');
  if (credential.passphrase !== passphrase)
    return fail('50105', 'Request header "OK-ACCESS-PASSPHRASE" incorrect.');
  const prehash = Buffer.concat([
    Buffer.from(timestamp + request.method.toUpperCase() + request.target),
    request.body,
  ]);
  if (!signaturesEqual(hmacSha256(credential.secretKey, prehash, 'base64'), sign)) {
    return fail('50113', 'Invalid Sign');
  }
  return { ok: true, credential };
}
