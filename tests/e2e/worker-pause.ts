import type { Perch } from './harness';

export interface PausedWorker {
  /** Resolves once the worker has stopped on its next statement: from then on it runs nothing. */
  readonly paused: Promise<void>;
  /** Lets the worker run again: what arrived meanwhile (socket pushes, a page's message) runs then. */
  resume(): Promise<void>;
}

/**
 * Holds the running service worker still over DevTools (`Debugger.pause`: it stops on its next statement,
 * which a socket push or a timer soon brings), so nothing it would tell a page gets there until `resume`.
 * Test instrumentation, as tests/reliability/worker-breakpoint.ts is: a test changes the exchange under a
 * popup that cannot repaint meanwhile, with no race against the private stream.
 */
export async function pauseWorker(perch: Perch): Promise<PausedWorker> {
  const session = (await perch.worker()).client;
  const paused = new Promise<void>((resolve) => {
    session.once('Debugger.paused', () => {
      resolve();
    });
  });
  await session.send('Debugger.enable');
  await session.send('Debugger.pause');
  return {
    paused,
    async resume() {
      await session.send('Debugger.resume');
      await session.send('Debugger.disable');
    },
  };
}
