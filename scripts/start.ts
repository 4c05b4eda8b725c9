// npm start: builds the development extension, starts the local exchange simulator, and opens Chromium
// with Perch loaded and a development session set up (vault passphrase, both demo keys, a BTC position
// on each exchange), then the simulator's demo chart, Perch's settings and its toolbar popup. Where
// there is no display it says how to run it anyway.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { DEFAULT_SIMULATOR_PORT } from '../src/contracts/simulator-port';
import { startSimulator } from '../sim';
import { openActionPopup } from './action-popup';
import { DEV_BUILD_DIR, ensureDevBuild, ROOT } from './dev-build';
import { startDevSession, type DevSession } from './dev-session';
import { optionsTabOpenedOnInstall } from './install-tab';
import { perchLaunchOptions } from './launch-options';
import { saveSimulatorAsMarket } from './perch-settings';
import { removeDir } from './remove-dir';
import { createShutdown } from './shutdown';
import { createStartReport, type StopCause } from './start-report';
import type { BtcPosition } from './sim-admin';
import { errorMessage } from '../src/exchanges/errors';

/** Ctrl+C, a supervisor's stop, a closed terminal: each stops everything through one shutdown. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const hasDisplay = Boolean(process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY);

const report = createStartReport((line) => {
  console.log(line);
}, ROOT);
ensureDevBuild(report.build);
// The development build's default market is the simulator on this port (src/contracts/market.ts).
const port = Number(process.env.PERCH_SIM_PORT ?? DEFAULT_SIMULATOR_PORT);
report.simulatorStarting(port);
const simulator = await startSimulator({ port }).catch((error: unknown) => {
  const busy = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
  console.error(
    busy
      ? `Port ${port} is taken, so the simulator cannot start. Stop what uses it (maybe another npm start), or run PERCH_SIM_PORT=<port> npm start.`
      : `The simulator could not start: ${String(error)}`,
  );
  process.exit(1);
});
const demoChart = `${simulator.url}/demo/chart?symbol=BYBIT:BTCUSDT.P`;
report.simulatorStarted(simulator.url, demoChart);

const shutdown = createShutdown((code) => process.exit(code));
shutdown.add(async () => {
  await simulator.stop();
  report.simulatorStopped(simulator.url);
});
const shutDown = (cause: StopCause) => {
  report.stopping(cause);
  void shutdown.run();
};
// `on`, not `once`: tsx exits at once (code 130) on a signal no listener of ours handles, which would cut
// the removal of the browser profile short when Ctrl+C is pressed twice.
for (const signal of SIGNALS) process.on(signal, shutDown);

if (!hasDisplay) {
  console.log(`
No display was found, so no browser window can open. Either:
  - run it under a virtual display:   xvfb-run -a npm start
  - or load the build by hand: open chrome://extensions, switch on Developer mode,
    "Load unpacked" and pick ${DEV_BUILD_DIR}
The simulator keeps running until you press Ctrl+C.`);
} else {
  const profile = await mkdtemp(join(tmpdir(), 'perch-start-'));
  shutdown.add(async () => {
    await removeDir(profile);
    report.profileRemoved(profile);
  });
  report.launching(DEV_BUILD_DIR, profile);
  const browser = await puppeteer.launch({
    ...perchLaunchOptions(DEV_BUILD_DIR, profile, false),
    // Puppeteer's own signal handlers kill Chromium and exit at once, before the profile is removed.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  shutdown.add(async () => {
    await browser.close();
    report.browserClosed();
  });
  const worker = await browser.waitForTarget((target) => target.url().endsWith('/background.js'));
  const extensionId = new URL(worker.url()).host;
  if (port !== DEFAULT_SIMULATOR_PORT) {
    // Not the build's default simulator address: save this one as Perch's market, as the trader would.
    await saveSimulatorAsMarket(browser, extensionId, simulator);
  }
  // The options tab Perch opens on install is where the development session is set up.
  const options = await optionsTabOpenedOnInstall(browser, extensionId);
  for (const page of await browser.pages()) if (page.url() === 'about:blank') await page.close();
  report.settingUpSession();
  await startDevSession(options, simulator).then(describeSession, (error: unknown) => {
    console.error(
      `The development session could not be set up, so Perch starts without keys or positions: ${errorMessage(error)}`,
    );
  });
  const chart = await browser.newPage();
  await chart.goto(demoChart);
  await openActionPopup(browser, extensionId, chart).catch((error: unknown) => {
    console.log(
      `The toolbar popup did not open by itself (${String(error)}): click Perch's icon in the toolbar (the puzzle piece lists it).`,
    );
  });
  console.log('Perch is loaded. Close the browser window or press Ctrl+C to stop.');
  browser.once('disconnected', () => {
    shutDown('browser-closed');
  });
}

function describePosition(exchange: string, position: BtcPosition, unit: string): string {
  const side = position.size > 0 ? 'long' : 'short';
  return `${exchange} ${side} ${String(Math.abs(position.size))} ${unit} from ${position.avgPx.toLocaleString('en-US')}`;
}

function describeSession(session: DevSession): void {
  console.log(`Vault passphrase for this development profile: ${session.passphrase}`);
  console.log(
    `Open on the simulator's demo accounts: ${describePosition('OKX', session.positions.okx, 'contracts (0.03 BTC) of BTC-USDT-SWAP')}, ${describePosition('Bybit', session.positions.bybit, 'BTC of BTCUSDT')}.`,
  );
}
