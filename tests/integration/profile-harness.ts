import WebSocket from 'ws';
import { createExchangeBuilder, type ExchangeBuilder } from '../../src/background/profiles/exchange-builder';
import {
  createExchangeRegistry,
  type ClosableExchangeRegistry,
} from '../../src/background/profiles/exchange-registry';
import {
  createFakeCredentials,
  createFakeProfiles,
} from '../../src/background/profiles/profile-fakes.test-helper';
import type { ExchangeCredentials } from '../../src/background/services';
import type { RuntimeDeps } from '../../src/background/runtime-deps';
import type { ExchangeId } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { Inbox, realClock, realTimers } from './ws-harness';

/** The simulator's demo keys in the shape the vault hands out. */
export function simCredentials(sim: RunningSimulator, exchange: ExchangeId): ExchangeCredentials {
  if (exchange === 'okx') {
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    return { apiKey, secret: secretKey, passphrase };
  }
  const { apiKey, apiSecret } = sim.accounts.bybit;
  return { apiKey, secret: apiSecret };
}

/** One socket the core opened: where to, and whether it is closed yet. */
export interface OpenedSocket {
  readonly url: string;
  readonly socket: WebSocket;
  readonly closed: Promise<void>;
  /** Settles when the socket opens; rejects if it closes first. */
  readonly opened: Promise<void>;
}

/** The worker's runtime deps on Node, with every socket the core opens recorded in `sockets`. */
export function trackedRuntime(): { runtime: RuntimeDeps; sockets: Inbox<OpenedSocket> } {
  const sockets = new Inbox<OpenedSocket>();
  return {
    sockets,
    runtime: {
      fetch: (url, init) => fetch(url, init as RequestInit),
      clock: realClock,
      timers: realTimers,
      createSocket: (url) => {
        const socket = new WebSocket(url);
        const closed = new Promise<void>((resolve) =>
          socket.once('close', () => {
            resolve();
          }),
        );
        const opened = new Promise<void>((resolve, reject) => {
          socket.once('open', () => {
            resolve();
          });
          socket.once('close', () => {
            reject(new Error(`${url} closed before it opened`));
          });
        });
        // Not every test waits for it: a socket closed unopened must not be an unhandled rejection.
        opened.catch(() => undefined);
        sockets.push({ url, socket, closed, opened });
        return socket;
      },
    },
  };
}

/** The worker's exchange builder, pointed at the simulator (a development build's simulator profile). */
export function simExchangeBuilder(
  sim: RunningSimulator,
  runtime: RuntimeDeps = trackedRuntime().runtime,
): ExchangeBuilder {
  return createExchangeBuilder({
    simulatorAddress: () => Promise.resolve({ restUrl: sim.url, wsUrl: sim.wsUrl }),
    runtime,
  });
}

/**
 * The worker's exchange registry on the simulator, its vault unlocked with both demo keys: the one
 * Exchange per account that the hub and the close service share.
 */
export function simRegistry(
  sim: RunningSimulator,
  runtime: RuntimeDeps = trackedRuntime().runtime,
): ClosableExchangeRegistry {
  const credentials = createFakeCredentials();
  for (const exchange of ['okx', 'bybit'] as const) credentials.set(exchange, simCredentials(sim, exchange));
  return createExchangeRegistry({
    profiles: createFakeProfiles(),
    credentials,
    build: simExchangeBuilder(sim, runtime),
    watchSimulatorAddress: () => () => undefined,
  });
}
