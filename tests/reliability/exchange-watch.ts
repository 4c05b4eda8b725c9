import type {
  Exchange,
  ExchangeId,
  SocketStatusEvent,
  StreamEvent,
  StreamRequest,
} from '../../src/exchanges/index';
import {
  BYBIT_CONNECTION_BUDGET,
  OKX_CONNECTION_BUDGET,
  type ConnectionBudgetLimit,
} from '../../src/exchanges/transport/socket-budget';
import type { Clock } from '../../src/exchanges/transport/timers';
import type { StartOptions } from '../../sim/index';
import { simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { Inbox, realClock } from '../integration/ws-harness';
import { SocketWatch } from './socket-watch';

/** Something the Exchange handed the caller, with the clock's time it arrived. */
export interface Seen<T> {
  readonly at: number;
  readonly event: T;
}

/** Size of the open position a scenario makes, in each exchange's order unit (OKX contracts, Bybit coin). */
export const POSITION_UNIT: Record<ExchangeId, number> = { okx: 1, bybit: 0.001 };

/**
 * What the caller of one Exchange sees: its status events and the events of each stream it asked for, each
 * stamped with the clock's time, so a scenario measures gaps and recovery times from the caller's side.
 */
export class ExchangeWatch {
  readonly status = new Inbox<Seen<SocketStatusEvent>>();
  private readonly stops: (() => void)[] = [];

  constructor(
    readonly exchange: Exchange,
    private readonly clock: Clock,
  ) {
    this.stops.push(
      exchange.streams.onStatus((event) => {
        this.status.push(this.stamp(event));
      }),
    );
  }

  /** Subscribes `request` and collects what it delivers. */
  listen(request: StreamRequest): Inbox<Seen<StreamEvent>> {
    const inbox = new Inbox<Seen<StreamEvent>>();
    this.stops.push(
      this.exchange.streams.subscribe(request, (event) => {
        inbox.push(this.stamp(event));
      }),
    );
    return inbox;
  }

  /** Waits for the exchange to confirm the topics of socket `socket` (from status event `from` on). */
  subscribed(socket: string, from: number, timeoutMs?: number): Promise<Seen<SocketStatusEvent>> {
    return this.status.waitFor(
      ({ event }) => event.type === 'subscribed' && event.socket === socket,
      `the ${socket} socket's topics confirmed`,
      timeoutMs,
      from,
    );
  }

  /** The states socket `socket` reported, in order. */
  states(socket: string): string[] {
    return this.status.events.flatMap(({ event }) =>
      event.type === 'state' && event.socket === socket ? [event.state] : [],
    );
  }

  /** Stops every stream and closes the Exchange's sockets. */
  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.exchange.close();
  }

  private stamp<T>(event: T): Seen<T> {
    return { at: this.clock.now(), event };
  }
}

export const isTicker = ({ event }: Seen<StreamEvent>): boolean => event.kind === 'ticker';

/** A position push of `symbol` with `size` in the exchange's order unit. */
export const isPositionOf =
  (symbol: string, size: number) =>
  ({ event }: Seen<StreamEvent>): boolean =>
    event.kind === 'position' && event.symbol === symbol && Number(event.sizeContracts) === size;

/** Each exchange's published connection budget (docs/protocol.md "Rate limits"), as the client enforces it. */
export const CONNECTION_BUDGET: Record<ExchangeId, ConnectionBudgetLimit> = {
  okx: OKX_CONNECTION_BUDGET,
  bybit: BYBIT_CONNECTION_BUDGET,
};

/**
 * A simulator for a describe block (real time) and, per test, one Exchange of `id` on it whose sockets the
 * wire watch sees; the Exchange is closed and the simulator reset after each test.
 */
export function watchedExchangePerTest(id: ExchangeId, options: StartOptions) {
  let watched: ExchangeWatch | undefined;
  const sim = simulatorPerSuite(options, () => {
    watched?.close();
    watched = undefined;
  });
  return {
    sim,
    open: (): { wire: SocketWatch; watch: ExchangeWatch } => {
      const wire = new SocketWatch(realClock);
      watched = new ExchangeWatch(
        simExchange(sim(), id, sim().wsUrl, { createSocket: wire.createSocket }),
        realClock,
      );
      return { wire, watch: watched };
    },
  };
}
