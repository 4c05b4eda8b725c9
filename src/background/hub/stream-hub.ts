import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import type { FeedStatus, HubPortMessage, PortQuote, WantedInstrument } from '../../contracts/ports';
import type { ExchangeId, TimerHandle } from '../../exchanges';
import { createExchangeFeed, type ExchangeFeed } from './exchange-feed';
import type { HubDeps, HubTiming } from './hub-types';
import { instrumentKey, uniqueInstruments } from './instrument-key';
import { createInstrumentSteps } from './instrument-steps';
import { accountSlice, touchedSections, type AccountReach } from './port-account';
import { createPortCoalescer } from './port-coalescer';

export const DEFAULT_HUB_TIMING: HubTiming = {
  // One frame at 60 Hz: a page cannot paint faster, so a shorter wait shows nothing sooner, and a longer
  // one holds a tick back from the screen (at 100 ms, a tick waited up to 100 ms: issue 12's benchmark).
  coalesceMs: 16,
  // Tickers push several times a second on both exchanges; 10 s of silence on a socket means trouble.
  staleAfterMs: 10_000,
  pollEveryMs: 5_000,
  graceMs: 60_000,
};

/**
 * How much of the account a page asks for: `whole` (extension pages), `own` (the positions on the
 * instruments it follows: what a content script gets), or `none`.
 */
export type AccountWant = AccountReach['kind'];

/** What one connected page holds: replace its wants, or leave. */
export interface HubPort {
  /**
   * `account` defaults to none. With `watchlist`, the saved watchlist's quotes are wanted too and the
   * snapshot lists the watchlist.
   */
  want(quotes: readonly WantedInstrument[], account?: AccountWant, watchlist?: boolean): void;
  disconnect(): void;
}

interface PortEntry {
  wanted: ReadonlySet<string>;
  wants: readonly WantedInstrument[];
  reach: AccountReach;
  /** Counts wants, so a want still reading the watchlist does not undo a newer one. */
  asked: number;
  /** The browser tab of a content script's page; undefined for extension pages. */
  readonly tabId: number | undefined;
  readonly outbox: ReturnType<typeof createPortCoalescer>;
}

function reachOf(account: AccountWant, wants: readonly WantedInstrument[]): AccountReach {
  return account === 'own' ? { kind: 'own', instruments: wants } : { kind: account };
}

/**
 * The stream hub: every page's wants, ref-counted into one set of subscriptions per exchange (the door
 * shares sockets and topics below that); quotes and status fanned out per port, coalesced; sockets kept
 * for a grace period after the last need, then closed so the worker may sleep.
 */
export function createHub(deps: HubDeps) {
  const timing = { ...DEFAULT_HUB_TIMING, ...deps.timing };
  const ports = new Map<number, PortEntry>();
  const quotes = new Map<string, PortQuote>();
  const statuses = new Map<ExchangeId, FeedStatus>();
  const statusListeners = new Set<(status: readonly FeedStatus[]) => void>();
  let nextPortId = 1;
  let backgroundNeed = false;
  /** Wants saved before the worker last stopped: held until their pages reconnect or the grace ends. */
  let restored: readonly WantedInstrument[] = [];
  let restoredTimer: { readonly handle: TimerHandle } | undefined;
  let loaded = false;
  let graceTimer: { readonly handle: TimerHandle } | undefined;
  /** Syncs run one after another: each reads the registry, and a later want must win. */
  let syncing: Promise<void> = Promise.resolve();

  const steps = createInstrumentSteps(deps.instrumentLists);
  const feeds = Object.fromEntries(
    EXCHANGE_IDS.map((id) => [
      id,
      createExchangeFeed({
        id,
        registry: deps.registry,
        feed: deps.feed,
        hasCredentials: () => deps.hasCredentials(id),
        clock: deps.clock,
        timers: deps.timers,
        timing,
        steps,
        onQuote: (quote) => {
          const key = instrumentKey(quote);
          quotes.set(key, quote);
          for (const port of ports.values()) if (port.wanted.has(key)) port.outbox.quote(quote);
        },
        onStatus: (status) => {
          statuses.set(id, status);
          for (const port of ports.values()) port.outbox.status(status);
          const all = [...statuses.values()];
          for (const listener of statusListeners) listener(all);
        },
      }),
    ]),
  ) as Record<ExchangeId, ExchangeFeed>;

  const needed = () => ports.size > 0 || backgroundNeed || restored.length > 0;
  const portWants = () => [...ports.values()].map((port) => port.wants);

  function clearTimer(timer: { readonly handle: TimerHandle } | undefined): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
  }

  async function syncNow(): Promise<void> {
    if (!needed()) return;
    const wanted = uniqueInstruments([...portWants(), restored, await deps.watchlist()]);
    await Promise.all(
      EXCHANGE_IDS.map((id) =>
        feeds[id].sync(
          wanted.filter((instrument) => instrument.exchange === id),
          true,
        ),
      ),
    );
  }

  function closeAfterGrace(): void {
    graceTimer = undefined;
    if (needed()) return;
    for (const id of EXCHANGE_IDS) feeds[id].release();
    quotes.clear();
  }

  /** Brings the subscriptions in line with every need; with none left, closes them after the grace. */
  function reconcile(): Promise<void> {
    if (needed()) {
      clearTimer(graceTimer);
      graceTimer = undefined;
    } else graceTimer ??= { handle: deps.timers.setTimeout(closeAfterGrace, timing.graceMs) };
    void deps.wanted.save(uniqueInstruments([...portWants(), restored]));
    syncing = syncing.then(syncNow, syncNow);
    return syncing;
  }

  deps.registry.onRebuild(() => void reconcile());
  deps.account.onChange((changes) => {
    for (const port of ports.values()) port.outbox.account(touchedSections(port.reach, changes));
  });

  return {
    /** A page connected; `tabId` is the browser tab of a content script's page. */
    connect(send: (message: HubPortMessage) => void, tabId?: number): HubPort {
      const id = nextPortId++;
      const reach = (): AccountReach => ports.get(id)?.reach ?? { kind: 'none' };
      const outbox = createPortCoalescer({
        clock: deps.clock,
        timers: deps.timers,
        intervalMs: timing.coalesceMs,
        send,
        readAccount: (sections) => accountSlice(deps.account.snapshot(), reach(), sections),
      });
      ports.set(id, { wanted: new Set(), wants: [], reach: { kind: 'none' }, asked: 0, tabId, outbox });
      return {
        want(asked, account = 'none', withWatchlist = false) {
          const entry = ports.get(id);
          if (entry === undefined) return;
          const turn = ++entry.asked;
          const apply = (watchlist: readonly WantedInstrument[] | undefined) => {
            if (ports.get(id) !== entry || entry.asked !== turn) return;
            const wants = watchlist === undefined ? asked : uniqueInstruments([asked, watchlist]);
            entry.wants = wants;
            entry.wanted = new Set(wants.map(instrumentKey));
            entry.reach = reachOf(account, wants);
            // A page that came back takes over what the last worker saved for it.
            restored = [];
            clearTimer(restoredTimer);
            restoredTimer = undefined;
            outbox.snapshot(
              wants.flatMap((instrument) => quotes.get(instrumentKey(instrument)) ?? []),
              [...statuses.values()],
              accountSlice(deps.account.snapshot(), entry.reach),
              watchlist,
            );
            void reconcile();
          };
          if (!withWatchlist) apply(undefined);
          else
            void deps.watchlist().then(apply, () => {
              apply([]);
            });
        },
        disconnect() {
          if (!ports.delete(id)) return;
          outbox.close();
          void reconcile();
        },
      };
    },
    /**
     * On worker start, the keep-alive alarm and every message or port: reopens what is wanted, the first
     * time from what the last worker saved.
     */
    async restore(): Promise<void> {
      if (!loaded) {
        loaded = true;
        const saved = await deps.wanted.load();
        if (ports.size === 0 && saved.length > 0) {
          restored = saved;
          restoredTimer = {
            handle: deps.timers.setTimeout(() => {
              restoredTimer = undefined;
              restored = [];
              void reconcile();
            }, timing.graceMs),
          };
        }
      }
      await reconcile();
    },
    /** The browser is online again: every exchange's sockets stop waiting out their backoff. */
    networkBack(): void {
      for (const id of EXCHANGE_IDS) feeds[id].reconnectNow();
    },
    /** Something in the worker itself needs data (the badge's PnL). */
    setBackgroundNeed(need: boolean): Promise<void> {
      backgroundNeed = need;
      return reconcile();
    },
    /** The instruments the content scripts of browser tab `tabId` follow right now. */
    tabInstruments(tabId: number): WantedInstrument[] {
      return uniqueInstruments(
        [...ports.values()].filter((port) => port.tabId === tabId).map((port) => port.wants),
      );
    },
    onStatus(listener: (status: readonly FeedStatus[]) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
