import type { ConnectionState, ConnectionStatus, PortQuote, WantedInstrument } from '../../contracts/ports';
import type {
  Clock,
  Exchange,
  ExchangeId,
  Quote,
  SocketState,
  SocketStatusEvent,
  StreamEvent,
  TimerHandle,
  Timers,
} from '../../exchanges';
import type { ExchangeRegistry, PortfolioWriter } from '../services';
import type { HubTiming } from './hub-types';
import type { InstrumentSteps, InstrumentStepsSource } from './instrument-steps';
import { fallbackProblem } from './fallback-problem';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import { toInstrumentRef } from './wanted-instruments';

const ACCOUNT_STREAMS = ['orders', 'positions', 'balances', 'protection'] as const;

export interface ExchangeLinkDeps {
  readonly id: ExchangeId;
  readonly registry: ExchangeRegistry;
  readonly portfolio: PortfolioWriter;
  readonly hasCredentials: () => Promise<boolean>;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly timing: HubTiming;
  readonly steps: InstrumentStepsSource;
  /** Handles one push or REST quote, so what it changes reaches each page in one message (push-batch.ts). */
  readonly batch: (handle: () => void) => void;
  readonly onQuote: (quote: PortQuote) => void;
  readonly onStatus: (status: ConnectionStatus) => void;
}

function portQuote(instrument: WantedInstrument, quote: Quote, steps: InstrumentSteps): PortQuote {
  const { last, bid, ask, mark, open24h } = quote;
  const prices = Object.fromEntries(
    Object.entries({ last, bid, ask, mark, open24h }).filter(([, value]) => value !== undefined),
  );
  return {
    exchange: instrument.exchange,
    kind: instrument.kind,
    symbol: instrument.symbol,
    ts: quote.ts,
    ...prices,
    ...steps,
  };
}

function connectionState(states: Iterable<SocketState>, subscribed: boolean): ConnectionState {
  const all = [...states];
  if (!subscribed) return 'idle';
  if (all.some((state) => state === 'reconnecting' || state === 'error')) return 'down';
  return all.length > 0 && all.every((state) => state === 'connected') ? 'live' : 'connecting';
}

/**
 * One exchange's share of the hub: the quote topics the ports want, the account streams while keys are
 * unlocked, the sockets' state and data age, and REST snapshots while the stream is stale.
 */
export function createExchangeLink(deps: ExchangeLinkDeps) {
  const { id, timers, clock, timing } = deps;
  let exchange: Exchange | undefined;
  const quoteStops = new Map<
    InstrumentKey,
    { readonly instrument: WantedInstrument; readonly stop: () => void }
  >();
  let accountStops: (() => void)[] = [];
  let stopStatus: (() => void) | undefined;
  const sockets = new Map<string, SocketState>();
  /** Data age of each market-data socket. */
  const ages = new Map<string, number | undefined>();
  /**
   * Sockets that logged in (or were refused at login) carry the account and trading: they are silent
   * while nothing changes in it, so neither their silence nor their reconnects say anything about how
   * fresh prices are; they are reported apart, as the connection's `account` state.
   */
  const accountSockets = new Set<string>();
  /** Account sockets logged in on their current connection: an open socket is not yet the account. */
  const loggedIn = new Set<string>();
  /** Account sockets whose last login was refused: down, whatever their connection does, until accepted. */
  const refused = new Set<string>();
  let subscribedAt = 0;
  let stale = false;
  let lastError: string | undefined;
  /** Why the last account snapshot failed; cleared by the next one that succeeds. */
  let accountProblem: string | undefined;
  let poll: { readonly handle: TimerHandle } | undefined;
  let published: ConnectionStatus | undefined;

  /** Whether a market-data socket pushed nothing for too long (or nothing at all since subscribing). */
  function marketSilentTooLong(): boolean {
    const sinceSubscribed = clock.now() - subscribedAt;
    return [...ages.values()].some((age) => (age ?? sinceSubscribed) > timing.staleAfterMs);
  }

  const subscribed = () => quoteStops.size > 0 || accountStops.length > 0;

  /** The state of the market sockets (`account` false) or of the account sockets (`account` true). */
  function statesOf(account: boolean): SocketState[] {
    return [...sockets]
      .filter(([socket]) => accountSockets.has(socket) === account)
      .map(([socket, state]) => (account ? accountSocketState(socket, state) : state));
  }

  /**
   * An account socket carries the account only once the exchange accepted its login: a reconnect opens
   * it before the key is checked, and a key the exchange keeps refusing must not flash live between tries.
   */
  function accountSocketState(socket: string, state: SocketState): SocketState {
    if (refused.has(socket)) return 'error';
    return state === 'connected' && !loggedIn.has(socket) ? 'connecting' : state;
  }

  function status(): ConnectionStatus {
    const known = [...ages.values()].filter((age) => age !== undefined);
    const dataAgeMs = known.length === 0 ? undefined : Math.max(...known);
    const account = statesOf(true);
    // The account's own failure first: it says what on the screen may be out of date.
    const problem = accountProblem ?? lastError;
    return {
      exchange: id,
      state: connectionState(statesOf(false), subscribed()),
      stale,
      ...(dataAgeMs === undefined ? {} : { dataAgeMs }),
      ...(problem === undefined ? {} : { lastError: problem }),
      ...(account.length === 0 ? {} : { account: connectionState(account, subscribed()) }),
    };
  }

  function publish(): void {
    const next = status();
    if (JSON.stringify(next) === JSON.stringify(published)) return;
    published = next;
    deps.onStatus(next);
  }

  function setStale(next: boolean): void {
    if (next === stale) return;
    stale = next;
    deps.portfolio.markStale(id, next);
    if (next) void pollRest();
    else if (poll !== undefined) {
      timers.clearTimeout(poll.handle);
      poll = undefined;
    }
    publish();
  }

  /** The account snapshot on its way, and whether another was asked for meanwhile. */
  let snapshotRun: { again: boolean } | undefined;

  /**
   * Snapshots the account over REST, at most one at a time: asks arriving meanwhile (each socket and
   * each topic batch confirms its subscription on its own) are folded into one more run afterwards, so a
   * burst of confirmations costs two snapshots, not one per confirmation, and stays inside the
   * exchanges' position-endpoint limits (docs/protocol.md "Rate limits").
   */
  function refreshAccount(from: Exchange): Promise<void> {
    if (snapshotRun !== undefined) {
      snapshotRun.again = true;
      return Promise.resolve();
    }
    const run = { again: false };
    snapshotRun = run;
    return snapshotAccount(from).finally(() => {
      snapshotRun = undefined;
      if (run.again && from === exchange && accountStops.length > 0) void refreshAccount(from);
    });
  }

  async function snapshotAccount(from: Exchange): Promise<void> {
    try {
      const [positions, balance, orders] = await Promise.all([
        from.rest.getPositions(),
        from.rest.getBalance(),
        from.rest.getOpenOrders(),
      ]);
      if (from === exchange && accountStops.length > 0)
        deps.portfolio.replaceAccount(id, { positions, balance, orders });
      accountProblem = undefined;
    } catch (error) {
      accountProblem = fallbackProblem(id, 'the account', error);
    }
    await listProtection(from);
    publish();
  }

  /**
   * The stops and targets, listed with every account snapshot: pushes sent before the protection topics
   * were confirmed are lost. A failed listing leaves them unknown (the rows show no status) rather than
   * making the whole account look down: the positions themselves are fine.
   */
  async function listProtection(from: Exchange): Promise<void> {
    try {
      const listed = await from.protection.list();
      if (from === exchange && accountStops.length > 0) deps.portfolio.replaceProtection(id, listed);
    } catch {
      // Unknown until the next snapshot; an exchange without stops yet refuses every listing.
    }
  }

  /** While stale: every wanted quote (and the account) over REST, again every pollEveryMs. */
  async function pollRest(): Promise<void> {
    poll = undefined;
    const from = exchange;
    if (from === undefined || !stale) return;
    // Scheduled first: recovery (setStale(false)) or a rebuilt Exchange cancels it.
    poll = {
      handle: timers.setTimeout(() => {
        void pollRest();
      }, timing.pollEveryMs),
    };
    const wanted = [...quoteStops.values()].map((entry) => entry.instrument);
    await Promise.all([
      ...wanted.map(async (instrument) => {
        try {
          const quote = await from.rest.getQuote(toInstrumentRef(instrument));
          if (quote === undefined || from !== exchange || !stale) return;
          deps.batch(() => {
            deps.portfolio.applyQuote(quote);
            deps.onQuote(portQuote(instrument, quote, deps.steps.of(from, instrument)));
          });
        } catch (error) {
          lastError = fallbackProblem(id, 'prices', error);
        }
      }),
      ...(accountStops.length > 0 ? [refreshAccount(from)] : []),
    ]);
    publish();
  }

  function onSocketStatus(event: SocketStatusEvent): void {
    if (event.type === 'state') {
      sockets.set(event.socket, event.state);
      if (event.state !== 'connected') loggedIn.delete(event.socket);
    } else if (event.type === 'subscribed') {
      lastError = undefined;
      if (exchange !== undefined && accountStops.length > 0) void refreshAccount(exchange);
    } else if (event.type === 'error') {
      lastError = event.message;
      // A socket refused at login carries the account: its retries say nothing about the prices.
      if (event.reason === 'login-failed') {
        accountSockets.add(event.socket);
        refused.add(event.socket);
      }
    } else if (event.type === 'logged-in') {
      accountSockets.add(event.socket);
      loggedIn.add(event.socket);
      refused.delete(event.socket);
      ages.delete(event.socket);
    } else if (!accountSockets.has(event.socket)) {
      // Only the data ages end a stale spell: a first tick after a reconnect may come while another
      // socket's data is still old, and the age it reports is the one a trader is shown.
      ages.set(event.socket, event.ageMs);
      setStale(marketSilentTooLong());
    }
    publish();
  }

  function onEvent(from: Exchange, instrument: WantedInstrument | undefined, event: StreamEvent): void {
    deps.batch(() => {
      deps.portfolio.applyEvent(event);
      if (event.kind !== 'ticker' || instrument === undefined) return;
      deps.onQuote(portQuote(instrument, event, deps.steps.of(from, instrument)));
    });
  }

  function stopAll(): void {
    for (const { stop } of quoteStops.values()) stop();
    quoteStops.clear();
    for (const stop of accountStops) stop();
    accountStops = [];
    stopStatus?.();
    stopStatus = undefined;
    sockets.clear();
    ages.clear();
    accountSockets.clear();
    loggedIn.clear();
    refused.clear();
    lastError = undefined;
    accountProblem = undefined;
    setStale(false);
  }

  async function syncAccount(from: Exchange, wantAccount: boolean): Promise<void> {
    const open = wantAccount && (await deps.hasCredentials());
    if (from !== exchange) return;
    if (open && accountStops.length === 0)
      accountStops = ACCOUNT_STREAMS.map((kind) =>
        from.streams.subscribe({ kind }, (event) => {
          onEvent(from, undefined, event);
        }),
      );
    else if (!open) {
      for (const stop of accountStops) stop();
      accountStops = [];
    }
  }

  return {
    /**
     * Subscribes what `wanted` lists (this exchange's instruments) and drops what it no longer lists; the
     * account streams when `wantAccount` and keys are unlocked. A rebuilt Exchange starts over.
     */
    async sync(wanted: readonly WantedInstrument[], wantAccount: boolean): Promise<void> {
      const current = await deps.registry.exchange(id);
      if (current !== exchange) {
        stopAll();
        exchange = current;
      }
      if (current === undefined) {
        publish();
        return;
      }
      const keys = new Set(wanted.map(instrumentKey));
      for (const [key, { stop }] of quoteStops)
        if (!keys.has(key)) {
          stop();
          quoteStops.delete(key);
        }
      if (stopStatus === undefined && (wanted.length > 0 || wantAccount)) {
        subscribedAt = clock.now();
        stopStatus = current.streams.onStatus(onSocketStatus);
      }
      for (const instrument of wanted) {
        const key = instrumentKey(instrument);
        if (quoteStops.has(key)) continue;
        const stop = current.streams.subscribe(
          { kind: 'quote', instrument: toInstrumentRef(instrument) },
          (event) => {
            onEvent(current, instrument, event);
          },
        );
        quoteStops.set(key, { instrument, stop });
      }
      await syncAccount(current, wantAccount);
      if (!subscribed()) stopAll();
      publish();
    },
    /** The network is back: the sockets waiting out a backoff try again now. */
    reconnectNow(): void {
      exchange?.reconnectNow();
    },
    /** Stops every topic of this exchange, so its sockets close and the worker may sleep. */
    release(): void {
      stopAll();
      publish();
    },
  };
}

export type ExchangeLink = ReturnType<typeof createExchangeLink>;
