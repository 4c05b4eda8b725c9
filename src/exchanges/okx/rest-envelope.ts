import * as z from 'zod/mini';
import { unwrapAnswer, type Envelope, type EnvelopeSpec } from '../transport/http-envelope';
import type { HttpAnswer, RestResult } from '../transport/http-types';

/** OKX envelope (docs/protocol.md "OKX envelopes and errors"): code is a string, data almost always an array. */
const OkxEnvelope = z.looseObject({
  code: z.string(),
  msg: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
const OkxBatchItem = z.looseObject({ sCode: z.string(), sMsg: z.optional(z.string()) });

/** The first failed item of an order/batch answer: it says more than the top-level "1". */
function firstFailedItem(data: unknown): { code: string; message: string } | undefined {
  if (!Array.isArray(data)) return undefined;
  for (const item of data) {
    const parsed = OkxBatchItem.safeParse(item);
    if (parsed.success && parsed.data.sCode !== '0')
      return { code: parsed.data.sCode, message: parsed.data.sMsg ?? '' };
  }
  return undefined;
}

/**
 * Code "0" is success. Code "2" (some batch items failed) also returns the data, so the caller sees
 * each item's sCode/sMsg. Code "1" (every item failed) reports the first item's sCode and sMsg.
 */
function readOkxEnvelope(body: unknown): Envelope | undefined {
  const parsed = OkxEnvelope.safeParse(body);
  if (!parsed.success) return undefined;
  const { code, msg = '', data } = parsed.data;
  const item = code === '1' ? firstFailedItem(data) : undefined;
  return { code: item?.code ?? code, message: item?.message ?? msg, ok: code === '0' || code === '2', data };
}

const OKX_ENVELOPE: EnvelopeSpec = {
  exchange: 'okx',
  label: 'an OKX',
  read: readOkxEnvelope,
  rateLimitStatuses: [429],
  rateLimitCodes: ['50011', '50061'],
  // 50100-50114: API frozen, key/passphrase/sign/timestamp problems, IP whitelist, environment mismatch;
  // 50120: the key lacks the permission (a read-only key trading), like Bybit's 10005.
  isAuthCode: (code) => /^501(0\d|1[0-4])$/.test(code) || code === '50120',
};

export function unwrapOkx(answer: HttpAnswer, endpoint: string): RestResult<unknown> {
  return unwrapAnswer(OKX_ENVELOPE, answer, endpoint);
}
