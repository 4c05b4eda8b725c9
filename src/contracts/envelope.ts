import * as z from 'zod/mini';
import { PERCH_ERROR_NAMES } from './perch-error';

/** The wire shape of every message: which contract, and its payload (checked against that contract). */
export const messageEnvelope = z.strictObject({
  perch: z.literal(1),
  name: z.string(),
  payload: z.unknown(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelope>;

export const errorShape = z.strictObject({ name: z.enum(PERCH_ERROR_NAMES), message: z.string() });

export const replyEnvelope = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), data: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: errorShape }),
]);
export type ReplyEnvelope = z.infer<typeof replyEnvelope>;
