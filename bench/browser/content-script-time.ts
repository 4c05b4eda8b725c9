import type { RunningSimulator } from '../../sim';
import { scriptTimeMs, type CpuProfile } from './profile-time';
import { driveTicks } from './tick-driver';
import type { Screens } from './tick-to-screen';

/** µs between samples: fine enough to see a badge update of a fraction of a millisecond. */
const SAMPLING_US = 100;

/**
 * Main-thread ms per second the overlay's content script takes on the chart page while the simulator
 * sends its instrument `perSecond` prices for `seconds`: V8's CPU profile of the page's main thread
 * (the content script's isolated world runs there too), attributed by the script's URL.
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
  const session = await page.createCDPSession();
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await session.send('Profiler.start');
    await driveTicks(simulator, screens.instrument, seconds * perSecond, perSecond);
    const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
    const script = `chrome-extension://${extensionId}/content-scripts/overlay.js`;
    return scriptTimeMs(profile, script) / seconds;
  } finally {
    await session.detach();
  }
}
