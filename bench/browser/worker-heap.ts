import type { Browser, CDPSession } from 'puppeteer-core';
import { isPerchWorker } from '../../tests/e2e/harness';
import { machineNow } from './machine-clock';

export interface HeapSample {
  /** ms since sampling began */
  readonly at: number;
  /** JS heap in use after a forced garbage collection, MB */
  readonly usedMb: number;
}

export interface HeapSampler {
  /** Takes one last sample and ends the sampling. */
  stop(): Promise<HeapSample[]>;
  /** Worker restarts seen while sampling: each starts a new heap, so the trend spans one worker only if 0. */
  readonly restarts: () => number;
}

/**
 * Samples the service worker's JS heap every `everyMs` over DevTools on the worker's own target, each
 * after a forced garbage collection, so what grows is what the worker keeps, not garbage not yet
 * collected.
 */
export async function sampleWorkerHeap(browser: Browser, everyMs: number): Promise<HeapSampler> {
  const began = machineNow();
  const samples: HeapSample[] = [];
  let session: CDPSession | undefined;
  let restarts = 0;
  const sessionNow = async (): Promise<CDPSession> => {
    if (session?.connection() !== undefined && !session.detached) return session;
    if (session !== undefined) restarts++;
    const target = await browser.waitForTarget(isPerchWorker, { timeout: 10_000 });
    session = await target.createCDPSession();
    return session;
  };
  const sample = async () => {
    const worker = await sessionNow();
    await worker.send('HeapProfiler.collectGarbage');
    const { usedSize } = await worker.send('Runtime.getHeapUsage');
    samples.push({ at: machineNow() - began, usedMb: usedSize / 1024 / 1024 });
  };
  await sample();
  // A sample that fails (the worker restarting under it) is skipped: the next one attaches again.
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(() => sample().catch(() => undefined));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await sample();
      await session?.detach().catch(() => undefined);
      return samples;
    },
    restarts: () => restarts,
  };
}
