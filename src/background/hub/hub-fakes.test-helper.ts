import {
  emptyQuote,
  type PositionProtection,
  type ExchangeStreams,
  type Exchange,
  type ExchangeId,
  type SocketStatusEvent,
  type StreamEvent,
  type StreamRequest,
  type Instrument,
  type InstrumentKind,
  type Quote,
  type TickerEvent,
} from '../../exchanges';
import type { AccountSnapshot, ExchangeRegistry, PortfolioWriter } from '../services';
import type { WantedInstrument } from '../../contracts/ports';
import { createPortfolio } from '../portfolio/portfolio-state';
import type { FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import type { HubDeps, WantedStore } from './hub-types';
import { createInstrumentLists } from '../market/instrument-lists';
import { createHub } from './hub';

/**
 * An Exchange whose streams record subscriptions and let a test push events and status. Its instrument
 * lists answer from `instruments` (none by default), each fetch recorded in instrumentCalls.
 */
export function fakeExchange(
  id: ExchangeId,
  restQuote: (symbol: string) => Quote | undefined = () => undefined,
  instruments: (kind: InstrumentKind) => Promise<Instrument[]> = () => Promise.resolve([]),
) {
  const active = new Map<
    number,
    { readonly request: StreamRequest; readonly listener: (event: StreamEvent) => void }
  >();
  const statusListeners = new Set<(event: SocketStatusEvent) => void>();
  let next = 0;
  const restCalls: string[] = [];
  const instrumentCalls: InstrumentKind[] = [];
  const streams: ExchangeStreams = {
    subscribe(request, listener) {
      const key = next++;
      active.set(key, { request, listener });
      return () => active.delete(key);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
  const rest = {
    id,
    getQuote: (instrument: { symbol: string }) => {
      restCalls.push(`quote ${instrument.symbol}`);
      return Promise.resolve(restQuote(instrument.symbol));
    },
    getPositions: () => {
      restCalls.push('positions');
      return Promise.resolve([]);
    },
    getInstruments: (kind: InstrumentKind) => {
      instrumentCalls.push(kind);
      return instruments(kind);
    },
    getBalance: () => Promise.resolve(undefined),
    getOpenOrders: () => Promise.resolve([]),
  };
  const protection = {
    list: () => {
      restCalls.push('protection');
      return Promise.resolve([]);
    },
  };
  let reconnects = 0;
  const exchange = {
    id,
    streams,
    rest,
    protection,
    trade: {},
    close: () => undefined,
    reconnectNow: () => {
      reconnects += 1;
    },
  } as unknown as Exchange;
  return {
    exchange,
    /** How often the hub told the exchange the network was back. */
    reconnects: () => reconnects,
    restCalls,
    instrumentCalls,
    /** The requests subscribed right now. */
    subscriptions: () => [...active.values()].map(({ request }) => request),
    /** Hands a ticker to its instrument's listeners, like the Exchange routes pushes. */
    push(event: StreamEvent) {
      for (const { request, listener } of [...active.values()])
        if (!('instrument' in request) || !('symbol' in event) || request.instrument.symbol === event.symbol)
          listener(event);
    },
    status(event: SocketStatusEvent) {
      for (const listener of [...statusListeners]) listener(event);
    },
    statusListeners: () => statusListeners.size,
  };
}

export function fakeRegistry(exchanges: Partial<Record<ExchangeId, Exchange>>): ExchangeRegistry {
  return {
    exchange: (id) => Promise.resolve(exchanges[id]),
    onRebuild: () => () => undefined,
  };
}

/** Records what the hub writes to the portfolio. */
export function recordingPortfolio() {
  const stale: [ExchangeId, boolean][] = [];
  const accounts: [ExchangeId, AccountSnapshot][] = [];
  const quotes: Quote[] = [];
  const protections: [ExchangeId, readonly PositionProtection[]][] = [];
  const portfolio: PortfolioWriter = {
    replaceAccount: (exchange, snapshot) => accounts.push([exchange, snapshot]),
    replaceProtection: (exchange, listed) => protections.push([exchange, listed]),
    applyQuote: (quote) => quotes.push(quote),
    applyEvent: () => undefined,
    markStale: (exchange, isStale) => stale.push([exchange, isStale]),
  };
  return { portfolio, stale, accounts, quotes, protections };
}

export function memoryWantedStore(
  initial: readonly WantedInstrument[] = [],
): WantedStore & { saved: () => readonly WantedInstrument[] } {
  let saved = initial;
  return {
    load: () => Promise.resolve(saved),
    save: (wanted) => {
      saved = wanted;
      return Promise.resolve();
    },
    saved: () => saved,
  };
}

/** A perpetual's ticker. */
export function ticker(exchange: ExchangeId, symbol: string, last: string, ts = 1): TickerEvent {
  return { kind: 'ticker', ...emptyQuote(exchange, 'perpetual', symbol, ts), last };
}

/** A hub on fake time with no keys, no watchlist and nothing saved, unless a test says otherwise. */
export function testHub(time: FakeTime, registry: ExchangeRegistry, overrides: Partial<HubDeps> = {}) {
  return createHub({
    registry,
    portfolio: recordingPortfolio().portfolio,
    account: createPortfolio({ clock: time.clock }),
    hasCredentials: () => Promise.resolve(false),
    watchlist: () => Promise.resolve([]),
    wanted: memoryWantedStore(),
    instrumentLists: createInstrumentLists(time.clock),
    clock: time.clock,
    timers: time.timers,
    ...overrides,
  });
}

/** The BTC and ETH USDT perpetuals as a page wants them, per exchange. */
export const BTC: Record<ExchangeId, WantedInstrument> = {
  okx: { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  bybit: { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
};
export const ETH: Record<ExchangeId, WantedInstrument> = {
  okx: { exchange: 'okx', kind: 'perpetual', symbol: 'ETH-USDT-SWAP' },
  bybit: { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' },
};
