import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import { defineMessage } from './define';

const positionSlot = z.enum(['one-way', 'long', 'short']);

/** An instrument as the exchange names it: OKX instId ("BTC-USDT-SWAP"), Bybit symbol ("BTCUSDT"). */
const instrumentRef = z.strictObject({
  kind: instrumentKind,
  symbol: z.string().check(z.minLength(1)),
  contractType: z.optional(z.enum(['linear', 'inverse'])),
});

/** What a close answered. Each carries `message`: the outcome in the trader's words. */
export const closeResult = z.discriminatedUnion('status', [
  /** The exchange took the order; the position's disappearance from the private stream confirms it. */
  z.object({
    status: z.literal('sent'),
    clientOrderId: z.string(),
    /** Empty when the exchange answers without one (OKX close-position). */
    orderId: z.string(),
    via: z.enum(['socket', 'rest']),
    message: z.string(),
  }),
  /** The position was no longer open: nothing was sent. */
  z.object({ status: z.literal('already-closed'), message: z.string() }),
  /** A close of this position is already on its way: nothing was sent. */
  z.object({ status: z.literal('in-progress'), clientOrderId: z.string(), message: z.string() }),
]);
export type CloseResult = z.infer<typeof closeResult>;

/**
 * Closes one whole position at market. Extension pages may close any position. A content script may
 * close only a position on an instrument its own tab follows over the hub port (the background checks
 * the tab the browser stamped on the message). Any sender may name the symbol its page shows in `page`:
 * the background then refuses any instrument or exchange other than the one named there. The overlay
 * sends this only from a trusted click (`event.isTrusted`) on its own closed shadow root, which no page
 * script can fake or reach.
 */
export const closePosition = defineMessage({
  name: 'closePosition',
  senders: ['popup', 'options', 'content'],
  request: z.strictObject({
    exchange: exchangeId,
    instrument: instrumentRef,
    slot: positionSlot,
    page: z.optional(z.strictObject({ exchange: exchangeId, symbol: z.string() })),
  }),
  response: closeResult,
});
