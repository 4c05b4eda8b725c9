import { describe, expect, it } from 'vitest';
import { createStartReport } from './start-report';

const ROOT = '/home/trader/perch';

function reportTo() {
  const lines: string[] = [];
  return { lines, report: createStartReport((line) => lines.push(line), ROOT) };
}

describe('what npm start says', () => {
  it('names each step before it runs: the build and where it goes, the simulator port, the browser profile', () => {
    const { lines, report } = reportTo();
    report.build.building(`${ROOT}/.output/chrome-mv3-dev`);
    report.build.built(`${ROOT}/.output/chrome-mv3-dev`, 83_400);
    report.simulatorStarting(8765);
    report.simulatorStarted(
      'http://127.0.0.1:8765',
      'http://127.0.0.1:8765/demo/chart?symbol=BYBIT:BTCUSDT.P',
    );
    report.launching(`${ROOT}/.output/chrome-mv3-dev`, '/tmp/perch-start-Ab12');
    report.settingUpSession();

    expect(lines).toEqual([
      'Building the development extension into .output/chrome-mv3-dev (the first build takes about two minutes)…',
      'Built .output/chrome-mv3-dev in 83 s.',
      'Starting the simulator on 127.0.0.1:8765…',
      'Simulator (OKX v5 + Bybit v5 on loopback): http://127.0.0.1:8765',
      'Demo chart: http://127.0.0.1:8765/demo/chart?symbol=BYBIT:BTCUSDT.P',
      'Launching Chromium with .output/chrome-mv3-dev loaded, in a new profile at /tmp/perch-start-Ab12…',
      'Setting up the development session (vault, both demo keys, a BTC position on each exchange)…',
    ]);
  });

  it('says when the build is already up to date instead of building, and when any free port will do', () => {
    const { lines, report } = reportTo();
    report.build.current(`${ROOT}/.output/chrome-mv3-dev`);
    report.simulatorStarting(0);
    expect(lines).toEqual([
      'The development build in .output/chrome-mv3-dev is up to date.',
      'Starting the simulator on a free port of 127.0.0.1…',
    ]);
  });

  it.each([
    ['SIGINT', 'Stopping (Ctrl+C)…'],
    ['SIGTERM', 'Stopping (SIGTERM)…'],
    ['SIGHUP', 'Stopping (SIGHUP: the terminal closed)…'],
    ['browser-closed', 'Stopping (Chromium was closed)…'],
  ] as const)('on %s says why it stops, once, then what it cleaned up', (cause, stopping) => {
    const { lines, report } = reportTo();
    report.stopping(cause);
    // Ctrl+C reaches Chromium too, and its exit asks to stop again.
    report.stopping('browser-closed');
    report.browserClosed();
    report.profileRemoved('/tmp/perch-start-Ab12');
    report.simulatorStopped('http://127.0.0.1:8765');

    expect(lines).toEqual([
      stopping,
      'Chromium closed.',
      'Removed the temporary profile /tmp/perch-start-Ab12.',
      'Stopped the simulator on http://127.0.0.1:8765.',
    ]);
  });
});
