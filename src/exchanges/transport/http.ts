import { NetworkError, TimeoutError, type Endpoint } from '../errors';
import { createAbortController } from '../runtime';
import type { TimerHandle, Timers } from './timers';
import type { FetchLike, HttpAnswer, HttpRequestInit } from './http-types';

/** OKX and Bybit SDKs both default to five minutes (docs/protocol.md "Client defaults taken from the SDKs"); docs/architecture.md fixes it. */
export const DEFAULT_TIMEOUT_MS = 300_000;

export interface HttpDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly timeoutMs?: number;
}

/**
 * Sends one request and reads its body. A request that outlives the timeout is aborted (its fetch is
 * cancelled through the AbortController) and rejects with TimeoutError; a fetch that throws is a
 * NetworkError. Nothing here reads the envelope: that is the exchange's job.
 */
export async function sendHttp(
  deps: HttpDeps,
  url: string,
  init: HttpRequestInit,
  endpoint: Endpoint,
): Promise<HttpAnswer> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = createAbortController();
  let handle: TimerHandle;
  const timeout = new Promise<never>((_resolve, reject) => {
    handle = deps.timers.setTimeout(() => {
      controller?.abort();
      reject(new TimeoutError(endpoint, timeoutMs));
    }, timeoutMs);
  });
  const signal = controller?.signal;
  const request = signal === undefined ? init : { ...init, signal };
  try {
    const response = await Promise.race([deps.fetch(url, request), timeout]);
    const text = await Promise.race([response.text(), timeout]);
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof TimeoutError) throw error;
    throw new NetworkError(endpoint, error);
  } finally {
    deps.timers.clearTimeout(handle);
  }
}
