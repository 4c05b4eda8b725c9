import * as z from 'zod/mini';
import { defineMessage } from './define';
import { exchangeId, instrumentKind } from './vocabulary';

/**
 * Alerts (docs/alerts.md): rules the worker checks against the streams it holds, and what fired. Prices and
 * rates stay decimal strings as the trader typed them; the worker compares them exactly.
 */

/** A positive decimal as a trader types it ("65000", "0.5"). */
const positiveDecimal = z
  .string()
  .check(z.regex(/^(?:\d{1,12})(?:\.\d{1,12})?$/, 'a number such as 65000 or 0.5'), z.maxLength(26));

/** The one instrument a market alert watches. */
export const alertInstrument = z.strictObject({
  exchange: exchangeId,
  kind: instrumentKind,
  symbol: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type AlertInstrument = z.infer<typeof alertInstrument>;

/**
 * Which positions and orders an account alert watches: the exchanges named, and when `symbols` is given
 * only those instruments (empty = every instrument).
 */
export const alertScope = z.strictObject({
  exchanges: z.array(exchangeId).check(z.minLength(1), z.maxLength(2)),
  symbols: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(20)),
});
export type AlertScope = z.infer<typeof alertScope>;

/** What an alert waits for. */
export const alertCondition = z.discriminatedUnion('kind', [
  /** The price crosses `level` going `direction` (last traded price or mark price). */
  z.strictObject({
    kind: z.literal('price'),
    instrument: alertInstrument,
    direction: z.enum(['above', 'below']),
    level: positiveDecimal,
    source: z.enum(['last', 'mark']),
  }),
  /** The last price moves at least `percent` (either way) within `windowMinutes`. */
  z.strictObject({
    kind: z.literal('move'),
    instrument: alertInstrument,
    percent: positiveDecimal,
    windowMinutes: z.number().check(z.int(), z.gte(1), z.lte(1440)),
  }),
  /** A position's distance to liquidation, in % of mark, falls under `belowPercent`. */
  z.strictObject({ kind: z.literal('liquidation'), scope: alertScope, belowPercent: positiveDecimal }),
  /** An exchange's margin ratio (maintenance margin over equity, in %) rises over `abovePercent`. */
  z.strictObject({ kind: z.literal('margin'), scope: alertScope, abovePercent: positiveDecimal }),
  /** An order fills; with `partial`, every partial fill too. */
  z.strictObject({ kind: z.literal('fill'), scope: alertScope, partial: z.boolean() }),
  /** A stop, target or trailing stop fires. */
  z.strictObject({ kind: z.literal('stop'), scope: alertScope }),
  /** A position is closed: by the trader, by a stop, by liquidation or by auto-deleveraging. */
  z.strictObject({ kind: z.literal('closed'), scope: alertScope }),
  /**
   * A position is about to pay funding at a rate above `aboveRate` (a fraction: 0.0005 = 0.05 %), within
   * `minutesBefore` of the settlement.
   */
  z.strictObject({
    kind: z.literal('funding'),
    scope: alertScope,
    aboveRate: positiveDecimal,
    minutesBefore: z.number().check(z.int(), z.gte(1), z.lte(480)),
  }),
]);
export type AlertCondition = z.infer<typeof alertCondition>;
export const ALERT_KINDS = [
  'price',
  'move',
  'liquidation',
  'margin',
  'fill',
  'stop',
  'closed',
  'funding',
] as const satisfies readonly AlertCondition['kind'][];
export type AlertKind = (typeof ALERT_KINDS)[number];

export { ALERT_HISTORY_SIZE } from './alert-history-size';

/** Once (then the alert pauses itself), or every time with at least `cooldownSeconds` between two. */
export const alertRepeat = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('once') }),
  z.strictObject({
    mode: z.literal('every'),
    cooldownSeconds: z.number().check(z.int(), z.gte(0), z.lte(86_400)),
  }),
]);
export type AlertRepeat = z.infer<typeof alertRepeat>;

/** An alert as the trader sets it up. */
export const alertDraft = z.strictObject({
  condition: alertCondition,
  repeat: alertRepeat,
  /** Play a sound with the notification. */
  sound: z.boolean(),
  note: z.optional(z.string().check(z.maxLength(120))),
});
export type AlertDraft = z.infer<typeof alertDraft>;

export const alert = z.strictObject({
  ...alertDraft.shape,
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  createdAt: z.number(),
  /** Paused by the trader, or by itself after firing once. */
  paused: z.boolean(),
});
export type Alert = z.infer<typeof alert>;

/** One alert that fired, as the history and the notification show it. */
export const firedAlert = z.object({
  /** What fired, once: the alert and the event it fired on (a fill id, a crossing's time...). */
  id: z.string(),
  alertId: z.string(),
  kind: z.enum(ALERT_KINDS),
  exchange: exchangeId,
  symbol: z.optional(z.string()),
  /** "BTC-USDT-SWAP on OKX above 65,000". */
  title: z.string(),
  /** What happened, in words, with the price. */
  message: z.string(),
  /** When it happened, by the exchange's clock where it says (ms since the epoch). */
  at: z.number(),
  /** When Perch told the trader: later than `at` when the worker caught up after being stopped. */
  firedAt: z.number(),
});
export type FiredAlert = z.infer<typeof firedAlert>;

export const alertList = z.object({ alerts: z.array(alert), history: z.array(firedAlert) });
export type AlertList = z.infer<typeof alertList>;

/** Every alert and the last fired ones, newest first. */
export const listAlerts = defineMessage({
  name: 'listAlerts',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: alertList,
});

/** Creates an alert, or replaces the one `id` names (keeping when it was made). */
export const saveAlert = defineMessage({
  name: 'saveAlert',
  senders: ['popup', 'options'],
  request: z.strictObject({ id: z.optional(z.string().check(z.maxLength(64))), draft: alertDraft }),
  response: alert,
});

export const deleteAlert = defineMessage({
  name: 'deleteAlert',
  senders: ['popup', 'options'],
  request: z.strictObject({ id: z.string().check(z.maxLength(64)) }),
  response: z.object({ deleted: z.boolean() }),
});

export const pauseAlert = defineMessage({
  name: 'pauseAlert',
  senders: ['popup', 'options'],
  request: z.strictObject({ id: z.string().check(z.maxLength(64)), paused: z.boolean() }),
  response: alert,
});

/**
 * A price alert from the chart badge, held as Close is: only for the instrument the sender's tab follows
 * (the worker checks; nothing the page claims counts). Answers with no list: a page reads no alerts.
 */
export const createChartAlert = defineMessage({
  name: 'createChartAlert',
  senders: ['content'],
  request: z.strictObject({
    instrument: alertInstrument,
    direction: z.enum(['above', 'below']),
    level: positiveDecimal,
  }),
  response: z.object({ created: z.boolean(), message: z.string() }),
});

export const alertContracts = { listAlerts, saveAlert, deleteAlert, pauseAlert, createChartAlert } as const;
