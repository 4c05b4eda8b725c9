import type { SiteAdapter } from './site-adapter';

/** Titles carry a live price, so a burst of title changes is read once it settles. */
export const TITLE_SETTLE_MS = 250;
/** Sites switch symbols through history.pushState, which fires no event: the location is polled. */
export const LOCATION_POLL_MS = 1_000;

/**
 * Calls `onSymbol` with the page's symbol now and again each time it changes, without a reload: on title
 * changes (debounced), on back/forward, and on a location poll. Same symbol, no call. Stops on `signal`.
 */
export function watchSymbol(
  win: Window,
  adapter: SiteAdapter,
  onSymbol: (symbol: string | undefined) => void,
  signal: AbortSignal,
): void {
  const doc = win.document;
  let current: string | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    settle = undefined;
    if (signal.aborted) return;
    const next = adapter.readSymbol(doc, new URL(win.location.href));
    if (next === current) return;
    current = next;
    onSymbol(next);
  };
  const readSoon = () => {
    if (settle === undefined) settle = setTimeout(read, TITLE_SETTLE_MS);
  };

  const titles = new MutationObserver(readSoon);
  titles.observe(doc.head, { subtree: true, childList: true, characterData: true });
  win.addEventListener('popstate', read, { signal });
  const poll = setInterval(read, LOCATION_POLL_MS);
  signal.addEventListener(
    'abort',
    () => {
      titles.disconnect();
      clearInterval(poll);
      clearTimeout(settle);
    },
    { once: true },
  );
  read();
}
