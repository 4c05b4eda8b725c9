import { describe, expect, it } from 'vitest';
import { EXCHANGE_NAMES } from '../../src/contracts/vocabulary';
import type { ExchangeId, SocketStatusEvent } from '../../src/exchanges/index';
import { DEFAULT_SOCKET_TIMINGS, reconnectDelay } from '../../src/exchanges/transport/socket-config';
import { BTC_PERPETUAL } from '../integration/exchange-harness';
import { simAdmin } from '../integration/ws-harness';
import {
  CONNECTION_BUDGET,
  isPositionOf,
  isTicker,
  POSITION_UNIT,
  type Seen,
  watchedExchangePerTest,
} from './exchange-watch';
import { byRun, recordScenario } from './scenario';
import { errorMessage } from '../../src/exchanges/errors';
/** The socket of the account streams, by its path. */
const PRIVATE_PATH: Record<ExchangeId, string> = { okx: '/ws/v5/private', bybit: '/v5/private' };
/** What the exchange answers a refused key with: its code on OKX, its words on Bybit's private stream. */
const LOGIN_REFUSAL: Record<ExchangeId, RegExp> = {
  okx: /^OKX private socket login failed: 60005 Invalid OK-ACCESS-KEY$/,
  bybit: /^Bybit private socket login failed: API key is invalid\.$/,
};
/** The same key on REST: OKX 50111, Bybit 10003, each in the exchange's words. */
const REST_REFUSAL: Record<ExchangeId, RegExp> = { okx: /50111/, bybit: /10003/ };
/** Refused logins before the fault is lifted: the backoff reaches 2 s (short) or its 30 s cap (long). */
const REFUSALS = byRun(3, 7);
/** A real timer may fire a few milliseconds off the clock it is compared with. */
const TIMER_SLACK_MS = 5;

const isRefusal = ({ event }: Seen<SocketStatusEvent>) =>
  event.type === 'error' && event.socket === 'private' && event.reason === 'login-failed';

describe.each(['okx', 'bybit'] as const)('Sockets: %s login refused', (id) => {
  const { sim, open } = watchedExchangePerTest(id, { seed: 13, tickMs: 50 });
  const { symbol } = BTC_PERPETUAL[id];

  it('while refused: says why in words, subscribes nothing private, backs off; once accepted: positions flow with no action from the caller', async ({
    task,
  }) => {
    await simAdmin(sim(), 'position', { exchange: id, symbol, size: POSITION_UNIT[id], avgPx: 60_000 });
    await simAdmin(sim(), 'faults', { refuseLogins: true });
    const { wire, watch } = open();
    const quotes = watch.listen({ kind: 'quote', instrument: BTC_PERPETUAL[id] });
    const positions = watch.listen({ kind: 'positions' });

    const refusals: Seen<SocketStatusEvent>[] = [];
    for (let refusal = 0; refusal < REFUSALS; refusal++) {
      const last = refusals.at(-1);
      const from = last === undefined ? 0 : watch.status.events.indexOf(last) + 1;
      refusals.push(await watch.status.waitFor(isRefusal, `refusal ${refusal + 1}`, 40_000, from));
    }
    const refusedUntil = wire.sockets.length;
    await simAdmin(sim(), 'faults', { refuseLogins: false });

    // What the Exchange said: each refusal in the exchange's words, no secret in them, the socket reconnecting.
    for (const { event } of refusals) {
      expect(event.type === 'error' && event.message).toMatch(LOGIN_REFUSAL[id]);
    }
    expect(watch.states('private')).toContain('reconnecting');
    expect(watch.states('private')).not.toContain('error');
    // Nothing private went out on a refused connection, and nothing came.
    const privateAttempts = wire.sockets
      .slice(0, refusedUntil)
      .filter(({ url }) => url.endsWith(PRIVATE_PATH[id]));
    expect(privateAttempts.length).toBeGreaterThanOrEqual(REFUSALS);
    expect(privateAttempts.flatMap(({ subscribed }) => subscribed)).toEqual([]);
    expect(positions.events).toEqual([]);
    // Each retry waited at least its backoff delay, which doubles each time (jitter shortens it by at most
    // 20 %; a busy machine may only lengthen it, so the waits are checked against their floors alone).
    const waits = refusals
      .slice(0, -1)
      .map((refused, index) => (privateAttempts[index + 1]?.createdAt ?? 0) - refused.at);
    waits.forEach((waited, attempt) => {
      // The most jitter there can be: `random` returns less than 1.
      const shortest = reconnectDelay(attempt, DEFAULT_SOCKET_TIMINGS, () => 1);
      expect(waited).toBeGreaterThanOrEqual(shortest - TIMER_SLACK_MS);
    });
    // The public side never needed the key: quotes kept coming.
    await quotes.waitFor(isTicker, 'a quote while refused', 10_000);

    // Lifted: the next retry logs in and subscribes; a position change reaches the caller.
    const liftedAt = watch.status.events.length;
    await watch.status.waitFor(
      ({ event }) => event.type === 'logged-in' && event.socket === 'private',
      'the login accepted',
      40_000,
      liftedAt,
    );
    await watch.subscribed('private', liftedAt);
    const size = 2 * POSITION_UNIT[id];
    await simAdmin(sim(), 'position', { exchange: id, symbol, size, avgPx: 60_000 });
    await positions.waitFor(isPositionOf(symbol, size), 'the position after the login', 10_000);
    const budget = CONNECTION_BUDGET[id];
    const mostInWindow = wire.mostAttemptsWithin(budget.windowMs);
    expect(mostInWindow).toBeLessThanOrEqual(budget.attempts);

    recordScenario(task, {
      section: 'Sockets',
      scenario: `${EXCHANGE_NAMES[id]}: login refused, then accepted again`,
      injected: '`refuseLogins` on (every key unknown), then off',
      times: `${REFUSALS} refused logins on the private socket, then the fault lifted`,
      result:
        `each refusal reported as "${(refusals[0]?.event.type === 'error' && refusals[0].event.message) || ''}", socket reconnecting; ` +
        `0 private subscriptions sent while refused; retries waited ${waits.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; ` +
        `at most ${mostInWindow} connection attempts in any ${budget.windowMs / 1000} s (${EXCHANGE_NAMES[id]} allows ${budget.attempts}); ` +
        `quotes flowed throughout; after the fault was lifted the next retry logged in and the position streamed with no action from the caller`,
    });
  });

  it('a key revoked while streaming: the private side reports the refusal, quotes keep flowing, REST says why', async ({
    task,
  }) => {
    await simAdmin(sim(), 'position', { exchange: id, symbol, size: POSITION_UNIT[id], avgPx: 60_000 });
    const { watch } = open();
    const quotes = watch.listen({ kind: 'quote', instrument: BTC_PERPETUAL[id] });
    watch.listen({ kind: 'positions' });
    await watch.subscribed('private', 0);
    await quotes.waitFor(isTicker, 'a quote before the key is revoked');

    // The exchange revokes the key and cuts its sockets.
    await simAdmin(sim(), 'faults', { refuseLogins: true });
    const cutAt = watch.status.events.length;
    const fromQuote = quotes.events.length;
    await simAdmin(sim(), 'drop-sockets');
    const refused = await watch.status.waitFor(isRefusal, 'the refused login', 10_000, cutAt);
    expect(refused.event.type === 'error' && refused.event.message).toMatch(LOGIN_REFUSAL[id]);
    const quote = await quotes.waitFor(isTicker, 'a quote after the cut', 10_000, fromQuote);
    await quotes.waitFor(isTicker, 'a quote after the refusal', 10_000, quotes.events.indexOf(quote) + 1);
    expect(
      watch.status.events
        .slice(cutAt)
        .some(({ event }) => event.type === 'subscribed' && event.socket === 'private'),
    ).toBe(false);

    const restError = await watch.exchange.rest.getPositions().then(() => undefined, errorMessage);
    expect(restError).toMatch(REST_REFUSAL[id]);

    recordScenario(task, {
      section: 'Sockets',
      scenario: `${EXCHANGE_NAMES[id]}: key revoked while streaming`,
      injected:
        '`refuseLogins` on, then every socket cut (`/__sim/drop-sockets`), as an exchange cuts a revoked key',
      times: 'once',
      result:
        `private socket: "${(refused.event.type === 'error' && refused.event.message) || ''}", nothing private resubscribed; ` +
        `quotes back on the public socket and flowing after the refusal; REST positions refused with "${restError ?? ''}"`,
    });
  });
});
