import { relative } from 'node:path';
import type { BuildProgress } from './dev-build';

/** Why npm start stops: a signal it was sent, or the browser window closed under it. */
export type StopCause = NodeJS.Signals | 'browser-closed';

const CAUSE_WORDS: Partial<Record<StopCause, string>> = {
  SIGINT: 'Ctrl+C',
  SIGTERM: 'SIGTERM',
  SIGHUP: 'SIGHUP: the terminal closed',
  'browser-closed': 'Chromium was closed',
};

/**
 * What npm start says at each step, so its first build (about two minutes) and its stop are never
 * silent: which step runs, with which port, folder and profile, and on stop what was cleaned up.
 */
export function createStartReport(print: (line: string) => void, root: string) {
  const shown = (path: string) => (path.startsWith(root) ? relative(root, path) : path);
  let stopping = false;
  const build: BuildProgress = {
    building: (dir) => {
      print(
        `Building the development extension into ${shown(dir)} (the first build takes about two minutes)…`,
      );
    },
    built: (dir, tookMs) => {
      print(`Built ${shown(dir)} in ${String(Math.round(tookMs / 1000))} s.`);
    },
    current: (dir) => {
      print(`The development build in ${shown(dir)} is up to date.`);
    },
  };
  return {
    build,
    simulatorStarting: (port: number) => {
      print(
        `Starting the simulator on ${port === 0 ? 'a free port of 127.0.0.1' : `127.0.0.1:${String(port)}`}…`,
      );
    },
    simulatorStarted: (url: string, demoChart: string) => {
      print(`Simulator (OKX v5 + Bybit v5 on loopback): ${url}`);
      print(`Demo chart: ${demoChart}`);
    },
    launching: (buildDir: string, profile: string) => {
      print(`Launching Chromium with ${shown(buildDir)} loaded, in a new profile at ${profile}…`);
    },
    settingUpSession: () => {
      print('Setting up the development session (vault, both demo keys, a BTC position on each exchange)…');
    },
    /** The first cause only: Ctrl+C reaches Chromium too, whose exit asks to stop again. */
    stopping: (cause: StopCause) => {
      if (stopping) return;
      stopping = true;
      print(`Stopping (${CAUSE_WORDS[cause] ?? cause})…`);
    },
    browserClosed: () => {
      print('Chromium closed.');
    },
    profileRemoved: (profile: string) => {
      print(`Removed the temporary profile ${profile}.`);
    },
    simulatorStopped: (url: string) => {
      print(`Stopped the simulator on ${url}.`);
    },
  };
}

export type StartReport = ReturnType<typeof createStartReport>;
