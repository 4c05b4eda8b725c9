import type { ConnectionStatus, PortQuote } from '../../contracts/ports';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { ExchangeId, TimerHandle, Timers } from '../../exchanges';
import type { createPortCoalescer } from './port-coalescer';

/** A port's outbox as the hub feeds it; `taken` is an extension page's alone. */
export type Outbox = Omit<ReturnType<typeof createPortCoalescer>, 'taken'>;

/**
 * How often, at most, a chart page hears what moves nothing its badge shows: a new bid, ask or mark
 * under an unchanged last price, or only a newer data age. Its age line reads the newest quote it
 * holds, so while only the book moves the line may run up to this much older than the stream.
 */
export const CHART_QUIET_MS = 1_000;

export interface ChartOutboxDeps {
  readonly timers: Timers;
  /** True for an exchange the page follows an instrument of: the other's status is not its business. */
  readonly follows: (exchange: ExchangeId) => boolean;
  readonly quietMs?: number;
}

/** What the badge draws from a quote: its price (last, else mark) and the change from 24 h ago. */
const shownQuote = (quote: PortQuote) => `${quote.last ?? quote.mark ?? ''} ${quote.open24h ?? ''}`;
/** What the badge draws from a status: everything but the data age. */
const shownStatus = (status: ConnectionStatus) => JSON.stringify({ ...status, dataAgeMs: undefined });

/**
 * A chart page's outbox in front of its coalescer: what moves a figure the badge shows goes on at once;
 * what moves none waits, latest value winning, and goes at most every `quietMs`; another exchange's
 * status never goes. Every message a chart page gets costs its main thread, whatever it carries.
 */
export function createChartOutbox(outbox: Outbox, deps: ChartOutboxDeps): Outbox {
  const quietMs = deps.quietMs ?? CHART_QUIET_MS;
  const shownQuotes = new Map<InstrumentKey, string>();
  const shownStatuses = new Map<ExchangeId, string>();
  const quietQuotes = new Map<InstrumentKey, PortQuote>();
  const quietStatuses = new Map<ExchangeId, ConnectionStatus>();
  let timer: { readonly handle: TimerHandle } | undefined;

  function release(): void {
    timer = undefined;
    for (const quote of quietQuotes.values()) outbox.quote(quote);
    for (const status of quietStatuses.values()) outbox.status(status);
    quietQuotes.clear();
    quietStatuses.clear();
  }

  function holdBack(): void {
    timer ??= { handle: deps.timers.setTimeout(release, quietMs) };
  }

  function forget(): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
    timer = undefined;
    quietQuotes.clear();
    quietStatuses.clear();
  }

  return {
    quote(quote) {
      const key = instrumentKey(quote);
      const shown = shownQuote(quote);
      if (shownQuotes.get(key) === shown) {
        quietQuotes.set(key, quote);
        holdBack();
        return;
      }
      shownQuotes.set(key, shown);
      quietQuotes.delete(key);
      outbox.quote(quote);
    },
    status(status) {
      if (!deps.follows(status.exchange)) return;
      const shown = shownStatus(status);
      if (shownStatuses.get(status.exchange) === shown) {
        quietStatuses.set(status.exchange, status);
        holdBack();
        return;
      }
      shownStatuses.set(status.exchange, shown);
      quietStatuses.delete(status.exchange);
      outbox.status(status);
    },
    account(sections) {
      outbox.account(sections);
    },
    snapshot(quotes, statuses, account, watchlist) {
      forget();
      shownQuotes.clear();
      shownStatuses.clear();
      for (const quote of quotes) shownQuotes.set(instrumentKey(quote), shownQuote(quote));
      const followed = statuses.filter((status) => deps.follows(status.exchange));
      for (const status of followed) shownStatuses.set(status.exchange, shownStatus(status));
      outbox.snapshot(quotes, followed, account, watchlist);
    },
    close() {
      forget();
      outbox.close();
    },
  };
}
