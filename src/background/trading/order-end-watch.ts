import type { Exchange, StreamEvent, Timers } from '../../exchanges';

/** How an open order or leg left the open orders, as the private stream (or a REST look) showed it. */
export type OrderEnd = 'cancelled' | 'filled' | 'gone';

/** Orders by their exchange id; legs by their leg id (an OKX algoId, a Bybit conditional orderId). */
function endOf(event: StreamEvent): { readonly id: string; readonly end: OrderEnd } | undefined {
  if (event.kind === 'order') {
    if (event.status === 'cancelled' || event.status === 'rejected')
      return { id: event.orderId, end: 'cancelled' };
    if (event.status === 'filled') return { id: event.orderId, end: 'filled' };
    return undefined;
  }
  if (event.kind === 'protection') {
    if (event.status === 'cancelled') return { id: event.leg.id, end: 'cancelled' };
    if (event.status === 'triggered' || event.status === 'failed') return { id: event.leg.id, end: 'filled' };
  }
  return undefined;
}

export interface OrderEndWatch {
  /** How each id has ended so far. */
  readonly ends: ReadonlyMap<string, OrderEnd>;
  /** Resolves once every id has ended, or after `timeoutMs` with those that had. */
  waitFor(ids: readonly string[], timeoutMs: number): Promise<ReadonlyMap<string, OrderEnd>>;
  stop(): void;
}

export interface OrderEndWatchOptions {
  readonly exchange: Exchange;
  readonly timers: Timers;
  /**
   * Which of `ids` the exchange still lists as open (orders and legs), over REST: asked after each
   * (re)confirmation of the stream's topics, since a push sent before it may be lost.
   */
  readonly stillOpen: (ids: readonly string[]) => Promise<ReadonlySet<string>>;
}

/**
 * Records how orders and legs leave the open orders, from the orders and protection streams. Started
 * before a cancel is sent, so a push that beats the exchange's answer is not missed.
 */
export function watchOrderEnds(options: OrderEndWatchOptions): OrderEndWatch {
  const { exchange, timers } = options;
  const ends = new Map<string, OrderEnd>();
  const waiters = new Set<() => void>();
  let awaited: readonly string[] = [];
  const record = (id: string, end: OrderEnd) => {
    if (ends.has(id)) return;
    ends.set(id, end);
    for (const waiter of [...waiters]) waiter();
  };
  const listener = (event: StreamEvent) => {
    const ended = endOf(event);
    if (ended !== undefined) record(ended.id, ended.end);
  };
  const stops = [
    exchange.streams.subscribe({ kind: 'orders' }, listener),
    exchange.streams.subscribe({ kind: 'protection' }, listener),
    exchange.streams.onStatus((event) => {
      const open = awaited.filter((id) => !ends.has(id));
      if (event.type !== 'subscribed' || open.length === 0) return;
      options.stillOpen(open).then(
        (listed) => {
          for (const id of open) if (!listed.has(id)) record(id, 'gone');
        },
        // The stream or the timeout still decides.
        () => undefined,
      );
    }),
  ];

  return {
    ends,
    waitFor(ids, timeoutMs) {
      awaited = ids;
      return new Promise((resolve) => {
        const timer = timers.setTimeout(() => {
          waiters.delete(check);
          resolve(ends);
        }, timeoutMs);
        function check(): void {
          if (!ids.every((id) => ends.has(id))) return;
          waiters.delete(check);
          timers.clearTimeout(timer);
          resolve(ends);
        }
        waiters.add(check);
        check();
      });
    },
    stop() {
      for (const stop of stops) stop();
      waiters.clear();
    },
  };
}
