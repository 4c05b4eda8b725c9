import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import { defineMessage } from './define';

/**
 * The open orders of both exchanges in one list (docs/architecture.md "Open orders"): regular orders as
 * the orders stream shows them, and the stops, targets and trailing stops waiting on positions. Prices
 * and sizes stay the exchange's decimal strings.
 */

const decimal = z.optional(z.string());

/** Where an order came from: the orders stream, or a position's protection (a conditional leg). */
export const orderSource = z.enum(['order', 'leg']);

export const orderView = z.object({
  exchange: exchangeId,
  symbol: z.string(),
  /** The instrument's kind when Perch knows it (a position or a leg on it named it). */
  kind: z.optional(instrumentKind),
  source: orderSource,
  /** What a cancel names it by: the exchange's order id, or the leg's id (ProtectionLegView.id). */
  id: z.string(),
  clientOrderId: z.optional(z.string()),
  side: z.enum(['buy', 'sell']),
  /** "limit", "market", "post only"…; for a leg "stop", "target" or "trailing stop". */
  type: z.string(),
  /** A leg's role: a cancel of it names the role, since one OKX algo order can hold a stop and a target. */
  role: z.optional(z.enum(['stop', 'target', 'trailing'])),
  /** A leg's position slot (one-way, long, short). */
  slot: z.optional(z.enum(['one-way', 'long', 'short'])),
  /** The limit price; absent for a market order and a leg. */
  price: decimal,
  /** A leg's trigger (a trailing stop's, once the exchange has ratcheted it). */
  trigger: decimal,
  triggerBy: z.optional(z.enum(['mark', 'last', 'index'])),
  /** A trailing stop's distance or ratio, as the exchange holds them. */
  trailing: z.optional(z.object({ distance: decimal, ratio: decimal })),
  /** In the exchange's order unit; absent = a leg for the whole position. */
  size: decimal,
  sizeUnit: z.optional(z.enum(['contracts', 'base', 'quote'])),
  filled: decimal,
  reduceOnly: z.optional(z.boolean()),
  /** When the exchange says it was placed (ms since epoch); absent when it does not say. */
  createdAt: z.optional(z.number()),
  /** "open", "partially-filled", "untriggered"; "waiting" for a leg. */
  status: z.string(),
});
export type OrderView = z.infer<typeof orderView>;

/** An exchange's own instrument id and, when the page knows it, its kind. */
const orderInstrument = z.strictObject({
  symbol: z.string().check(z.minLength(1), z.maxLength(64)),
  kind: z.optional(instrumentKind),
});

/** One open order as the list showed it. */
export const cancelOrderRequest = z.strictObject({
  exchange: exchangeId,
  instrument: orderInstrument,
  source: orderSource,
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  role: z.optional(z.enum(['stop', 'target', 'trailing'])),
  slot: z.optional(z.enum(['one-way', 'long', 'short'])),
});
export type CancelOrderRequest = z.infer<typeof cancelOrderRequest>;

/**
 * How a cancel ended, said by the exchange's private stream: `cancelled` the order left the open orders
 * as cancelled; `filled` it filled (or a leg fired) before the cancel reached it; `refused` the exchange or
 * Perch said no, nothing changed; `unconfirmed` the exchange took the cancel but its stream has not shown
 * it yet. `message` is the outcome in the trader's words.
 */
export const cancelOutcome = z.enum(['cancelled', 'filled', 'refused', 'unconfirmed']);
export type CancelOutcome = z.infer<typeof cancelOutcome>;

export const cancelResult = z.object({ status: cancelOutcome, message: z.string() });
export type CancelResult = z.infer<typeof cancelResult>;

/** Cancels one open order or leg; answers once the stream showed how it ended (or its wait ran out). */
export const cancelOrder = defineMessage({
  name: 'cancelOrder',
  senders: ['popup', 'options'],
  request: cancelOrderRequest,
  response: cancelResult,
});

/** Each order a cancel-all touched, and how it ended. */
export const cancelAllResult = z.object({
  cancelled: z.number(),
  filled: z.number(),
  refused: z.number(),
  unconfirmed: z.number(),
  message: z.string(),
});
export type CancelAllResult = z.infer<typeof cancelAllResult>;

/** Cancels every resting order on one exchange, or on one of its instruments. */
export const cancelAllOrders = defineMessage({
  name: 'cancelAllOrders',
  senders: ['popup', 'options'],
  request: z.strictObject({ exchange: exchangeId, instrument: z.optional(orderInstrument) }),
  response: cancelAllResult,
});

export const orderContracts = { cancelOrder, cancelAllOrders } as const;
