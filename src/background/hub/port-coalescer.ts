import type {
  FeedStatus,
  HubPortMessage,
  PortAccount,
  PortQuote,
  WantedInstrument,
} from '../../contracts/ports';
import type { Clock, TimerHandle, Timers } from '../../exchanges';
import { instrumentKey } from './instrument-key';
import type { AccountSection } from './port-account';

export interface CoalescerDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly intervalMs: number;
  readonly send: (message: HubPortMessage) => void;
  /** The port's view of the given account sections as they are now: read when a message goes out. */
  readonly readAccount: (sections: ReadonlySet<AccountSection>) => PortAccount | undefined;
}

/** One port's outbox: at most one `changes` message per interval, holding only each item's latest value. */
export function createPortCoalescer(deps: CoalescerDeps) {
  const quotes = new Map<string, PortQuote>();
  const statuses = new Map<string, FeedStatus>();
  const accountSections = new Set<AccountSection>();
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: { readonly handle: TimerHandle } | undefined;

  function flush(): void {
    timer = undefined;
    if (quotes.size === 0 && statuses.size === 0 && accountSections.size === 0) return;
    lastSentAt = deps.clock.now();
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
    /** Sections of the account that changed; their latest state goes out with the next message. */
    account(sections: ReadonlySet<AccountSection>): void {
      if (sections.size === 0) return;
      for (const section of sections) accountSections.add(section);
      schedule();
    },
    /** Everything the port asked for, at once; pending changes are part of it. */
    snapshot(
      allQuotes: readonly PortQuote[],
      allStatus: readonly FeedStatus[],
      account: PortAccount | undefined,
      watchlist?: readonly WantedInstrument[],
    ): void {
      clear();
      if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
      timer = undefined;
      lastSentAt = deps.clock.now();
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
