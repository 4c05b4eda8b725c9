import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import { defineMessage } from './define';

export const positionSlot = z.enum(['one-way', 'long', 'short']);

/** An instrument as the exchange names it: OKX instId ("BTC-USDT-SWAP"), Bybit symbol ("BTCUSDT"). */
export const instrumentRef = z.strictObject({
  kind: instrumentKind,
  symbol: z.string().check(z.minLength(1)),
  contractType: z.optional(z.enum(['linear', 'inverse'])),
});

/** A size as the exchange and the screens write it: digits, optionally a fraction; never a float's noise. */
export const SIZE = /^\d{1,30}(\.\d{1,30})?$/;

/**
 * The position as the trader's screen showed it when they asked to close it: its side, and its size as the
 * row's `PositionView.sizeContracts` carried it (the exchange's order unit: OKX contracts, Bybit coin for
 * linear, USD for inverse). The background closes only a position that still has this side and is no
 * larger; one that shrank is closed for what is left, which is what the trader asked for.
 */
export const seenPosition = z.strictObject({
  side: z.enum(['long', 'short']),
  sizeContracts: z.string().check(z.regex(SIZE)),
});
export type SeenPosition = z.infer<typeof seenPosition>;

/** The instrument a sender's page shows: the background refuses any other (see closePosition). */
export const shownPage = z.optional(z.strictObject({ exchange: exchangeId, symbol: z.string() }));

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
 * Closes one whole position at market, if it is still the one the trader saw (`seen`, required of every
 * sender): a flipped or grown position is refused with `PositionChangedError` and nothing is sent.
 * Extension pages may close any position. A content script may
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
    seen: seenPosition,
    page: shownPage,
  }),
  response: closeResult,
});
