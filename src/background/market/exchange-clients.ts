import type { FetchLike } from '../../exchanges';
import type { Clock, Timers, WebSocketFactory } from '../../exchanges';

export interface RuntimeDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
  readonly createSocket: WebSocketFactory;
}
