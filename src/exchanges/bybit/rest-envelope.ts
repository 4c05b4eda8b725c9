import * as z from 'zod/mini';
import { unwrapAnswer, type Envelope, type EnvelopeSpec } from '../transport/http-envelope';
import type { HttpAnswer, RestResult } from '../transport/http-types';
import { readRateLimitHeaders } from '../transport/rate-limit';

/** Bybit v5 envelope, and the legacy one its P2P endpoints still use (docs/protocol.md "Bybit envelopes and errors"). */
const BybitEnvelope = z.looseObject({
  retCode: z.number(),
  retMsg: z.optional(z.string()),
  result: z.optional(z.unknown()),
});
const LegacyEnvelope = z.looseObject({
  ret_code: z.number(),
  ret_msg: z.optional(z.string()),
  result: z.optional(z.unknown()),
});

function readBybitEnvelope(body: unknown): Envelope | undefined {
  const v5 = BybitEnvelope.safeParse(body);
  if (v5.success)
    return {
      code: String(v5.data.retCode),
      message: v5.data.retMsg ?? '',
      ok: v5.data.retCode === 0,
      data: v5.data.result,
    };
  const legacy = LegacyEnvelope.safeParse(body);
  if (!legacy.success) return undefined;
  const { ret_code: code, ret_msg: message = '', result } = legacy.data;
  return { code: String(code), message, ok: code === 0, data: result };
}

const AUTH_CODES = new Set(['10002', '10003', '10004', '10005', '10007', '10010', '33004', '-2015']);

const BYBIT_ENVELOPE: EnvelopeSpec = {
  exchange: 'bybit',
  label: 'a Bybit',
  read: readBybitEnvelope,
  // 403: IP limit breached ("access too frequent"); 429: system frequency protection (docs/protocol.md "Bybit rate limits").
  rateLimitStatuses: [403, 429],
  rateLimitCodes: ['10006', '10018'],
  isAuthCode: (code) => AUTH_CODES.has(code),
  readRateLimit: readRateLimitHeaders,
};

/** Success returns the result with the X-Bapi-Limit headers; batch per-item status stays in `raw.retExtInfo`. */
export function unwrapBybit(answer: HttpAnswer, endpoint: string): RestResult<unknown> {
  return unwrapAnswer(BYBIT_ENVELOPE, answer, endpoint);
}
