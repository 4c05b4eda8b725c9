import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../src/contracts/ports';
import type { PortfolioView } from '../../src/contracts/portfolio';
import { createExchangeLink } from '../../src/background/hub/exchange-link';
import { createPortfolio } from '../../src/background/portfolio/portfolio-state';
import type { Exchange, ExchangeId } from '../../src/exchanges/index';
import { NO_SOCKETS, registryOf, simPositions } from '../integration/close-harness';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { Inbox, realClock, realTimers, simAdmin } from '../integration/ws-harness';
import { byRun, recordScenario } from './scenario';

/**
 * The account the popup shows while the exchange's REST answers 503 and its streams are down: the
 * hub's REST fallback fails, and the portfolio must keep the last positions it knew, marked not fresh.
 */
const POSITIONS_PATH: Record<ExchangeId, string> = {
  okx: '/api/v5/account/positions',
  bybit: '/v5/position/list',
};
const SIZE: Record<ExchangeId, number> = { okx: 3, bybit: 0.03 };
const NAMES: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };
const stops: (() => void)[] = [];
let exchange: Exchange | undefined;
const sim = simulatorPerSuite({ seed: 29, tickMs: 50 }, () => {
  for (const stop of stops.splice(0)) stop();
  exchange?.close();
});

const held = (view: PortfolioView) =>
  view.positions.map(({ symbol, side, sizeContracts }) => ({ symbol, side, sizeContracts }));

describe.each(['okx', 'bybit'] as const)('REST faults: the %s account in the portfolio', (id) => {
  it('keeps the last known positions, marked stale, through REST 503 polls; they stay right after', async ({
    task,
  }) => {
    const { symbol } = BTC_PERPETUAL[id];
    await simAdmin(sim(), 'position', { exchange: id, symbol, size: SIZE[id], avgPx: 60000, posSide: 'net' });
    // Every account poll the hub sends over REST, with the HTTP status it got.
    const polls = new Inbox<number>();
    exchange = simExchange(sim(), id, NO_SOCKETS, {
      clock: realClock,
      timers: realTimers,
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (new URL(url).pathname === POSITIONS_PATH[id]) polls.push(answer.status);
        return answer;
      },
    });
    const portfolio = createPortfolio({ clock: realClock });
    const views = new Inbox<PortfolioView>();
    stops.push(
      portfolio.onChange(() => {
        views.push(portfolio.snapshot());
      }),
    );
    const statuses = new Inbox<ConnectionStatus>();
    const link = createExchangeLink({
      id,
      registry: registryOf(id, exchange),
      portfolio,
      hasCredentials: () => Promise.resolve(true),
      clock: realClock,
      timers: realTimers,
      // No stream ever speaks here: stale at the first data-age report, then REST every 100 ms.
      timing: { coalesceMs: 100, staleAfterMs: 0, pollEveryMs: 100, graceMs: 0 },
      steps: { of: () => ({}) },
      batch: (handle) => {
        handle();
      },
      onQuote: () => undefined,
      onStatus: statuses.push,
    });
    stops.push(() => {
      link.release();
    });
    await link.sync([{ exchange: id, kind: 'perpetual', symbol }], true);

    const known = await views.waitFor((view) => view.positions.length === 1, 'the position over REST');
    const before = held(known);
    expect(before).toMatchObject([{ symbol, side: 'long' }]);
    await simAdmin(sim(), 'faults', { httpStatus: 503 });
    const failedPolls = byRun(3, 20);
    const from = polls.events.length;
    let failed = 0;
    await polls.waitFor(
      (status) => status === 503 && ++failed === failedPolls,
      `${failedPolls} failed polls`,
      20_000,
      from,
    );
    const during = portfolio.snapshot();
    expect(held(during)).toEqual(before);
    expect(during.freshness.find((f) => f.exchange === id)).toMatchObject({ stale: true });
    const words = `${NAMES[id]} did not answer (HTTP 503) when Perch asked for the account, so what Perch shows of the account may be out of date.`;
    const status = await statuses.waitFor(
      (s) => s.lastError === words,
      'the failed poll in the connection status',
    );
    expect(status).toMatchObject({ exchange: id, stale: true, lastError: words });
    const since = views.events.slice(views.events.indexOf(known));
    expect(since.every((view) => view.positions.length === 1)).toBe(true);

    await simAdmin(sim(), 'faults', { httpStatus: null });
    await polls.waitFor((s) => s === 200, 'a poll that got through', 10_000, polls.events.length);
    await statuses.waitFor(
      (s) => s.lastError !== words,
      'the problem gone from the connection status',
      10_000,
      statuses.events.indexOf(status),
    );
    expect(held(portfolio.snapshot())).toEqual(before);
    expect(await simPositions(sim(), id)).toHaveLength(1);

    recordScenario(task, {
      section: 'REST faults',
      scenario: `${NAMES[id]} account in the portfolio, streams down and REST answering 503`,
      injected: 'no socket reachable; httpStatus 503 on every REST call, then lifted',
      times: `${failed} failed account polls (100 ms apart)`,
      result: `the position stayed shown (${before.length} of ${before.length}, never wiped across ${since.length} portfolio change${since.length === 1 ? '' : 's'}), marked stale; the popup's line for ${NAMES[id]} read "${words}", and cleared at the first poll after the fault; the positions still the simulator's`,
    });
  });
});
