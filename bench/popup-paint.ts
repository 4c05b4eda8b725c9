import { mkdir, writeFile } from 'node:fs/promises';
import { startSimulator } from '../sim/index';
import { ensureDevBuild } from '../scripts/dev-build';
import { launchPerch } from '../tests/e2e/harness';

/**
 * How soon the popup paints its first watchlist price when the worker is already running (the trader
 * had it open a moment ago): Perch opened as the popup page over and over against the simulator, in
 * the development build (the only build that may reach the simulator; its React is the slower
 * development one). A measurement, not a test: the figures depend on the machine and its load.
 */
const OPENS = 20;
const RESULT_FILE = new URL('results/popup-paint.json', import.meta.url);

/** Runs in the popup before its own script: resolves with the times (ms since navigation) to report. */
const WATCH_FIRST_PRICE = `
  window.__perchPaint = new Promise((resolve) => {
    const painted = () => /\\d/.test(document.querySelector('.perch-quote .perch-price')?.textContent ?? '');
    const observer = new MutationObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      const navigation = performance.getEntriesByType('navigation')[0];
      resolve({ firstPrice: performance.now(), domContentLoaded: navigation.domContentLoadedEventEnd });
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
  });
`;

interface Paint {
  readonly firstPrice: number;
  readonly domContentLoaded: number;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  ensureDevBuild();
  const simulator = await startSimulator({ port: 0, seed: 7 });
  const perch = await launchPerch();
  try {
    await perch.useSimulator(simulator);
    // Warms the worker and its streams, as a popup opened a moment ago would have.
    const warm = await perch.openPopup();
    await warm.waitForFunction(
      `/\\d/.test(document.querySelector('.perch-quote .perch-price')?.textContent ?? '')`,
    );
    await warm.close();
    const paints: Paint[] = [];
    for (let open = 0; open < OPENS; open++) {
      const page = await perch.browser.newPage();
      await page.evaluateOnNewDocument(WATCH_FIRST_PRICE);
      await page.goto(`chrome-extension://${perch.extensionId}/popup.html`);
      paints.push((await page.evaluate('window.__perchPaint')) as Paint);
      await page.close();
    }
    const result = {
      measuredAt: new Date().toISOString(),
      build: 'development',
      opens: OPENS,
      medianMs: {
        navigationToFirstPrice: round(median(paints.map((paint) => paint.firstPrice))),
        domContentLoadedToFirstPrice: round(
          median(paints.map((paint) => paint.firstPrice - paint.domContentLoaded)),
        ),
      },
    };
    await mkdir(new URL('.', RESULT_FILE), { recursive: true });
    await writeFile(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `Popup, warm worker, ${OPENS} opens: first watchlist price ${result.medianMs.navigationToFirstPrice} ms after navigation starts, ${result.medianMs.domContentLoadedToFirstPrice} ms after the page's script ran (medians).`,
    );
  } finally {
    await perch.close();
    await simulator.stop();
  }
}

await main();
