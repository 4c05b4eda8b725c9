import type { SimTimerHandle, SimTimers } from '../server/time.js';
import type { TradingEngine } from './trading-engine.js';

/**
 * A dead-man timer on one account (OKX trade/cancel-all-after): when it runs out, every open order of the
 * account is cancelled, each pushed as a cancellation like any other. Arming again replaces the deadline;
 * once it has fired it stays off until armed again. It runs on the simulator's timers, so a test's fake time
 * decides when it fires.
 */
export class CancelAllAfter {
  private handle: SimTimerHandle | undefined;
  private deadline = 0;

  constructor(
    private readonly engine: TradingEngine,
    private readonly timers: SimTimers,
    private readonly now: () => number,
  ) {}

  /** When it fires, in ms since the epoch; 0 while disarmed. */
  get triggerTime(): number {
    return this.deadline;
  }

  arm(afterMs: number): void {
    this.disarm();
    this.deadline = this.now() + afterMs;
    this.handle = this.timers.setTimeout(() => {
      this.handle = undefined;
      this.deadline = 0;
      this.engine.cancelAll();
    }, afterMs);
  }

  disarm(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
    this.deadline = 0;
  }
}
