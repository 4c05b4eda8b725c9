import type { RuntimeDeps } from './market/exchange-clients';

/** The worker's real fetch, sockets, timers and clock, handed to the pure exchange core. */
export function workerRuntimeDeps(): RuntimeDeps {
  return {
    fetch: (url, init) => fetch(url, init as RequestInit),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    clock: { now: () => Date.now() },
    createSocket: (url) => new WebSocket(url),
  };
}
