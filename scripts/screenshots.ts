// Saves screenshots of Perch's screens to docs/screenshots/ (npm run screenshots), so a change to a
// screen can be looked at, not just tested.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from '../sim';
import { ensureDevBuild, ROOT } from './dev-build';
import { launchPerch } from '../tests/e2e/harness';
import { ChartPage } from '../tests/e2e/pages/chart-page';
import { PopupPage } from '../tests/e2e/pages/popup-page';

const outDir = join(ROOT, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
ensureDevBuild();
const simulator = await startSimulator({ port: 0, seed: 7 });
const perch = await launchPerch();
try {
  await perch.useSimulator(simulator);
  const popup = await perch.openPopup();
  await popup.setViewport({ width: 360, height: 300 });
  await new PopupPage(popup).quotes();
  await popup.screenshot({ path: join(outDir, 'popup.png') });

  const options = await perch.openOptions();
  await options.setViewport({ width: 900, height: 500 });
  await options.screenshot({ path: join(outDir, 'options.png') });

  const tab = await perch.browser.newPage();
  await tab.setViewport({ width: 900, height: 500 });
  await tab.goto(`${simulator.url}/demo/chart?symbol=BYBIT:BTCUSDT.P`);
  await new ChartPage(tab).waitForOverlayText(/Perch · OKX/);
  await tab.screenshot({ path: join(outDir, 'overlay.png') });
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await perch.close();
  await simulator.stop();
}
