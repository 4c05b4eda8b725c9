import { describe, expect, it } from 'vitest';
import { createExchangeBuilder, type ExchangeBuilder } from '../../src/background/profiles/exchange-builder';
import type { RateSpendStore } from '../../src/background/profiles/rate-spends';
import type { RuntimeDeps } from '../../src/background/runtime-deps';
import {
  createExchange,
  type Exchange,
  type ExchangeId,
  type InstrumentKind,
  type RateLimiter,
  type RateSpend,
} from '../../src/exchanges/index';
import { simulatorPerSuite } from '../integration/exchange-harness';
import { simCredentials, trackedRuntime } from '../integration/profile-harness';
import { simAdmin } from '../integration/ws-harness';
import { budgetReport, describeWindows, overBudget, readRequestLog } from './request-windows';
import { byRun, recordScenario } from './scenario';

const SECTION = 'Rate budgets';
const TABS = byRun(20, 60);
const POPUPS = 2;
const SYMBOLS: Record<ExchangeId, readonly string[]> = {
  okx: ['BTC-USDT-SWAP', 'ETH-USDT-SWAP', 'SOL-USDT-SWAP'],
  bybit: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'],
};
const KINDS: readonly InstrumentKind[] = ['perpetual', 'spot'];

const runtime = trackedRuntime().runtime;

/**
 * The runtime's fetch, counting what is still on its way: a list call refused part-way (Bybit's open
 * orders asks five categories at once) rejects while its other requests are still out, and they must
 * land before the simulator's windows are cleared for the next burst.
 */
function drainingRuntime(): { runtime: RuntimeDeps; drained: () => Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const fetchCounted: RuntimeDeps['fetch'] = (url, init) => {
    const answer = runtime.fetch(url, init);
    inFlight.add(answer);
    const forget = () => inFlight.delete(answer);
    answer.then(forget, forget);
    return answer;
  };
  return {
    runtime: { ...runtime, fetch: fetchCounted },
    drained: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
const sim = simulatorPerSuite({ seed: 31 }, () => undefined);

/** A limiter that lets everything through at once: what the worker sent before it had one. */
const noLimiter: RateLimiter = {
  acquire: () => Promise.resolve(() => undefined),
  hold: () => undefined,
  spends: () => [],
};

/** storage.session in Node: it outlives a worker, as in the browser. */
function sessionStore(): RateSpendStore {
  const kept: Partial<Record<ExchangeId, readonly RateSpend[]>> = {};
  return {
    load: () => Promise.resolve({ ...kept }),
    save: (exchange, spends) => {
      kept[exchange] = spends;
      return Promise.resolve();
    },
  };
}

/** One worker's Exchange builder: with the product's limiters (kept in `session`), or none at all. */
function worker(session: RateSpendStore | { readonly unlimited: RuntimeDeps }): ExchangeBuilder {
  const simulatorAddress = () => Promise.resolve({ restUrl: sim().url, wsUrl: sim().wsUrl });
  return 'unlimited' in session
    ? createExchangeBuilder({
        simulatorAddress,
        runtime: session.unlimited,
        create: (options) => createExchange({ ...options, rateLimiter: noLimiter }),
      })
    : createExchangeBuilder({ simulatorAddress, runtime, rateSpends: session });
}

const build = (from: ExchangeBuilder, exchange: ExchangeId) =>
  from(
    { exchange, enabled: true, environment: 'simulator', region: undefined },
    simCredentials(sim(), exchange),
  );

/**
 * What a cold worker is asked over REST when every tab and popup connects at once, with none of the
 * worker's caching or folding above the Exchange: each tab its quote, its kind's instrument list and the
 * account snapshot (positions, balance, open orders); each popup the key audit (clock sync, balance,
 * key info, on a throw-away Exchange as testConnection builds it) and the instrument search's lists.
 */
async function coldStart(from: ExchangeBuilder): Promise<readonly PromiseSettledResult<unknown>[]> {
  const built = new Map<ExchangeId, Exchange>();
  const closers: Exchange[] = [];
  for (const exchange of ['okx', 'bybit'] as const) {
    const client = await build(from, exchange);
    built.set(exchange, client);
    closers.push(client);
  }
  const asks: Promise<unknown>[] = [];
  for (let tab = 0; tab < TABS; tab += 1) {
    const exchange: ExchangeId = tab % 2 === 0 ? 'okx' : 'bybit';
    const rest = built.get(exchange)?.rest;
    if (rest === undefined) throw new Error(`no ${exchange} Exchange`);
    const symbol = SYMBOLS[exchange][tab % 3] ?? '';
    asks.push(
      rest.getQuote({ kind: 'perpetual', symbol }),
      rest.getInstruments(KINDS[tab % 2] ?? 'perpetual', { refresh: true }),
      rest.getPositions(),
      rest.getBalance(),
      rest.getOpenOrders(),
    );
  }
  for (let popup = 0; popup < POPUPS; popup += 1) {
    for (const exchange of ['okx', 'bybit'] as const) {
      const audit = await build(from, exchange);
      closers.push(audit);
      asks.push(audit.rest.syncClock(), audit.rest.getBalance(), audit.rest.getAccountConfig());
      const rest = built.get(exchange)?.rest;
      for (const kind of KINDS)
        if (rest !== undefined) asks.push(rest.getInstruments(kind, { refresh: true }));
    }
  }
  const outcomes = await Promise.allSettled(asks);
  for (const client of closers) client.close();
  return outcomes;
}

const rejected = (outcomes: readonly PromiseSettledResult<unknown>[]) =>
  outcomes.filter((outcome) => outcome.status === 'rejected');

describe('rate budgets: a cold worker asked by every tab at once', () => {
  it(`${String(TABS)} tabs and ${String(POPUPS)} popups through the worker's Exchanges stay inside every published limit, and again after a restart`, async ({
    task,
  }) => {
    // Without a limiter the same burst goes over: the scenario can fail.
    const unlimited = drainingRuntime();
    await coldStart(worker({ unlimited: unlimited.runtime }));
    await unlimited.drained();
    const before = budgetReport(await readRequestLog(sim().url));
    expect(overBudget(before)).not.toEqual([]);
    await simAdmin(sim(), 'reset');

    const session = sessionStore();
    const startedAt = Date.now();
    const cold = await coldStart(worker(session));
    const coldMs = Date.now() - startedAt;
    // The worker stopped and started again at once: new limiters, and every tab asks again while the
    // exchange still counts the last worker's requests (the new limiters start from session storage).
    const restartedAt = Date.now();
    const restart = await coldStart(worker(session));
    const restartMs = Date.now() - restartedAt;
    const report = budgetReport(await readRequestLog(sim().url));

    expect(rejected(cold)).toEqual([]);
    expect(rejected(restart)).toEqual([]);
    expect(report.refusals).toEqual([]);
    expect(overBudget(report)).toEqual([]);
    recordScenario(task, {
      section: SECTION,
      scenario: `Cold worker: ${String(TABS)} tabs and ${String(POPUPS)} popups ask at once, then again after a restart (Node, real Exchanges)`,
      injected:
        "every tab's quote, instrument list and account snapshot and every popup's key audit and instrument search, asked at once through one worker's Exchanges (no caching above the Exchange), against the simulator's rate limits",
      times: `${String(cold.length)} REST calls at once, twice (cold start, then a new worker at once)`,
      result: `all answered (cold ${(coldMs / 1000).toFixed(1)} s, restart ${(restartMs / 1000).toFixed(1)} s), 0 rate-limit answers; without the limiter the same burst went over (${overBudget(before).join('; ')}) and drew ${String(before.refusals.length)} refusals. Both bursts, worst window of any start: ${describeWindows(report)}`,
    });
  });
});
