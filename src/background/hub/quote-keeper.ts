import type { KeptQuotes } from '../../contracts/kept-quotes';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { HubPortMessage, PortQuote } from '../../contracts/ports';
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
      // Held as a map and folded in place: the page gets a message up to every 16 ms, a write is rarer.
      let quotes: Map<InstrumentKey, PortQuote> | undefined;
      let watchlist: KeptQuotes['watchlist'];
      const exchanges = new Set<ExchangeId>();
      let keptAt = 0;
      let unwritten = false;
      let timer: { readonly handle: TimerHandle } | undefined;
      const write = () => {
        if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
        timer = undefined;
        if (quotes === undefined || !unwritten) return;
        unwritten = false;
        const kept: KeptQuotes = {
          keptAt,
          quotes: [...quotes.values()],
          exchanges: [...exchanges],
          ...(watchlist === undefined ? {} : { watchlist }),
        };
        // A write that fails costs only the next cold open's early paint.
        deps.save(kept).catch(() => undefined);
      };
      const drop = (exchange: ExchangeId) => {
        exchanges.delete(exchange);
        for (const [key, quote] of quotes ?? []) if (quote.exchange === exchange) quotes?.delete(key);
      };
      followed.add(drop);
      return {
        post(message) {
          post(message);
          // A snapshot starts over; changes update the quotes they name with the fields that moved, as
          // the page merges them too; nothing is kept before the first snapshot, nor of an error.
          if (message.type === 'error') return;
          if (message.type === 'snapshot') {
            quotes = new Map(message.quotes.map((quote) => [instrumentKey(quote), quote]));
            watchlist = message.watchlist;
            exchanges.clear();
          } else if (quotes === undefined) return;
          for (const quote of message.quotes) {
            const key = instrumentKey(quote);
            quotes.set(key, { ...quotes.get(key), ...quote });
          }
          for (const status of message.status) exchanges.add(status.exchange);
          keptAt = deps.clock.now();
          unwritten = true;
          if (message.type === 'snapshot') write();
          else timer ??= { handle: deps.timers.setTimeout(write, everyMs) };
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
