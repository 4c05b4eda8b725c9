import { mkdir } from 'node:fs/promises';
import type { PartResult } from '../report/figures';
import { ensureBenchBuild } from '../../scripts/dev-build';
import { launchPerch } from '../../tests/e2e/harness';
import { startBenchSimulator, streamedQuotes } from './bench-market';
import { browserResult } from './browser-results';
import { measureContentScriptTime } from './content-script-time';
import { heapTrend } from './heap-trend';
import { machineNow, sleep } from './machine-clock';
import { timePopupOpens } from './popup-open';
import { streamQuotes } from './streaming';
import { measureTickToScreen, openScreens } from './tick-to-screen';
import { sampleWorkerHeap } from './worker-heap';

export interface BrowserOptions {
  /** How long the worker streams under the heap watch, from the start of the streaming: 10 min by default. */
  readonly heapWatchMs?: number;
  /**
   * When the heap watch must end at the latest (machine clock, `machineNow()`): the whole bench keeps
   * to its 10 minutes, so what went before the streaming (installs, builds) comes off the watch.
   */
  readonly endBy?: number;
  /** Prices sent at 20/s for tick to screen: 1,000 by default (50 s). */
  readonly ticks?: number;
  /** Runs while the worker streams, before the timed measurements (the lead's CPU-heavy benchmarks). */
  readonly whileStreaming?: () => Promise<void>;
  /** Where the screenshot of the chart page with its badge goes. */
  readonly screenshotPath?: string;
}

const TICKS_PER_SECOND = 20;
const CONTENT_TICKS_PER_SECOND = 10;
const CONTENT_SECONDS = 20;
const WARM_OPENS = 20;
const COLD_OPENS = 10;
const HEAP_EVERY_MS = 30_000;
const SCREENSHOT = new URL('../results/browser-chart.png', import.meta.url).pathname;

const log = (line: string) => {
  console.error(`[browser] ${line}`);
};

/**
 * `COLD_OPENS` popup opens, each just after a worker stop, in a Chromium of their own with the same
 * `build`: the stops must not cut the streaming worker's heap watch, and taking them inside it keeps the
 * bench to its 10 minutes.
 */
async function timeColdPopups(build: string, simulator: { url: string; wsUrl: string }) {
  const other = await launchPerch(build);
  try {
    await other.useSimulator(simulator);
    await timePopupOpens(other, 1);
    return await timePopupOpens(other, COLD_OPENS, () => other.stopWorker());
  } finally {
    await other.close();
  }
}

/**
 * Perch in Chromium against the simulator: 50 instruments streaming and the worker heap sampled from the
 * start; the popup opened after worker stops (another Chromium); `whileStreaming` runs; then tick to
 * screen, the content script's main-thread time and the warm popup; then the rest of the heap watch.
 * Stops all it started.
 */
export async function runBrowser(options: BrowserOptions = {}): Promise<PartResult[]> {
  const heapWatchMs = options.heapWatchMs ?? 600_000;
  const ticks = options.ticks ?? 1_000;
  const build = ensureBenchBuild();
  const simulator = await startBenchSimulator();
  const perch = await launchPerch(build);
  try {
    await perch.useSimulator(simulator);
    const quotes = streamedQuotes(simulator);
    const streaming = await streamQuotes(perch, quotes);
    const heap = await sampleWorkerHeap(perch.browser, HEAP_EVERY_MS);
    const streamingBegan = machineNow();
    const receivedAtStart = await streaming.received();
    log(
      `${String(quotes.length)} instruments streaming, heap sampled every ${String(HEAP_EVERY_MS / 1000)} s`,
    );
    log(`popup after a worker stop, ${String(COLD_OPENS)} opens (another Chromium)`);
    const popupCold = await timeColdPopups(build, simulator);
    await options.whileStreaming?.();

    const screens = await openScreens(perch, simulator);
    log(`tick to screen: ${String(ticks)} ticks at ${String(TICKS_PER_SECOND)}/s`);
    const tick = await measureTickToScreen(screens, simulator, ticks, TICKS_PER_SECOND);
    const screenshotPath = options.screenshotPath ?? SCREENSHOT;
    await mkdir(new URL('.', `file://${screenshotPath}`), { recursive: true });
    await screens.chart.page.screenshot({ path: screenshotPath });
    log(
      `content script: ${String(CONTENT_SECONDS)} s at ${String(CONTENT_TICKS_PER_SECOND)} ticks/s, profiled`,
    );
    const contentMsPerSecond = await measureContentScriptTime(
      screens,
      simulator,
      perch.extensionId,
      CONTENT_SECONDS,
      CONTENT_TICKS_PER_SECOND,
    );
    await screens.chart.page.close();
    await screens.popup.close();
    log(`popup with a warm worker, ${String(WARM_OPENS)} opens`);
    const popupWarm = await timePopupOpens(perch, WARM_OPENS);

    const left = Math.min(streamingBegan + heapWatchMs, options.endBy ?? Infinity) - machineNow();
    if (left > 0) log(`heap watch: ${String(Math.round(left / 1000))} s left`);
    await sleep(left);
    const receivedAtEnd = await streaming.received();
    const samples = await heap.stop();
    const streamedFor = machineNow() - streamingBegan;
    await streaming.close();
    return [
      browserResult({
        tickRate: TICKS_PER_SECOND,
        tick,
        popupWarm,
        popupCold,
        contentRate: CONTENT_TICKS_PER_SECOND,
        contentMsPerSecond,
        heap: heapTrend(samples),
        heapSamples: samples.length,
        heapMinutes: streamedFor / 60_000,
        workerRestarts: heap.restarts(),
        streamedQuotesPerSecond: ((receivedAtEnd.quotes - receivedAtStart.quotes) * 1000) / streamedFor,
        streamedInstruments: quotes.length,
      }),
    ];
  } finally {
    await perch.close();
    await simulator.stop();
  }
}
