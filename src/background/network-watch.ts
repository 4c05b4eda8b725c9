import type { TimerHandle, Timers } from '../exchanges';

/** How often the worker reads `navigator.onLine`. */
export const ONLINE_CHECK_MS = 1_000;

export interface NetworkWatchDeps {
  /** `navigator.onLine`: false is certain (no network), true only means "maybe". */
  readonly isOnline: () => boolean;
  readonly timers: Timers;
}

/**
 * Calls `onBack` each time the browser goes from offline to online, so sockets waiting out a long
 * backoff (up to 30 s) try again at once. The worker reads `navigator.onLine` every second because Chrome
 * fires no `online` event in a service worker (none came under DevTools' offline switch, Chromium 156),
 * while the flag itself follows. Returns the function that stops watching.
 */
export function watchNetworkReturn(deps: NetworkWatchDeps, onBack: () => void): () => void {
  let wasOnline = deps.isOnline();
  let handle: TimerHandle;
  const check = () => {
    const online = deps.isOnline();
    if (online && !wasOnline) onBack();
    wasOnline = online;
    handle = deps.timers.setTimeout(check, ONLINE_CHECK_MS);
  };
  handle = deps.timers.setTimeout(check, ONLINE_CHECK_MS);
  return () => {
    deps.timers.clearTimeout(handle);
  };
}
