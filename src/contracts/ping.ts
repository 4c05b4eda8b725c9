import * as z from 'zod/mini';
import { defineMessage } from './define';

/** Asks the background whether it is running; the answer says which worker instance replied. */
export const ping = defineMessage({
  name: 'ping',
  senders: ['popup', 'options', 'content'],
  request: z.strictObject({}),
  response: z.object({
    version: z.string(),
    /** When this worker instance started (ms since epoch): a new value means the worker was woken. */
    workerStartedAt: z.number(),
    answeredAt: z.number(),
  }),
});
