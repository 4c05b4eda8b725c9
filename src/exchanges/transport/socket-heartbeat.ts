import { NamedTimers } from './socket-timers';
import type { Timers } from './timers';

/**
 * Ping every interval; a pong that has not come within the timeout means the socket is dead
 * (docs/architecture.md: 10000 ms / 2000 ms). Only the first ping of a silence starts the pong timer.
 */
export class Heartbeat {
  private readonly named: NamedTimers<'ping' | 'pong'>;

  constructor(
    timers: Timers,
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
    private readonly sendPing: () => void,
    private readonly onDead: () => void,
  ) {
    this.named = new NamedTimers(timers);
  }

  start(): void {
    this.named.start('ping', this.intervalMs, () => {
      if (!this.named.has('pong')) this.named.start('pong', this.timeoutMs, this.onDead);
      this.sendPing();
      this.start();
    });
  }

  pong(): void {
    this.named.clear('pong');
  }

  stop(): void {
    this.named.clearAll();
  }
}
