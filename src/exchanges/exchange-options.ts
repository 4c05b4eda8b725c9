import type { StreamGroupOptions } from './transport/socket-group';

/** What every exchange's door takes besides its REST options (hosts, credentials, fetch, clock, timers). */
export interface DoorSocketOptions {
  readonly createSocket: StreamGroupOptions<string>['createSocket'];
  readonly timings?: StreamGroupOptions<string>['timings'];
  readonly random?: StreamGroupOptions<string>['random'];
  /** Levels per side each book event carries (default 25). */
  readonly bookEventDepth?: number;
  /** How long one WS trade request waits for its reply before it fails. */
  readonly tradeTimeoutMs?: number;
  /** How often data-age events go out (default 1000 ms). */
  readonly dataAgeIntervalMs?: number;
}
