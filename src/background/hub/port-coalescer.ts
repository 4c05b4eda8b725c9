import type { FeedStatus, HubPortMessage, PortQuote } from '../../contracts/ports';
import type { Clock, TimerHandle, Timers } from '../../exchanges';
import { instrumentKey } from './instrument-key';

export interface CoalescerDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly intervalMs: number;
  readonly send: (message: HubPortMessage) => void;
}

/** One port's outbox: at most one `changes` message per interval, holding only each item's latest value. */
export function createPortCoalescer(deps: CoalescerDeps) {
  const quotes = new Map<string, PortQuote>();
  const statuses = new Map<string, FeedStatus>();
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: { readonly handle: TimerHandle } | undefined;

  function flush(): void {
    timer = undefined;
    if (quotes.size === 0 && statuses.size === 0) return;
    lastSentAt = deps.clock.now();
    const message: HubPortMessage = {
      type: 'changes',
      quotes: [...quotes.values()],
      status: [...statuses.values()],
    };
    quotes.clear();
    statuses.clear();
    deps.send(message);
  }

  function schedule(): void {
    if (timer !== undefined) return;
    const wait = lastSentAt + deps.intervalMs - deps.clock.now();
    if (wait <= 0) flush();
    else timer = { handle: deps.timers.setTimeout(flush, wait) };
  }

  return {
    quote(quote: PortQuote): void {
      quotes.set(instrumentKey(quote), quote);
      schedule();
    },
    status(status: FeedStatus): void {
      statuses.set(status.exchange, status);
      schedule();
    },
    /** Everything the port asked for, at once; pending changes are part of it. */
    snapshot(allQuotes: readonly PortQuote[], allStatus: readonly FeedStatus[]): void {
      quotes.clear();
      statuses.clear();
      if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      lastSentAt = deps.clock.now();
      deps.send({ type: 'snapshot', quotes: [...allQuotes], status: [...allStatus] });
    },
    close(): void {
      if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      quotes.clear();
      statuses.clear();
    },
  };
}
