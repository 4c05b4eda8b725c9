import type { Perch } from '../e2e/harness';

/**
 * Where in the worker's own steps to stop it: when it starts stretching a passphrase (PBKDF2's
 * `deriveBits`), or right before or right after one of its storage writes. `write` is a prefix of the
 * write's label, `area:set|remove:key` (e.g. `local:set:vaultPointer`); `skip` passes over that many
 * earlier matches (every trader's message first restarts the vault's idle time, a session write).
 */
export type WorkerStep =
  | { readonly at: 'derive'; readonly skip?: number }
  | { readonly at: 'before-write' | 'after-write'; readonly write: string; readonly skip?: number };

/**
 * Arms a breakpoint in the running worker at `step` and resolves with the stop: once the worker reaches
 * the step (paused there by a `debugger` statement, the DevTools session holding it), Chrome stops it,
 * so the step's write never lands, or lands and nothing after it does. Test instrumentation over
 * DevTools, as the secrets audit's recorder is: the worker that is stopped is the only one patched, and
 * the next worker starts clean.
 */
export async function stopWorkerAt(perch: Perch, step: WorkerStep): Promise<{ stopped: Promise<void> }> {
  const worker = await perch.worker();
  const stop = await perch.armWorkerStop();
  const session = worker.client;
  const paused = new Promise<void>((resolve) => {
    session.once('Debugger.paused', () => {
      resolve();
    });
  });
  await session.send('Debugger.enable');
  // A string, not a function: it runs in the worker, where the tests' types know no `chrome`.
  await worker.evaluate(`(() => {
    const step = ${JSON.stringify(step)};
    let skip = step.skip ?? 0;
    const reached = () => skip-- === 0;
    if (step.at === 'derive') {
      const subtle = crypto.subtle;
      const derive = subtle.deriveBits.bind(subtle);
      subtle.deriveBits = (...args) => {
        const running = derive(...args);
        if (reached()) debugger;
        return running;
      };
      return;
    }
    for (const area of ['local', 'session']) {
      const target = chrome.storage[area];
      for (const method of ['set', 'remove']) {
        const write = target[method].bind(target);
        target[method] = (what, ...rest) => {
          const keys = typeof what === 'string' ? [what] : Array.isArray(what) ? what : Object.keys(what);
          const hit = (area + ':' + method + ':' + keys.join(',')).startsWith(step.write) && reached();
          if (hit && step.at === 'before-write') debugger;
          const done = write(what, ...rest);
          return hit && step.at === 'after-write' ? done.then((result) => { debugger; return result; }) : done;
        };
      }
    }
  })()`);
  const stopped = paused.then(async () => {
    const gone = stop();
    // DevTools keeps the target of a worker it holds: let go, so the stop can finish.
    await session.detach();
    await gone;
  });
  return { stopped };
}
