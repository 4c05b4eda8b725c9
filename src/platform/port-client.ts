import { browser } from './browser';

/** The little of a runtime.Port a page's end uses. */
export interface PagePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** The one timer a port client needs: when to try again. */
export interface RetryTimer {
  setTimeout(run: () => void, ms: number): unknown;
}

export interface PortClientOptions {
  readonly name: string;
  readonly onMessage: (message: unknown) => void;
  /** Defaults to runtime.connect; tests pass in-memory ports. */
  readonly connect?: (name: string) => PagePort;
  readonly timers?: RetryTimer;
  /** First wait before reconnecting; doubles on each failure up to MAX_RETRY_MS. */
  readonly retryMs?: number;
}

export interface PortClient {
  /** Sends `message`, and sends it again after every reconnect: a port's request is its standing order. */
  send(message: unknown): void;
  /** Sends `message` once, on the port open now (none: dropped); never sent again after a reconnect. */
  post(message: unknown): void;
  close(): void;
}

const MAX_RETRY_MS = 5_000;

const browserTimers: RetryTimer = { setTimeout: (run, ms) => setTimeout(run, ms) };

/**
 * A port to the background that comes back by itself: Chrome stops an idle worker and every port with it
 * (docs/architecture.md "How data flows"); connecting again wakes the worker, and the last request is
 * sent again so data flows with no action from the trader.
 */
export function connectPort(options: PortClientOptions): PortClient {
  const connect = options.connect ?? ((name: string) => browser.runtime.connect({ name }));
  const timers = options.timers ?? browserTimers;
  const firstRetryMs = options.retryMs ?? 250;
  let port: PagePort | undefined;
  let standing: { readonly message: unknown } | undefined;
  let closed = false;
  let retryMs = firstRetryMs;

  function open(): void {
    if (closed) return;
    try {
      const next = connect(options.name);
      next.onMessage.addListener((message) => {
        retryMs = firstRetryMs;
        options.onMessage(message);
      });
      next.onDisconnect.addListener(() => {
        if (port !== next) return;
        port = undefined;
        retry();
      });
      port = next;
      if (standing !== undefined) next.postMessage(standing.message);
    } catch {
      // The extension is reloading or the worker is starting: try again shortly.
      retry();
    }
  }

  function retry(): void {
    if (closed) return;
    timers.setTimeout(open, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  open();
  return {
    send(message) {
      standing = { message };
      port?.postMessage(message);
    },
    post(message) {
      port?.postMessage(message);
    },
    close() {
      closed = true;
      port?.disconnect();
      port = undefined;
    },
  };
}
