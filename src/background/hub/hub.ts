import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import {
  STALE_AFTER_MS,
  type ConnectionStatus,
  type HubPortMessage,
  type PortQuote,
  type WantedInstrument,
} from '../../contracts/ports';
import type { ExchangeId, TimerHandle } from '../../exchanges';
import { CHART_INSTRUMENTS_FULL, overChartCap, type ChartWantCheck } from './chart-instrument-cap';
import { createExchangeLink, type ExchangeLink } from './exchange-link';
import type { HubDeps, HubTiming } from './hub-types';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import { uniqueInstruments } from './wanted-instruments';
import { createInstrumentSteps } from './instrument-steps';
import { accountSlice, ownReach, touchedSections, type AccountReach } from './port-account';
import { createChartOutbox, type Outbox } from './chart-outbox';
import { createPortCoalescer } from './port-coalescer';
import { createPushBatch } from './push-batch';
import { CHART_SWITCHES_TOO_OFTEN, createTabWantRate } from './tab-want-rate';

export const DEFAULT_HUB_TIMING: HubTiming = {
  // One frame at 60 Hz: a page cannot paint faster, so a shorter wait shows nothing sooner, and a longer
  // one holds a tick back from the screen (at 100 ms, a tick waited up to 100 ms: docs/benchmarks.md "What the benchmarks lifted in the product").
  coalesceMs: 16,
  staleAfterMs: STALE_AFTER_MS,
  pollEveryMs: 5_000,
  graceMs: 60_000,
};

/**
 * How much of the account a page asks for: `whole` (extension pages), `own` (the positions on the
 * instruments it follows: what a content script gets), or `none`.
 */
export type AccountWant = AccountReach['kind'];

/** A chart page's content script, and the browser tab it runs in. */
export interface ChartPage {
  readonly tabId: number | undefined;
}

/** What one connected page holds: replace its wants, or leave. */
export interface HubPort {
  /**
   * `account` defaults to none. With `watchlist`, the saved watchlist's quotes are wanted too and the
   * snapshot lists the watchlist.
   */
  want(quotes: readonly WantedInstrument[], account?: AccountWant, watchlist?: boolean): void;
  /** An extension page applied the last message: the next may go at once (port-coalescer.ts). */
  taken(): void;
  disconnect(): void;
}

interface PortEntry {
  wanted: ReadonlySet<InstrumentKey>;
  wants: readonly WantedInstrument[];
  reach: AccountReach;
  /** Counts wants, so a want still reading the watchlist does not undo a newer one. */
  asked: number;
  /** Set for a chart page's content script, which the chart budgets hold; undefined for extension pages. */
  readonly chart: ChartPage | undefined;
  readonly outbox: Outbox;
}

function reachOf(account: AccountWant, wants: readonly WantedInstrument[]): AccountReach {
  return account === 'own' ? ownReach(wants) : { kind: account };
}

/**
 * The hub: every page's wants, ref-counted into one set of subscriptions per exchange (the Exchange
 * shares sockets and topics below that); quotes and status fanned out per port, coalesced; sockets kept
 * for a grace period after the last need, then closed so the worker may sleep.
 */
export function createHub(deps: HubDeps) {
  const timing = { ...DEFAULT_HUB_TIMING, ...deps.timing };
  const ports = new Map<number, PortEntry>();
  const quotes = new Map<InstrumentKey, PortQuote>();
  const statuses = new Map<ExchangeId, ConnectionStatus>();
  const statusListeners = new Set<(status: readonly ConnectionStatus[]) => void>();
  const tabWantListeners = new Set<(tabId: number) => void>();
  /** A chart tab's instruments changed (a new want, or its port gone): the side panel follows them. */
  const tabWantsChanged = (chart: ChartPage | undefined) => {
    if (chart?.tabId === undefined) return;
    for (const listener of tabWantListeners) listener(chart.tabId);
  };
  let nextPortId = 1;
  let backgroundNeed = false;
  /**
   * What the worker itself watches (alerts): those quotes, and the account streams, each alone. Unlike a
   * page or the badge, they open nothing else (not the watchlist).
   */
  let backgroundInstruments: readonly WantedInstrument[] = [];
  let backgroundAccount = false;
  /** Wants saved before the worker last stopped: held until their pages reconnect or the grace ends. */
  let restored: readonly WantedInstrument[] = [];
  let restoredTimer: { readonly handle: TimerHandle } | undefined;
  let loaded = false;
  let graceTimer: { readonly handle: TimerHandle } | undefined;
  /** Syncs run one after another: each reads the registry, and a later want must win. */
  let syncing: Promise<void> = Promise.resolve();

  const chartRate = createTabWantRate({ clock: deps.clock, timers: deps.timers });
  const pushes = createPushBatch();
  const steps = createInstrumentSteps(deps.instrumentLists);
  const links = Object.fromEntries(
    EXCHANGE_IDS.map((id) => [
      id,
      createExchangeLink({
        id,
        registry: deps.registry,
        portfolio: deps.portfolio,
        hasCredentials: () => deps.hasCredentials(id),
        clock: deps.clock,
        timers: deps.timers,
        timing,
        steps,
        batch: pushes.run,
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
  ) as Record<ExchangeId, ExchangeLink>;

  /** Pages (or the badge) need the watchlist and the account streams as a popup shows them. */
  const pagesNeed = () => ports.size > 0 || backgroundNeed || restored.length > 0;
  const needed = () => pagesNeed() || backgroundInstruments.length > 0 || backgroundAccount;
  const portWants = () => [...ports.values()].map((port) => port.wants);

  /**
   * What chart port `id` asking for `asked` is weighed against: the other chart pages' wants, and what
   * streams anyway for the watchlist and the extension pages (free for chart pages: it costs nothing more).
   */
  function chartWantCheck(
    id: number,
    asked: readonly WantedInstrument[],
    watchlist: readonly WantedInstrument[],
  ): ChartWantCheck {
    const others = [...ports].filter(([other]) => other !== id).map(([, port]) => port);
    const extensionWants = others.filter((port) => port.chart === undefined).map((port) => port.wants);
    return {
      otherCharts: others.filter((port) => port.chart !== undefined).map((port) => port.wants),
      current: ports.get(id)?.wants ?? [],
      asked,
      free: new Set([watchlist, ...extensionWants].flat().map(instrumentKey)),
    };
  }

  function clearTimer(timer: { readonly handle: TimerHandle } | undefined): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer.handle);
  }

  async function syncNow(): Promise<void> {
    if (!needed()) return;
    const pages = pagesNeed();
    const wanted = uniqueInstruments([
      ...portWants(),
      restored,
      backgroundInstruments,
      pages ? await deps.watchlist() : [],
    ]);
    await Promise.all(
      EXCHANGE_IDS.map((id) =>
        links[id].sync(
          wanted.filter((instrument) => instrument.exchange === id),
          pages || backgroundAccount,
        ),
      ),
    );
  }

  function closeAfterGrace(): void {
    graceTimer = undefined;
    if (needed()) return;
    for (const id of EXCHANGE_IDS) links[id].release();
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
    /**
     * A page connected. `chart` is set for a chart page's content script: its wants are held to its tab's
     * rate and to the cap on what chart pages follow, and one over either is refused in words while the
     * port keeps what it had (one over the rate is applied once the tab has room again).
     */
    connect(send: (message: HubPortMessage) => void, chart?: ChartPage): HubPort {
      const id = nextPortId++;
      const reach = (): AccountReach => ports.get(id)?.reach ?? { kind: 'none' };
      const coalescer = createPortCoalescer({
        clock: deps.clock,
        timers: deps.timers,
        intervalMs: timing.coalesceMs,
        send,
        batch: pushes,
        readAccount: (sections) => accountSlice(deps.account, reach(), sections),
      });
      const outbox =
        chart === undefined
          ? coalescer
          : createChartOutbox(coalescer, {
              timers: deps.timers,
              follows: (exchange) => ports.get(id)?.wants.some((want) => want.exchange === exchange) === true,
            });
      const entry: PortEntry = {
        wanted: new Set(),
        wants: [],
        reach: { kind: 'none' },
        asked: 0,
        chart,
        outbox,
      };
      ports.set(id, entry);

      /** Replaces this port's wants, unless a newer want comes first; reads the watchlist if it needs it. */
      const settle = (asked: readonly WantedInstrument[], account: AccountWant, withWatchlist: boolean) => {
        const turn = ++entry.asked;
        const apply = (watchlist: readonly WantedInstrument[] | undefined) => {
          if (ports.get(id) !== entry || entry.asked !== turn) return;
          if (chart !== undefined && overChartCap(chartWantCheck(id, asked, watchlist ?? []))) {
            send({ type: 'error', message: CHART_INSTRUMENTS_FULL });
            return;
          }
          const listed = withWatchlist ? watchlist : undefined;
          const wants = listed === undefined ? asked : uniqueInstruments([asked, listed]);
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
            accountSlice(deps.account, entry.reach),
            listed,
          );
          tabWantsChanged(chart);
          void reconcile();
        };
        // A chart page's cap leaves out what the watchlist streams anyway, so it needs the watchlist too.
        if (!withWatchlist && chart === undefined) apply(undefined);
        else
          void deps.watchlist().then(apply, () => {
            apply([]);
          });
      };

      return {
        want(asked, account = 'none', withWatchlist = false) {
          if (ports.get(id) !== entry) return;
          if (chart === undefined) {
            settle(asked, account, withWatchlist);
            return;
          }
          const now = chartRate.admit(chart.tabId, id, () => {
            settle(asked, account, withWatchlist);
          });
          if (!now) send({ type: 'error', message: CHART_SWITCHES_TOO_OFTEN });
        },
        taken() {
          if (ports.get(id) === entry && chart === undefined) coalescer.taken();
        },
        disconnect() {
          if (!ports.delete(id)) return;
          chartRate.forget(id);
          outbox.close();
          tabWantsChanged(chart);
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
      for (const id of EXCHANGE_IDS) links[id].reconnectNow();
    },
    /** Something in the worker itself needs data (the badge's PnL). */
    setBackgroundNeed(need: boolean): Promise<void> {
      backgroundNeed = need;
      return reconcile();
    },
    /** The quotes the worker itself watches (price alerts), and nothing else; an empty list releases them. */
    setBackgroundInstruments(instruments: readonly WantedInstrument[]): Promise<void> {
      backgroundInstruments = uniqueInstruments([instruments]);
      return reconcile();
    },
    /** Whether the worker itself watches the account (account alerts): its streams alone, no quotes. */
    setBackgroundAccount(on: boolean): Promise<void> {
      backgroundAccount = on;
      return reconcile();
    },
    /** The instruments the content scripts of browser tab `tabId` follow right now. */
    tabInstruments(tabId: number): WantedInstrument[] {
      return uniqueInstruments(
        [...ports.values()].filter((port) => port.chart?.tabId === tabId).map((port) => port.wants),
      );
    },
    /** Calls `listener` with a tab's id whenever what its chart pages follow may have changed. */
    onTabWants(listener: (tabId: number) => void): () => void {
      tabWantListeners.add(listener);
      return () => tabWantListeners.delete(listener);
    },
    onStatus(listener: (status: readonly ConnectionStatus[]) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
