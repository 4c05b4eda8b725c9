import type { Perch } from '../e2e/harness';

/**
 * Where in the worker's own steps to stop it: when it starts stretching a passphrase (PBKDF2's
 * `deriveBits`), or right before or right after one of its storage writes. `write` is a prefix of the
 * write's label, `area:set|remove:key`, the area being `trusted` (the IndexedDB store: e.g.
 * `trusted:set:vaultPointer`) or `session`; `skip` passes over that many earlier matches (every
 * trader's message first restarts the vault's idle time, a session write).
 */
export type WorkerStep =
  | { readonly at: 'derive'; readonly skip?: number }
  | { readonly at: 'before-write' | 'after-write'; readonly write: string; readonly skip?: number };

/** Long enough for a loaded 2-core machine; a hang then fails naming the step instead of timing the test out. */
const STEP_DEADLINE_MS = 20_000;

/** `promise`, or a rejection saying `what` once `ms` have passed without it settling. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(what));
    }, ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

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
    const hits = (label) => label.startsWith(step.write) && reached();
    const session = chrome.storage.session;
    for (const method of ['set', 'remove']) {
      const write = session[method].bind(session);
      session[method] = (what, ...rest) => {
        const keys = typeof what === 'string' ? [what] : Array.isArray(what) ? what : Object.keys(what);
        const hit = hits('session:' + method + ':' + keys.join(','));
        if (hit && step.at === 'before-write') debugger;
        const done = write(what, ...rest);
        return hit && step.at === 'after-write' ? done.then((result) => { debugger; return result; }) : done;
      };
    }
    // The trusted store: a write lands when its transaction commits. The pause after it listens for
    // that before idb does, so none of the worker's code after the write runs.
    const landed = new WeakSet();
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (...args) {
      const tx = transaction.apply(this, args);
      tx.addEventListener('complete', () => { if (landed.has(tx)) debugger; });
      return tx;
    };
    for (const [method, verb] of [['put', 'set'], ['delete', 'remove']]) {
      const write = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (...args) {
        const key = method === 'put' ? args[1] : args[0];
        const hit = hits('trusted:' + verb + ':' + String(key));
        if (hit && step.at === 'before-write') debugger;
        if (hit && step.at === 'after-write') landed.add(this.transaction);
        return write.apply(this, args);
      };
    }
  })()`);
  const label = JSON.stringify(step);
  const stopped = within(paused, STEP_DEADLINE_MS, `The worker never reached ${label}.`).then(async () => {
    const gone = stop();
    // DevTools keeps the target of a worker it holds: let go, so the stop can finish.
    await within(
      session.detach(),
      STEP_DEADLINE_MS,
      `DevTools did not let go of the worker paused at ${label}.`,
    );
    await within(gone, STEP_DEADLINE_MS, `Chrome did not stop the worker paused at ${label}.`);
  });
  return { stopped };
}
