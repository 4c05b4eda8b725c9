import type { KeptQuotes } from '../../contracts/kept-quotes';
import { instrumentKey } from '../../contracts/instrument-key';
import type { HubPortMessage } from '../../contracts/ports';
import type { Clock, ExchangeId, TimerHandle, Timers } from '../../exchanges';

/** How often, at most, what a page streams is written while it stays open. */
const KEEP_EVERY_MS = 2_000;

export interface QuoteKeeperDeps {
  readonly save: (kept: KeptQuotes) => Promise<void>;
  /** Drops what is stored of one exchange's quotes. */
  readonly forget: (exchange: ExchangeId) => Promise<void>;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly everyMs?: number;
}

type Post = (message: HubPortMessage) => void;

/** One page's post, kept as it goes; `leave` writes what is held when the page goes away. */
export interface KeptPost {
  readonly post: Post;
  leave(): void;
}

/**
 * Folds one message the page was sent into what is kept: a snapshot starts over, changes update the
 * quotes they name (a change carries only the fields that moved, as the page merges them too).
 */
export function foldKept(
  kept: KeptQuotes | undefined,
  message: HubPortMessage,
  keptAt: number,
): KeptQuotes | undefined {
  if (message.type === 'error') return kept;
  const exchanges = message.status.map((status) => status.exchange);
  if (message.type === 'snapshot') {
    const { quotes, watchlist } = message;
    return { keptAt, quotes, exchanges, ...(watchlist === undefined ? {} : { watchlist }) };
  }
  if (kept === undefined) return undefined;
  const byKey = new Map(kept.quotes.map((quote) => [instrumentKey(quote), quote]));
  for (const quote of message.quotes) {
    const key = instrumentKey(quote);
    byKey.set(key, { ...byKey.get(key), ...quote });
  }
  return {
    ...kept,
    keptAt,
    quotes: [...byKey.values()],
    exchanges: [...new Set([...kept.exchanges, ...exchanges])],
  };
}

/** What is kept without one exchange: its quotes are no longer what the trader's settings stream. */
export function withoutExchange(kept: KeptQuotes, exchange: ExchangeId): KeptQuotes {
  return {
    ...kept,
    quotes: kept.quotes.filter((quote) => quote.exchange !== exchange),
    exchanges: kept.exchanges.filter((other) => other !== exchange),
  };
}

/**
 * Keeps the last quotes the popup and the side panel were sent, so the next one opened paints at once
 * even when Chrome has stopped the worker meanwhile (the page reads them before the worker is up). A
 * snapshot is written at once; changes at most every `everyMs`, and on leaving.
 */
export function createQuoteKeeper(deps: QuoteKeeperDeps) {
  const everyMs = deps.everyMs ?? KEEP_EVERY_MS;
  const followed = new Set<(exchange: ExchangeId) => void>();
  return {
    /** An exchange was rebuilt (another environment, region or market): its kept quotes no longer apply. */
    forget(exchange: ExchangeId): void {
      for (const drop of followed) drop(exchange);
      deps.forget(exchange).catch(() => undefined);
    },
    follow(post: Post): KeptPost {
      let kept: KeptQuotes | undefined;
      let written: KeptQuotes | undefined;
      let timer: { readonly handle: TimerHandle } | undefined;
      const write = () => {
        if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
        timer = undefined;
        if (kept === undefined || kept === written) return;
        written = kept;
        // A write that fails costs only the next cold open's early paint.
        deps.save(kept).catch(() => undefined);
      };
      const drop = (exchange: ExchangeId) => {
        if (kept !== undefined) kept = withoutExchange(kept, exchange);
        written = kept;
      };
      followed.add(drop);
      return {
        post(message) {
          post(message);
          kept = foldKept(kept, message, deps.clock.now());
          if (message.type === 'snapshot') write();
          else if (timer === undefined && kept !== written)
            timer = { handle: deps.timers.setTimeout(write, everyMs) };
        },
        leave() {
          followed.delete(drop);
          write();
        },
      };
    },
  };
}

export type QuoteKeeper = ReturnType<typeof createQuoteKeeper>;
