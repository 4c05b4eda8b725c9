import type { Browser } from 'puppeteer-core';
import { isPerchWorker } from '../../tests/e2e/harness';
import { sleep } from './machine-clock';
import { busyTimeMs, type CpuProfile } from './profile-time';

/** µs between samples: the worker's messages take a fraction of a millisecond each. */
const SAMPLING_US = 200;

/**
 * The service worker's busy time, in ms per second of a `seconds`-long window: V8's CPU profile of the
 * worker's own thread over DevTools (its target, not the extension process, which the pages share),
 * every sample that is not idle. The profiler samples wall time, so on a loaded machine a thread waiting
 * for a core counts too: an upper bound.
 */
export async function measureWorkerCpu(browser: Browser, seconds: number): Promise<number> {
  const target = await browser.waitForTarget(isPerchWorker, { timeout: 10_000 });
  const session = await target.createCDPSession();
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await session.send('Profiler.start');
    await sleep(seconds * 1000);
    const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
    return busyTimeMs(profile) / seconds;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
