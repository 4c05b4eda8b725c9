/**
 * Long-lived ports (`runtime.connect`): a page says which quotes it wants and the background pushes a
 * snapshot at once, then coalesced changes (docs/architecture.md "How data flows"). Its own file, with the
 * port's limits, so the script injected into charting pages and the popup's app can name the port and
 * keep to its limits without loading every port schema.
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

/**
 * What a popup or side panel sends once it has applied a message from the hub: the hub may send the next
 * at once rather than wait out its pacing (background/hub/port-coalescer.ts). Never a standing request.
 */
export const PAGE_TAKEN = { type: 'taken' } as const;

/** A content script follows the one chart its page shows; a few quotes are plenty. */
export const CONTENT_MAX_QUOTES = 4;
/** Enough for any screen's watchlist, few enough that no page can open hundreds of topics. */
export const PAGE_MAX_QUOTES = 50;

/**
 * Data older than this is stale: the hub's rule for falling back to REST, and the status line's for
 * never calling such data live. Tickers push several times a second on both exchanges.
 */
export const STALE_AFTER_MS = 10_000;
