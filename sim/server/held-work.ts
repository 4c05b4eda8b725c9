import type { SimTimerHandle, SimTimers } from './time';

/**
 * What a latency fault holds back (an exchange REST request, a trade-socket order operation): each runs
 * when its hold ends, or at once when a test lets everything held go (`POST /__sim/release-held`). A
 * test that needs a request held across a worker restart then holds it until it is done checking, not
 * for a guessed span that a busy machine may outlast.
 */
export class HeldWork {
  private readonly waiting = new Map<symbol, { readonly handle: SimTimerHandle; readonly run: () => void }>();

  constructor(private readonly timers: SimTimers) {}

  /** Runs `run` once `ms` have passed, or when released sooner. */
  hold(ms: number, run: () => void): void {
    const key = Symbol('held');
    const handle = this.timers.setTimeout(() => {
      this.waiting.delete(key);
      run();
    }, ms);
    this.waiting.set(key, { handle, run });
  }

  /** Runs everything held now, in the order it was held; returns how many there were. */
  release(): number {
    const held = [...this.waiting.values()];
    this.waiting.clear();
    for (const { handle, run } of held) {
      this.timers.clearTimeout(handle);
      run();
    }
    return held.length;
  }

  /** Forgets everything held without carrying it out: a stopped simulator does nothing more. */
  drop(): void {
    for (const { handle } of this.waiting.values()) this.timers.clearTimeout(handle);
    this.waiting.clear();
  }
}
