import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';
import { instrumentRef, positionSlot, seenPosition, shownPage, SIZE } from './trading';

/**
 * Protecting and trimming one position (docs/architecture.md "Protecting a position"). Every request names
 * the position and carries `seen`, the side and size the trader's row showed: the background acts only on
 * a position that still has that side and is no larger. One action per position and kind (stop, target,
 * trailing stop, partial close) is in flight at a time. Prices are decimal strings; the background checks
 * them again with contracts/protection-rules.ts on the position it has just looked up.
 */

const decimalString = z.string().check(z.regex(SIZE));
const legId = z.string().check(z.minLength(1), z.maxLength(100));
const triggerSource = z.enum(['mark', 'last', 'index']);

const positionFields = {
  exchange: exchangeId,
  instrument: instrumentRef,
  slot: positionSlot,
  seen: seenPosition,
};

/** What a protection request answered; `message` is the outcome in the trader's words. */
export const protectionResult = z.discriminatedUnion('status', [
  /** The exchange took it; its private stream confirms it on the row. */
  z.object({
    status: z.literal('sent'),
    /** Names this action while it is in flight (a partial close's client order id). */
    actionId: z.string(),
    /** The leg the exchange named in its answer, when it named one. */
    legId: z.optional(z.string()),
    message: z.string(),
  }),
  /** The same kind of action on this position is already on its way: nothing was sent. */
  z.object({ status: z.literal('in-progress'), actionId: z.string(), message: z.string() }),
  /** Checked and refused, by Perch's rules or by the exchange: nothing was changed. */
  z.object({ status: z.literal('refused'), message: z.string() }),
]);
export type ProtectionResult = z.infer<typeof protectionResult>;

/** A new stop or target; `size` in the exchange's order unit, absent = the whole position. Extension pages. */
export const setProtection = defineMessage({
  name: 'setProtection',
  senders: ['popup', 'options'],
  request: z.strictObject({
    ...positionFields,
    role: z.enum(['stop', 'target']),
    triggerPrice: decimalString,
    triggerBy: z.optional(triggerSource),
    size: z.optional(decimalString),
  }),
  response: protectionResult,
});

/** A waiting stop or target (`legId`, as the portfolio's protection shows it) at a new price. */
export const moveProtection = defineMessage({
  name: 'moveProtection',
  senders: ['popup', 'options'],
  request: z.strictObject({
    ...positionFields,
    legId,
    triggerPrice: decimalString,
    size: z.optional(decimalString),
  }),
  response: protectionResult,
});

/** Cancels one waiting stop, target or trailing stop. */
export const cancelProtection = defineMessage({
  name: 'cancelProtection',
  senders: ['popup', 'options'],
  request: z.strictObject({ ...positionFields, legId }),
  response: protectionResult,
});

/**
 * A stop for the whole position at its breakeven price (the exchange's, else the entry). A chart page's
 * content script may send it for a position its own tab follows, as with closePosition.
 */
export const moveStopToBreakeven = defineMessage({
  name: 'moveStopToBreakeven',
  senders: ['popup', 'options', 'content'],
  request: z.strictObject({ ...positionFields, page: shownPage }),
  response: protectionResult,
});

/** A trailing stop for the whole position: a price `distance` or a `ratio` (0.01 = 1 %), exactly one. */
export const setTrailingStop = defineMessage({
  name: 'setTrailingStop',
  senders: ['popup', 'options'],
  request: z.strictObject({
    ...positionFields,
    distance: z.optional(decimalString),
    ratio: z.optional(decimalString),
    activationPrice: z.optional(decimalString),
  }),
  response: protectionResult,
});

/**
 * Closes part of the position at market, reduce-only: a percentage of it or a size in the exchange's order
 * unit, rounded down to the lot size and never below the minimum order size (contracts/protection-rules.ts
 * partCloseSize). A content script may send it for a position its own tab follows.
 */
export const closePart = defineMessage({
  name: 'closePart',
  senders: ['popup', 'options', 'content'],
  request: z.strictObject({
    ...positionFields,
    part: z.union([
      z.strictObject({ percent: z.int().check(z.minimum(1), z.maximum(100)) }),
      z.strictObject({ size: decimalString }),
    ]),
    page: shownPage,
  }),
  response: protectionResult,
});

export const protectionContracts = {
  setProtection,
  moveProtection,
  cancelProtection,
  moveStopToBreakeven,
  setTrailingStop,
  closePart,
} as const;
