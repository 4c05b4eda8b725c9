import type { SimTimerHandle, SimTimers } from '../server/time.js';
import type { TradingEngine } from './trading-engine.js';

/**
 * A dead-man timer on one account (OKX trade/cancel-all-after): when it runs out, every open order of the
 * account is cancelled, each pushed as a cancellation like any other. Arming again replaces the deadline;
 * once it has fired it stays off until armed again. It runs on the simulator's timers, so a test's fake time
 * decides when it fires.
 */
export class CancelAllAfter {
  private armed: { readonly timer: SimTimerHandle; readonly at: number } | undefined;

  constructor(
    private readonly engine: TradingEngine,
    private readonly timers: SimTimers,
    private readonly now: () => number,
  ) {}

  /** When it fires, in ms since the epoch; 0 while disarmed. */
  get triggerTime(): number {
    return this.armed?.at ?? 0;
  }

  arm(afterMs: number): void {
    this.disarm();
    const timer = this.timers.setTimeout(() => {
      this.armed = undefined;
      this.engine.cancelAll();
    }, afterMs);
    this.armed = { timer, at: this.now() + afterMs };
  }

  disarm(): void {
    if (this.armed !== undefined) this.timers.clearTimeout(this.armed.timer);
    this.armed = undefined;
  }
}
