import * as z from 'zod/mini';
import { defineMessage } from './define';

/**
 * The dead-man switch as the worker runs it now. `armedUntil` (ms since the epoch) is when OKX cancels the
 * account's resting orders unless Perch renews the timer first; absent while nothing is armed.
 */
export const deadManSwitchView = z.object({
  enabled: z.boolean(),
  timeoutSeconds: z.number(),
  armedUntil: z.optional(z.number()),
  /** Why the last call to OKX failed, in its words; cleared by the next one that succeeds. */
  problem: z.optional(z.string()),
});
export type DeadManSwitchView = z.infer<typeof deadManSwitchView>;

export const deadManSwitchStatus = defineMessage({
  name: 'deadManSwitchStatus',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: deadManSwitchView,
});
