import {
  createExchange,
  type Clock,
  type Exchange,
  type ExchangeId,
  type InstrumentRef,
  type Timers,
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
 * Real time and Node's fetch by default; a test on fake time hands in the clock and timers it drives the
 * simulator with, a test may watch or hold the door's requests with its own fetch, and shorten how
 * long a trade-socket request waits.
 */
export interface DoorRuntime {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly fetch?: (url: string, init: object) => Promise<Response>;
  /** How long a trade-socket request waits for its answer (the door's default: 10 s). */
  readonly tradeTimeoutMs?: number;
}

/**
 * One exchange account on the simulator, through the door, with the demo keys and Node's sockets.
 * `wsBaseUrl` elsewhere (a closed port) keeps every socket down, so everything goes over REST.
 */
export function simExchange(
  sim: RunningSimulator,
  exchange: ExchangeId,
  wsBaseUrl = sim.wsUrl,
  runtime: DoorRuntime = { clock: realClock, timers: realTimers },
): Exchange {
  const deps = {
    restBaseUrl: sim.url,
    wsBaseUrl,
    fetch: runtime.fetch ?? ((url: string, init: object) => fetch(url, init)),
    createSocket: nodeSocket,
    clock: runtime.clock,
    timers: runtime.timers,
    ...(runtime.tradeTimeoutMs === undefined ? {} : { tradeTimeoutMs: runtime.tradeTimeoutMs }),
  };
  if (exchange === 'okx') {
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    return createExchange({ exchange, ...deps, credentials: { apiKey, secret: secretKey, passphrase } });
  }
  const { apiKey, apiSecret } = sim.accounts.bybit;
  return createExchange({ exchange, ...deps, credentials: { apiKey, secret: apiSecret } });
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
