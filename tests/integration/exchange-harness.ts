import {
  createExchange,
  type Exchange,
  type ExchangeId,
  type ExchangeOptions,
  type InstrumentRef,
} from '../../src/exchanges/index';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator, type StartOptions } from '../../sim/index';
import { nodeSocket, realClock, realTimers, simAdmin } from './ws-harness';

/** The most traded perpetual of each exchange, listed by the simulator as by the exchange. */
export const BTC_PERPETUAL: Record<ExchangeId, InstrumentRef> = {
  okx: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  bybit: { kind: 'perpetual', symbol: 'BTCUSDT' },
};

/**
 * What a test may hand the Exchange instead of Node's sockets, fetch and real time: a socket factory that
 * watches the wire, the clock and timers it drives the simulator with, a fetch that watches or holds
 * requests, and a shorter wait for a trade-socket answer (the Exchange's default: 10 s).
 */
export type ExchangeDeps = Partial<
  Pick<ExchangeOptions, 'createSocket' | 'clock' | 'timers' | 'tradeTimeoutMs'> & {
    readonly fetch: (url: string, init: object) => Promise<Response>;
  }
>;

/**
 * One exchange account on the simulator, through the Exchange, with the demo keys and Node's sockets.
 * `wsBaseUrl` elsewhere (a closed port) keeps every socket down, so everything goes over REST. `deps`
 * replaces the socket factory (one that watches the wire) or time (the simulator's fake time).
 */
export function simExchange(
  sim: RunningSimulator,
  exchange: ExchangeId,
  wsBaseUrl = sim.wsUrl,
  deps: ExchangeDeps = {},
): Exchange {
  const shared = {
    restBaseUrl: sim.url,
    wsBaseUrl,
    fetch: deps.fetch ?? ((url: string, init: object) => fetch(url, init)),
    createSocket: deps.createSocket ?? nodeSocket,
    clock: deps.clock ?? realClock,
    timers: deps.timers ?? realTimers,
    ...(deps.tradeTimeoutMs === undefined ? {} : { tradeTimeoutMs: deps.tradeTimeoutMs }),
  };
  if (exchange === 'okx') {
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    return createExchange({ exchange, ...shared, credentials: { apiKey, secret: secretKey, passphrase } });
  }
  const { apiKey, apiSecret } = sim.accounts.bybit;
  return createExchange({ exchange, ...shared, credentials: { apiKey, secret: apiSecret } });
}

/**
 * One simulator for a describe block: started before its tests, stopped after them, and reset after each
 * test once `cleanup` (closing what the test opened) has run. Returns the running simulator's getter.
 */
export function simulatorPerSuite(options: StartOptions, cleanup: () => void): () => RunningSimulator {
  let sim: RunningSimulator | undefined;
  const running = (): RunningSimulator => {
    if (sim === undefined) throw new Error('The simulator has not started.');
    return sim;
  };
  beforeAll(async () => {
    sim = await startSimulator(options);
  });
  afterAll(async () => {
    await sim?.stop();
  });
  afterEach(async () => {
    cleanup();
    await simAdmin(running(), 'reset');
  });
  return running;
}
