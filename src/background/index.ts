import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createPingHandler } from './handlers/ping';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  startMessageRouter({
    ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
  });
}
