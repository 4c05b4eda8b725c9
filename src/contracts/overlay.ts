import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';

/**
 * What the overlay on a charting page may learn: which exchanges answer, with their BTC price. Less than
 * the popup's marketStatus on purpose: no market address and no error text reach a page's content script.
 */
export const overlayStatus = defineMessage({
  name: 'overlayStatus',
  senders: ['content'],
  request: z.strictObject({}),
  response: z.object({
    exchanges: z.array(
      z.object({
        exchange: exchangeId,
        symbol: z.string(),
        /** Absent when the exchange did not answer. */
        lastPrice: z.optional(z.string()),
      }),
    ),
  }),
});
