import type { Clock, FetchLike, Timers, WebSocketFactory } from '../exchanges';
import type { EndpointPolicy } from './market/endpoint-policy';

/** What the pure exchange core is handed: the worker's fetch, sockets, timers and clock. */
export interface RuntimeDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
  readonly createSocket: WebSocketFactory;
}

/** The fetch the exchange core gets: only allowed hosts, and never the browser's cookies for them. */
export function createGuardedFetch(policy: EndpointPolicy, send: typeof fetch = fetch): RuntimeDeps['fetch'] {
  return (url, init) => {
    if (!policy.allowsUrl(url)) {
      return Promise.reject(
        new TypeError(`Perch may not send requests to ${url}: it is not an OKX or Bybit server.`),
      );
    }
    // The worker's requests are signed by key; a logged-in exchange session must never ride along.
    return send(url, { ...(init as RequestInit), credentials: 'omit' });
  };
}

/**
 * The socket factory the exchange core gets: only allowed hosts. A refusal throws, which the socket
 * manager reports as an error on that socket and retries with backoff; nothing is opened.
 */
export function createGuardedSocketFactory(
  policy: EndpointPolicy,
  open: (url: string) => WebSocket = (url) => new WebSocket(url),
): RuntimeDeps['createSocket'] {
  return (url) => {
    if (!policy.allowsSocketUrl(url))
      throw new TypeError(`Perch may not connect to ${url}: it is not an OKX or Bybit server.`);
    return open(url);
  };
}

/** The worker's real fetch, sockets, timers and clock, handed to the pure exchange core. */
export function workerRuntimeDeps(policy: EndpointPolicy): RuntimeDeps {
  return {
    fetch: createGuardedFetch(policy),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    clock: { now: () => Date.now() },
    createSocket: createGuardedSocketFactory(policy),
  };
}
