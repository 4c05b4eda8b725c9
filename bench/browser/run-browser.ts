import { mkdir } from 'node:fs/promises';
import type { PartResult } from '../report/figures';
import { ensureBenchBuild } from '../../scripts/dev-build';
import { launchPerch } from '../../tests/e2e/harness';
import { startBenchSimulator, streamedInstruments } from './bench-market';
import { browserResult } from './browser-results';
import { measureContentScriptTime } from './content-script-time';
import { turnEverythingOn } from './everything-on';
import { heapTrend } from './heap-trend';
import { machineNow, sleep } from './machine-clock';
import { timePopupOpens } from './popup-open';
import { streamQuotes } from './streaming';
import { measureTickToScreen, openScreens } from './tick-to-screen';
import { measureWorkerCpu } from './worker-cpu';
import { sampleWorkerHeap } from './worker-heap';

export interface BrowserOptions {
  /** How long the worker streams under the heap watch, from when everything is on: 10 min by default. */
  readonly heapWatchMs?: number;
  /** Prices sent at 20/s for tick to screen: 1,000 by default (50 s). */
  readonly ticks?: number;
  /** The window of each worker CPU reading: 20 s by default. */
  readonly workerCpuSeconds?: number;
  /**
   * Runs after the timed measurements, inside the rest of the heap watch (the store build for the bundle
   * sizes: it loads the machine, which a heap after a forced collection does not mind).
   */
  readonly afterTimed?: () => Promise<void>;
  /** Where the screenshot of the chart page with its badge goes. */
  readonly screenshotPath?: string;
}

const TICKS_PER_SECOND = 20;
const CONTENT_TICKS_PER_SECOND = 10;
const CONTENT_SECONDS = 20;
const WARM_OPENS = 20;
const COLD_OPENS = 10;
const HEAP_EVERY_MS = 30_000;
/** Lets the worker's subscriptions settle before its CPU is read. */
const SETTLE_MS = 5_000;
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
 * Perch in Chromium against the simulator: 50 instruments streaming, the worker's CPU read; then
 * everything on (everything-on.ts) and the worker heap sampled from then on; the popup opened after
 * worker stops (another Chromium); tick to screen, the content script's main-thread time, the warm popup
 * and the worker's CPU again; `afterTimed`; then the rest of the heap watch. Stops all it started.
 */
export async function runBrowser(options: BrowserOptions = {}): Promise<PartResult[]> {
  const heapWatchMs = options.heapWatchMs ?? 600_000;
  const ticks = options.ticks ?? 1_000;
  const workerCpuSeconds = options.workerCpuSeconds ?? 20;
  const build = ensureBenchBuild();
  const simulator = await startBenchSimulator();
  const perch = await launchPerch(build);
  try {
    await perch.useSimulator(simulator);
    const streamed = streamedInstruments(simulator);
    const quotes = streamed.map(({ quote }) => quote);
    const streaming = await streamQuotes(perch, quotes);
    await sleep(SETTLE_MS);
    log(`${String(quotes.length)} instruments streaming: worker CPU over ${String(workerCpuSeconds)} s`);
    const workerCpuStreaming = await measureWorkerCpu(perch.browser, workerCpuSeconds);
    log('everything on: account, protection, an open order, alerts');
    const alertsArmed = await turnEverythingOn(perch, simulator, streamed);
    const heap = await sampleWorkerHeap(perch.browser, HEAP_EVERY_MS);
    const streamingBegan = machineNow();
    const receivedAtStart = await streaming.received();
    log(`${String(alertsArmed)} alerts armed; heap sampled every ${String(HEAP_EVERY_MS / 1000)} s`);
    log(`popup after a worker stop, ${String(COLD_OPENS)} opens (another Chromium)`);
    const popupCold = await timeColdPopups(build, simulator);

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
    log(`everything on: worker CPU over ${String(workerCpuSeconds)} s`);
    const workerCpuEverything = await measureWorkerCpu(perch.browser, workerCpuSeconds);
    await options.afterTimed?.();

    const left = streamingBegan + heapWatchMs - machineNow();
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
        alertsArmed,
        workerCpuStreaming,
        workerCpuEverything,
        workerCpuSeconds,
      }),
    ];
  } finally {
    await perch.close();
    await simulator.stop();
  }
}
