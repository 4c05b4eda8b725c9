export interface Shutdown {
  /** Adds a stop step; steps run last added first, like nested try/finally blocks. */
  add(step: () => Promise<unknown>): void;
  /** Runs every step once, then exits; later calls wait for the same run. */
  run(): Promise<void>;
}

/**
 * One shutdown however often it is asked for: Ctrl+C reaches this process and Chromium alike, and
 * Chromium's exit asks again. A failed step is reported and the others still run, so the browser
 * profile is removed before the process exits.
 */
export function createShutdown(exit: (code: number) => void, report = console.error): Shutdown {
  const steps: (() => Promise<unknown>)[] = [];
  let running: Promise<void> | undefined;
  const runSteps = async () => {
    let failed = false;
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        failed = true;
        report('A step of shutting down failed:', error);
      }
    }
    exit(failed ? 1 : 0);
  };
  return {
    add: (step) => {
      steps.push(step);
    },
    run: () => (running ??= runSteps()),
  };
}
