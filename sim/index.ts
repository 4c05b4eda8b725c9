import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { installDemoChart } from './demo/chart-page';
import { startLoadMode } from './load/load-driver';
import { Market } from './market/market';
import { createRng } from './market/rng';
import { installAccounts } from './private/install-accounts';
import { installPublicRest } from './public/install-rest';
import { installPublicSockets } from './public/install-sockets';
import {
  createCredentials,
  createFaults,
  type DemoCredentials,
  type SimContext,
  type SimOptions,
} from './server/context';
import { HeldWork } from './server/held-work';
import { HttpRouter } from './server/http';
import { startMarketClock } from './server/market-clock';
import { SocketHub } from './server/sockets';
import { monotonicClock, realTimers, wallClock, type SimClock, type SimTimers } from './server/time';
import { errorMessage } from './server/error-message';

export type { SimContext, SimFaults, DemoCredentials, SimOptions } from './server/context';
export type { SimClock, SimTimers } from './server/time';

/** How to start a simulator. Every field is optional; defaults are the real exchanges' behaviour. */
export interface StartOptions extends Partial<SimOptions> {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Same seed, same keys and same market walk. Default 1. */
  seed?: number;
  /**
   * Server time (before `clockSkewMs`) and, when given, elapsed time too. Default: the wall clock
   * for server time and a monotonic clock for elapsed time.
   */
  clock?: SimClock;
  /** Every heartbeat, idle check, publisher, load tick and latency fault. Default: Node's timers. */
  timers?: SimTimers;
}

/** A running simulator: the CLI prints `{url, wsUrl, accounts}` as its first line. */
export interface RunningSimulator {
  url: string;
  wsUrl: string;
  accounts: DemoCredentials;
  /** For tests that reach inside (faults, market). */
  ctx: SimContext;
  /** Closes every socket and the server. */
  stop(): Promise<void>;
}

/** Starts OKX v5 + Bybit v5 on one loopback port. */
export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const rng = createRng(options.seed ?? 1);
  const faults = createFaults();
  const clock = options.clock ?? wallClock;
  const elapsed = options.clock ?? monotonicClock;
  const timers = options.timers ?? realTimers;
  const now = (): number => clock.now() + faults.clockSkewMs;
  const simOptions: SimOptions = {
    okxIdleMs: options.okxIdleMs ?? 30_000,
    bybitIdleMs: options.bybitIdleMs ?? 600_000,
    tickMs: options.tickMs ?? 100,
    rate: options.rate ?? 0,
    extraCoins: options.extraCoins ?? 0,
  };
  const ctx: SimContext = {
    now,
    monotonicNow: () => elapsed.now(),
    timers,
    held: new HeldWork(timers),
    rng,
    faults,
    credentials: createCredentials(rng),
    market: new Market(rng, now, simOptions.extraCoins),
    options: simOptions,
    http: new HttpRouter(now),
    sockets: new SocketHub({
      okxIdleMs: simOptions.okxIdleMs,
      bybitIdleMs: simOptions.bybitIdleMs,
      monotonicNow: () => elapsed.now(),
      timers,
      rng,
      refuseNew: () => faults.refuseSockets,
    }),
  };

  const disarmAccounts = installAccounts(ctx);
  installPublicRest(ctx);
  installDemoChart(ctx);
  const stopPublicSockets = installPublicSockets(ctx);

  const server = createServer((request, response) => {
    void ctx.http.handle(request, response);
  });
  ctx.sockets.attach(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        resolve();
      });
    });
  } catch (error) {
    stopPublicSockets();
    await ctx.sockets.close();
    const reason = errorMessage(error);
    throw new Error(`Cannot listen on 127.0.0.1:${String(options.port ?? 0)}: ${reason}`, { cause: error });
  }
  // The market only starts moving once the port is ours.
  const stopClock = startMarketClock(ctx);
  const stopLoad = simOptions.rate > 0 ? startLoadMode(ctx, simOptions.rate) : () => undefined;
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    accounts: ctx.credentials,
    ctx,
    stop: async () => {
      disarmAccounts();
      ctx.held.drop();
      stopClock();
      stopLoad();
      stopPublicSockets();
      await ctx.sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
