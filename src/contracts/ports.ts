import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import type { Sender } from './define';
import { balanceView, freshnessView, orderView, positionView, totalsView, watchlistEntry } from './portfolio';
import { PAGE_MAX_QUOTES } from './port-names';

export { CONTENT_MAX_QUOTES, HUB_PORT, PAGE_MAX_QUOTES, STALE_AFTER_MS } from './port-names';

/** Contexts that may open the hub port; a content script may only ask for quotes. */
export const HUB_PORT_SENDERS: readonly Sender[] = ['popup', 'options', 'content'];

/** One instrument of one exchange, as a page names it. */
export const wantedInstrument = z.strictObject({
  exchange: exchangeId,
  kind: instrumentKind,
  symbol: z.string().check(z.minLength(1), z.maxLength(64)),
  contractType: z.optional(z.enum(['linear', 'inverse'])),
});
export type WantedInstrument = z.infer<typeof wantedInstrument>;

/** The instrument each exchange's headline price is shown with: its most traded perpetual. */
export const HEADLINE_INSTRUMENTS = [
  { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
] as const satisfies readonly WantedInstrument[];

/**
 * Replaces what this port wants; an empty list wants nothing. `account: true` asks for the whole account
 * (positions, balances, open orders, totals): extension pages only. A content script's port always gets
 * the positions on the instruments it asked quotes for, and nothing else of the account.
 */
export const hubWant = z.strictObject({
  type: z.literal('want'),
  quotes: z.array(wantedInstrument).check(z.maxLength(PAGE_MAX_QUOTES)),
  account: z.optional(z.boolean()),
  /**
   * Also the quotes of the saved watchlist, which the snapshot then lists (extension pages only): a page
   * can ask at once, without first asking for the watchlist.
   */
  watchlist: z.optional(z.boolean()),
});
export type HubWant = z.infer<typeof hubWant>;

/**
 * An extension page has applied the hub's last message (`PAGE_TAKEN`): the next may go at once. A chart
 * page's content script may not send it: its messages are paced by the chart's own budget.
 */
export const hubTaken = z.strictObject({ type: z.literal('taken') });

/** What the hub accepts from one page. */
export const hubPortRequest = z.discriminatedUnion('type', [hubWant, hubTaken]);

export const portQuote = z.object({
  exchange: exchangeId,
  kind: wantedInstrument.shape.kind,
  symbol: z.string(),
  last: z.optional(z.string()),
  bid: z.optional(z.string()),
  ask: z.optional(z.string()),
  mark: z.optional(z.string()),
  /** The price 24 hours ago (OKX open24h, Bybit prevPrice24h): the screens show the change from it. */
  open24h: z.optional(z.string()),
  /** The instrument's price step, order size step and smallest order, when the background knows it. */
  tickSize: z.optional(z.string()),
  lotSize: z.optional(z.string()),
  minSize: z.optional(z.string()),
  /** The exchange's timestamp of this price. */
  ts: z.number(),
});
export type PortQuote = z.infer<typeof portQuote>;

export const connectionState = z.enum(['idle', 'connecting', 'live', 'down']);
export type ConnectionState = z.infer<typeof connectionState>;

/** How one exchange's data is doing, for a status line and the toolbar badge. */
export const connectionStatus = z.object({
  exchange: exchangeId,
  state: connectionState,
  /** Milliseconds since the last push; undefined before the first one. */
  dataAgeMs: z.optional(z.number()),
  /** True while no push came for too long: prices come from REST snapshots until the stream recovers. */
  stale: z.boolean(),
  /** The last problem, in words a trader understands. */
  lastError: z.optional(z.string()),
  /**
   * The sockets that carry the account (logged in, or refused at login), apart from `state`, which judges
   * the market sockets alone: a refused or revoked key leaves live prices live, and makes positions stale.
   */
  account: z.optional(connectionState),
});
export type ConnectionStatus = z.infer<typeof connectionStatus>;

/**
 * The account as one port may see it. Each section present replaces what the page holds of it (the
 * positions are every position in the port's reach, so a closed one disappears); an absent section did
 * not change. A content script's port only ever carries `positions` and `freshness`, limited to its own
 * instruments and their exchanges.
 */
export const portAccount = z.object({
  positions: z.optional(z.array(positionView)),
  balances: z.optional(z.array(balanceView)),
  orders: z.optional(z.array(orderView)),
  totals: z.optional(totalsView),
  freshness: z.optional(z.array(freshnessView)),
});
export type PortAccount = z.infer<typeof portAccount>;

export const hubPortMessage = z.discriminatedUnion('type', [
  /** Everything the port asked for, sent at once after each `want`. */
  z.object({
    type: z.literal('snapshot'),
    quotes: z.array(portQuote),
    status: z.array(connectionStatus),
    account: z.optional(portAccount),
    /** The saved watchlist, when the want asked for it. */
    watchlist: z.optional(z.array(watchlistEntry)),
  }),
  /** Only what changed since the last message, latest value of each. */
  z.object({
    type: z.literal('changes'),
    quotes: z.array(portQuote),
    status: z.array(connectionStatus),
    account: z.optional(portAccount),
  }),
  /** A refused request, in words; the port stays open. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type HubPortMessage = z.infer<typeof hubPortMessage>;
