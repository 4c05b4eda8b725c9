import type { Market } from '../market/market';
import type { ExchangeId } from '../market/instruments';
import type { Rng } from '../market/rng';
import type { HeldWork } from './held-work';
import type { HttpRouter } from './http';
import type { SocketHub } from './sockets';
import type { SimTimers } from './time';

/**
 * Faults tests switch on through the admin API (`/__sim/`). Plain and mutable on purpose:
 * every part of the simulator reads the current value when it acts.
 */
export interface SimFaults {
  /** Added before every REST answer. */
  latencyMs: number;
  /** Added before every REST POST (orders, stops) only, so reads stay quick while a change is held. */
  postLatencyMs: number;
  /**
   * Added before every order operation on a trade socket (OKX private, Bybit /v5/trade) is carried out:
   * the order takes effect and is answered only then, even if the socket closed meanwhile.
   */
  tradeLatencyMs: number;
  /** When set, every exchange REST call answers with this HTTP status (5xx or 429). */
  httpStatus: null | 500 | 502 | 503 | 504 | 429;
  /** Added to the server clock (`ctx.now()`): server time, timestamp checks and push `ts` all follow. */
  clockSkewMs: number;
  /** Sockets stop answering pings (the client must detect a dead socket). */
  silentPings: boolean;
  /** WS login/auth and REST auth fail as if the key were unknown. */
  refuseLogins: boolean;
  /** Every new socket is refused at its upgrade (503), as when the exchange cannot be reached. */
  refuseSockets: boolean;
  /** The next OKX `books` update carries a wrong checksum (then it resets to false). */
  badChecksum: boolean;
  /**
   * The next OKX `books` update's prevSeqId is a seqId never sent, as if one update were lost (then it
   * resets to false). Its levels and checksum stay right, so only the sequence check can catch it.
   */
  okxSeqGap: boolean;
  /** The next Bybit `orderbook` delta (depth above 1) skips one `u`, its levels right (then it resets). */
  bybitSeqGap: boolean;
}

/** The demo accounts' credentials, derived from the seed (the CLI's first line prints them). */
export interface DemoCredentials {
  okx: { apiKey: string; secretKey: string; passphrase: string };
  bybit: { apiKey: string; apiSecret: string };
}

/** Tunables; the defaults are the real exchanges' values, tests shorten them. */
export interface SimOptions {
  /** OKX drops a socket with no subscription or data for this long (real: 30 s, docs/protocol.md "OKX sockets"). */
  okxIdleMs: number;
  /** Bybit drops a socket without ping or data for this long (real: 10 min, docs/protocol.md "Bybit sockets"). */
  bybitIdleMs: number;
  /** Market heartbeat: one random-walk step and a push round every this many ms. */
  tickMs: number;
  /** Load mode: book + ticker messages per second to subscribers (0 = off). */
  rate: number;
  /** Made-up coins (`ALT1`…) listed beside BTC, ETH and SOL, each on SOL's four markets (0 = none). */
  extraCoins: number;
}

/** Everything a route or socket handler may use. One per running simulator. */
export interface SimContext {
  /** Server time in ms, including `faults.clockSkewMs`. */
  now(): number;
  /** Elapsed-time ms for heartbeats and pacing: never skewed, never stepped by the wall clock. */
  monotonicNow(): number;
  /** Every timer the simulator sets goes through these (tests hand in fake ones). */
  readonly timers: SimTimers;
  /** What the latency faults hold back, until their hold ends or a test releases it. */
  readonly held: HeldWork;
  readonly rng: Rng;
  readonly market: Market;
  readonly credentials: DemoCredentials;
  readonly faults: SimFaults;
  readonly options: SimOptions;
  /** REST routes and middlewares: `ctx.http.route(…)`, `ctx.http.use(…)`. */
  readonly http: HttpRouter;
  /** Socket paths, sessions, pushes: `ctx.sockets.register(…)`, `publish`, `broadcast`, `drop()`. */
  readonly sockets: SocketHub;
}

export function createFaults(): SimFaults {
  return {
    latencyMs: 0,
    postLatencyMs: 0,
    tradeLatencyMs: 0,
    httpStatus: null,
    clockSkewMs: 0,
    silentPings: false,
    refuseLogins: false,
    refuseSockets: false,
    badChecksum: false,
    okxSeqGap: false,
    bybitSeqGap: false,
  };
}

/** Carries out a trade-socket order operation after the `tradeLatencyMs` fault; operations keep their order. */
export function afterTradeLatency(ctx: SimContext, operate: () => void): void {
  const delay = ctx.faults.tradeLatencyMs;
  if (delay > 0) ctx.held.hold(delay, operate);
  else operate();
}

/** Keys in the exchanges' own shapes: OKX a UUID-like key and 32-hex secret, Bybit 18/36 alphanumerics. */
export function createCredentials(rng: Rng): DemoCredentials {
  const hex = '0123456789abcdef';
  const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const uuid = [8, 4, 4, 4, 12].map((n) => rng.string(n, hex)).join('-');
  return {
    okx: {
      apiKey: uuid,
      secretKey: rng.string(32, hex).toUpperCase(),
      passphrase: `Perch-${rng.string(10, alnum)}`,
    },
    bybit: { apiKey: rng.string(18, alnum), apiSecret: rng.string(36, alnum) },
  };
}

/** Which exchange a REST path or socket path belongs to, or null for the simulator's own pages. */
export function exchangeOfPath(path: string): ExchangeId | null {
  if (path.startsWith('/api/v5/') || path.startsWith('/ws/v5/')) return 'okx';
  if (path.startsWith('/v5/')) return 'bybit';
  return null;
}
