import * as z from 'zod/mini';
import { defineMessage } from './define';
import { exchangeId } from './vocabulary';

/**
 * Where one thing of a "close everything" run stands: waiting its turn, being closed or cancelled, done
 * (closed, cancelled, or already gone), refused (the exchange said no, in words), or open (Perch could
 * not act on it: its exchange was unreachable or locked, or a close did not take effect).
 */
export const flattenItemState = z.enum(['waiting', 'working', 'done', 'refused', 'open']);
export type FlattenItemState = z.infer<typeof flattenItemState>;

/** One line of the progress list: a position, a resting order, or an exchange Perch could not act on. */
export const flattenItem = z.strictObject({
  id: z.string(),
  exchange: exchangeId,
  kind: z.enum(['position', 'order', 'exchange']),
  /** "BTC-USDT-SWAP long 2", "BTCUSDT buy limit 0.01 at 50000", "Bybit". */
  what: z.string(),
  state: flattenItemState,
  /** Where it stands, in the trader's words: "Closed; Bybit confirmed it.", "OKX said: 51008 …". */
  words: z.string(),
});
export type FlattenItem = z.infer<typeof flattenItem>;

/** A "close everything" run as the popup shows it. */
export const flattenView = z.strictObject({
  runId: z.string(),
  phase: z.enum(['running', 'done']),
  startedAt: z.number(),
  items: z.array(flattenItem),
  /** Once done: the outcome in words, one sentence per exchange, what is still open named. */
  report: z.array(z.string()),
});
export type FlattenView = z.infer<typeof flattenView>;

/**
 * Closes every position on both exchanges (reduce-only market orders, each for the size the exchange
 * shows just before its close) and cancels every resting order. Answers at once with the run as it
 * starts; a run already going is answered instead of starting a second. The popup asks only after a
 * confirmation a stray click cannot give (a hold).
 */
export const closeEverything = defineMessage({
  name: 'closeEverything',
  senders: ['popup'],
  request: z.strictObject({}),
  response: flattenView,
});

/** The last "close everything" run of this browser session (null when there was none), to follow it. */
export const flattenStatus = defineMessage({
  name: 'flattenStatus',
  senders: ['popup'],
  request: z.strictObject({}),
  response: z.nullable(flattenView),
});

export const flattenContracts = { closeEverything, flattenStatus } as const;
