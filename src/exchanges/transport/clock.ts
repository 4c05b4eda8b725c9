import type { Clock } from './timers';
import type { Logger } from './http-types';

/** History windows (docs/architecture.md "Constants"). */
export const ONE_DAY_MS = 86_400_000;
export const ONE_WEEK_MS = 604_800_000;

/** Above this offset the trader is warned: OKX allows 30 s, Bybit only 1 s ahead (docs/protocol.md "Server time and clock tolerance"). */
const CLOCK_WARNING_MS = 500;
const DEFAULT_CLOCK_SAMPLES = 5;

export interface ClockSample {
  /** Local time when the request left. */
  readonly sentAt: number;
  /** Server time in the answer. */
  readonly serverTime: number;
  /** Local time when the answer arrived. */
  readonly receivedAt: number;
}

/**
 * Offset = server time minus the local time at the round trip's midpoint (the server most likely
 * stamped its answer half-way), taken as the median over samples so one slow round trip cannot skew it.
 */
export function estimateClockOffset(samples: readonly ClockSample[]): number {
  if (samples.length === 0) throw new RangeError('estimateClockOffset needs at least one sample');
  const offsets = samples
    .map((sample) => sample.serverTime - (sample.sentAt + sample.receivedAt) / 2)
    .sort((a, b) => a - b);
  const middle = Math.floor(offsets.length / 2);
  const median =
    offsets.length % 2 === 1 ? offsets[middle] : ((offsets[middle - 1] ?? 0) + (offsets[middle] ?? 0)) / 2;
  return Math.round(median ?? 0);
}

export interface ServerClockOptions {
  readonly clock: Clock;
  /** Reads the exchange's server time in epoch ms (one public request). */
  readonly fetchServerTime: () => Promise<number>;
  readonly logger?: Logger;
  readonly label: string;
  readonly samples?: number;
}

/** A clock corrected by the measured offset: what requests are signed with. */
export interface ServerClock extends Clock {
  readonly offsetMs: () => number;
  /** Measures the offset again; returns it. */
  sync(): Promise<number>;
  /**
   * Resolves once the offset has been measured (by this or by sync()), measuring it now the first
   * time. Never rejects: a failed measurement leaves the offset as it was, and the next call measures
   * again.
   */
  ready(): Promise<void>;
}

export function createServerClock(options: ServerClockOptions): ServerClock {
  let offset = 0;
  let measured: Promise<void> | undefined;
  const clock: ServerClock = {
    now: () => options.clock.now() + offset,
    offsetMs: () => offset,
    ready() {
      measured ??= clock.sync().then(
        () => undefined,
        () => {
          measured = undefined;
        },
      );
      return measured;
    },
    async sync() {
      const samples: ClockSample[] = [];
      // Sequential on purpose: parallel requests would queue behind each other and bias the midpoints.
      for (let i = 0; i < (options.samples ?? DEFAULT_CLOCK_SAMPLES); i += 1) {
        const sentAt = options.clock.now();
        const serverTime = await options.fetchServerTime();
        samples.push({ sentAt, serverTime, receivedAt: options.clock.now() });
      }
      offset = estimateClockOffset(samples);
      // A caller's own measurement counts: ready() does not measure again.
      measured ??= Promise.resolve();
      if (Math.abs(offset) > CLOCK_WARNING_MS) {
        options.logger?.warn(
          `Your computer's clock is ${Math.abs(offset)} ms ${offset > 0 ? 'behind' : 'ahead of'} ${options.label} server time ` +
            `(more than ${CLOCK_WARNING_MS} ms). Perch signs requests with corrected time; consider syncing your system clock.`,
        );
      }
      return offset;
    },
  };
  return clock;
}
