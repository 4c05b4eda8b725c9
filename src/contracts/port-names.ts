/**
 * Long-lived ports (`runtime.connect`): a page says which quotes it wants and the background pushes a
 * snapshot at once, then coalesced changes (docs/architecture.md "How data flows"). Its own file, so the
 * script injected into charting pages can name the port without loading every port schema.
 */
export const HUB_PORT = 'hub';

/**
 * The last quotes a page was shown, kept by the worker in memory-only session storage (trusted contexts
 * only), so a popup opened while the worker is stopped paints them, marked stale, before the worker is up.
 */
export const KEPT_QUOTES_ITEM = 'session:keptQuotes';

/**
 * What a popup or side panel asks for before it knows its positions: the saved watchlist's quotes and the
 * account (platform/early-hub.ts).
 */
export const FIRST_WANT = { type: 'want', quotes: [], account: true, watchlist: true } as const;
