import type { RunningSimulator } from '../../sim';
import { driveTicks } from './tick-driver';
import type { Screens } from './tick-to-screen';
import { scriptTimeMs, type TraceEvent } from './trace-time';

/** What DevTools' performance panel records: script runs with their URLs, timers, events, layout. */
const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'];

/**
 * Main-thread ms per second the overlay's content script takes on the chart page while the simulator
 * sends its instrument `perSecond` prices for `seconds`, from a Chromium trace of the page.
 */
export async function measureContentScriptTime(
  screens: Screens,
  simulator: RunningSimulator,
  extensionId: string,
  seconds: number,
  perSecond: number,
): Promise<number> {
  const { page } = screens.chart;
  await page.bringToFront();
  await page.tracing.start({ categories: TRACE_CATEGORIES });
  await driveTicks(simulator, screens.instrument, seconds * perSecond, perSecond);
  const trace = await page.tracing.stop();
  if (trace === undefined) throw new Error('Chromium returned no trace');
  const { traceEvents } = JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TraceEvent[] };
  const script = `chrome-extension://${extensionId}/content-scripts/overlay.js`;
  return scriptTimeMs(traceEvents, script) / seconds;
}
