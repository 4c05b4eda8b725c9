import * as z from 'zod/mini';

/** The wire shape of every message: which contract, and its payload (checked against that contract). */
export const messageEnvelope = z.object({
  perch: z.literal(1),
  name: z.string(),
  payload: z.unknown(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelope>;

export const errorShape = z.object({ name: z.string(), message: z.string() });

export const replyEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorShape }),
]);
export type ReplyEnvelope = z.infer<typeof replyEnvelope>;
