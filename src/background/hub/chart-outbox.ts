import type { ConnectionStatus, PortQuote } from '../../contracts/ports';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { ExchangeId, TimerHandle, Timers } from '../../exchanges';
import type { AccountSection } from './port-account';
import type { createPortCoalescer } from './port-coalescer';

/** A port's outbox as the hub feeds it; `taken` is an extension page's alone. */
export type Outbox = Omit<ReturnType<typeof createPortCoalescer>, 'taken'>;

/**
 * How often, at most, a chart page hears on its own what moves nothing its badge shows: a new bid, ask
 * or mark under an unchanged last price, or only a newer data age. It goes sooner with a new price
 * when one comes. Its age line reads the newest quote it holds, so while only the book moves the line
 * may run up to this much older than the stream.
 */
export const CHART_QUIET_MS = 1_000;

/**
 * How long, at most, a change of the page's position (its PnL, re-priced by a new mark) waits for the
 * new last price that usually follows it in the exchange's next push: both then reach the page in one
 * message, so a tick costs the page one message instead of two, and the badge never shows the new PnL
 * beside the old price or the other way round. One frame at 60 Hz, the hub's own pacing: a page cannot
 * paint the PnL sooner anyway. A price that comes first goes at once and takes the PnL with it.
 */
export const CHART_PAIR_MS = 16;

export interface ChartOutboxDeps {
  readonly timers: Timers;
  /** True for an exchange the page follows an instrument of: the other's status is not its business. */
  readonly follows: (exchange: ExchangeId) => boolean;
  readonly quietMs?: number;
  readonly pairMs?: number;
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
  const pairMs = deps.pairMs ?? CHART_PAIR_MS;
  const shownQuotes = new Map<InstrumentKey, string>();
  const shownStatuses = new Map<ExchangeId, string>();
  const quietQuotes = new Map<InstrumentKey, PortQuote>();
  const quietStatuses = new Map<ExchangeId, ConnectionStatus>();
  let timer: { readonly handle: TimerHandle } | undefined;
  /** Account sections that changed, waiting up to `pairMs` for a price to go with. */
  const pairing = new Set<AccountSection>();
  let pairTimer: { readonly handle: TimerHandle } | undefined;

  /** Hands the waiting account sections on: alone when their wait is over, else with what goes now. */
  function passAccount(): void {
    if (pairTimer !== undefined) deps.timers.clearTimeout(pairTimer.handle);
    pairTimer = undefined;
    if (pairing.size === 0) return;
    const sections = new Set(pairing);
    pairing.clear();
    outbox.account(sections);
  }

  /** Hands on what moves no figure: when its wait is over, or with a price that goes anyway. */
  function release(): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
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
    if (pairTimer !== undefined) deps.timers.clearTimeout(pairTimer.handle);
    pairTimer = undefined;
    pairing.clear();
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
      // Within the push that carries it, what waits joins the price's message instead of one of its own.
      passAccount();
      release();
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
      passAccount();
      outbox.status(status);
    },
    account(sections) {
      if (sections.size === 0) return;
      for (const section of sections) pairing.add(section);
      pairTimer ??= { handle: deps.timers.setTimeout(passAccount, pairMs) };
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
