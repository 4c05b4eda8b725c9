import type {
  ConnectionStatus,
  HubPortMessage,
  PortAccount,
  PortQuote,
  WantedInstrument,
} from '../../contracts/ports';
import type { Clock, TimerHandle, Timers } from '../../exchanges';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { AccountSection } from './port-account';
import type { PushBatch } from './push-batch';

export interface CoalescerDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly intervalMs: number;
  readonly send: (message: HubPortMessage) => void;
  /** The port's view of the given account sections as they are now: read when a message goes out. */
  readonly readAccount: (sections: ReadonlySet<AccountSection>) => PortAccount | undefined;
  /** Where a send the port has room for goes: held to the end of the push that caused it (push-batch.ts). */
  readonly batch?: Pick<PushBatch, 'send'>;
}

/**
 * Messages a port may get at once before the interval paces it. An exchange often moves the best bid
 * and ask in one push and the last price in the next, a fraction of a millisecond later: with no room
 * for a second message, the new last price waited out a whole interval (16 ms of the benchmark's
 * 17 ms median from the exchange to the chart badge).
 */
export const PORT_BURST = 2;

/**
 * One port's outbox, holding only each item's latest value: a change goes out at once while the port
 * has room, which comes back at one message per interval up to `PORT_BURST`, so a busy instrument still
 * costs a page at most one message per interval on average. A page that says it has taken the last
 * message (`taken`) has room for the next at once: with fifty instruments streaming, the interval alone
 * kept the port full and a new price waited up to a whole interval behind the others, while a page that
 * has applied its message is ready for the next, however soon. A page that never says so is paced by the
 * interval alone.
 */
export function createPortCoalescer(deps: CoalescerDeps) {
  const quotes = new Map<InstrumentKey, PortQuote>();
  const statuses = new Map<string, ConnectionStatus>();
  const accountSections = new Set<AccountSection>();
  /** Messages the port may get now, as of `roomAt`; fractions are room coming back. */
  let room = PORT_BURST;
  let roomAt = deps.clock.now();
  let timer: { readonly handle: TimerHandle } | undefined;
  /** A send is held in the batch: the push that asked for it is still being handled. */
  let held = false;

  function roomNow(): number {
    const now = deps.clock.now();
    room = Math.min(PORT_BURST, room + (now - roomAt) / deps.intervalMs);
    roomAt = now;
    return room;
  }

  function flush(): void {
    timer = undefined;
    held = false;
    if (quotes.size === 0 && statuses.size === 0 && accountSections.size === 0) return;
    room = roomNow() - 1;
    const account = accountSections.size === 0 ? undefined : deps.readAccount(accountSections);
    const message: HubPortMessage = {
      type: 'changes',
      quotes: [...quotes.values()],
      status: [...statuses.values()],
      ...(account === undefined ? {} : { account }),
    };
    clear();
    deps.send(message);
  }

  function clear(): void {
    quotes.clear();
    statuses.clear();
    accountSections.clear();
  }

  function schedule(): void {
    if (timer !== undefined || held) return;
    const short = 1 - roomNow();
    if (short > 0) timer = { handle: deps.timers.setTimeout(flush, Math.ceil(short * deps.intervalMs)) };
    else if (deps.batch === undefined) flush();
    else {
      held = true;
      deps.batch.send(flush);
    }
  }

  return {
    quote(quote: PortQuote): void {
      quotes.set(instrumentKey(quote), quote);
      schedule();
    },
    status(status: ConnectionStatus): void {
      statuses.set(status.exchange, status);
      schedule();
    },
    /** The page has applied the last message: the next, if any is waiting, goes now. */
    taken(): void {
      room = Math.max(roomNow(), 1);
      if (timer === undefined) return;
      deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      schedule();
    },
    /** Sections of the account that changed; their latest state goes out with the next message. */
    account(sections: ReadonlySet<AccountSection>): void {
      if (sections.size === 0) return;
      for (const section of sections) accountSections.add(section);
      schedule();
    },
    /** Everything the port asked for, at once; pending changes are part of it. */
    snapshot(
      allQuotes: readonly PortQuote[],
      allStatus: readonly ConnectionStatus[],
      account: PortAccount | undefined,
      watchlist?: readonly WantedInstrument[],
    ): void {
      clear();
      if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      room = roomNow() - 1;
      deps.send({
        type: 'snapshot',
        quotes: [...allQuotes],
        status: [...allStatus],
        ...(account === undefined ? {} : { account }),
        ...(watchlist === undefined ? {} : { watchlist: [...watchlist] }),
      });
    },
    close(): void {
      if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      clear();
    },
  };
}
