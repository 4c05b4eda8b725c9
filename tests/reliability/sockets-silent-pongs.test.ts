import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOCKET_TIMINGS } from '../../src/exchanges/transport/socket-config';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import { createSimFakeTime, type SimFakeTime } from '../../sim/server/fake-time.test-helper';
import { BTC_PERPETUAL, simExchange } from '../integration/exchange-harness';
import { simAdmin } from '../integration/ws-harness';
import { ExchangeWatch, isTicker } from './exchange-watch';
import { recordScenario } from './scenario';
import { SocketWatch } from './socket-watch';

/** Where each exchange's quote of the perpetual streams. */
const QUOTE_SOCKET = { okx: 'public', bybit: 'linearPublic' } as const;
/** That socket as its errors name it to the trader. */
const QUOTE_SOCKET_WORDS = { okx: 'OKX public socket', bybit: 'Bybit linear public socket' } as const;
const { pingIntervalMs, pongTimeoutMs, reconnectDelayMs } = DEFAULT_SOCKET_TIMINGS;
/** The simulator's market heartbeat with its defaults: a ticker at most this long after time moves. */
const TICK_MS = 100;

describe.each(['okx', 'bybit'] as const)(
  'Sockets: %s socket whose pongs stop (default timings, fake time)',
  (id) => {
    let sim: RunningSimulator | undefined;
    let watched: ExchangeWatch | undefined;

    afterEach(async () => {
      watched?.close();
      await sim?.stop();
    });

    /** Fires the timers due now until `done` holds: I/O is real, so what a timer starts lands later. */
    const settle = (time: SimFakeTime, done: () => boolean) =>
      vi.waitFor(
        () => {
          time.advance(0);
          expect(done()).toBe(true);
        },
        { timeout: 10_000 },
      );

    it('is declared dead exactly at ping + pong timeout, replaced after the first reconnect delay, and resubscribed', async ({
      task,
    }) => {
      const time = createSimFakeTime();
      sim = await startSimulator({ seed: 7, clock: time.clock, timers: time.timers });
      const wire = new SocketWatch(time.clock);
      const socket = QUOTE_SOCKET[id];
      watched = new ExchangeWatch(
        simExchange(sim, id, sim.wsUrl, {
          createSocket: wire.createSocket,
          clock: time.clock,
          timers: time.timers,
        }),
        time.clock,
      );
      const quotes = watched.listen({ kind: 'quote', instrument: BTC_PERPETUAL[id] });
      const watch = watched;
      await settle(time, () => watch.states(socket).includes('connected'));
      await watched.subscribed(socket, 0);
      // Every socket (the quote's and the trade socket) opened now: their heartbeats count from here.
      const openedAt = time.clock.now();
      expect(wire.sockets.map((opened) => opened.createdAt)).toEqual(wire.sockets.map(() => openedAt));
      const first = wire.sockets.filter(({ subscribed }) => subscribed.length > 0);
      time.advance(TICK_MS);
      await quotes.waitFor(isTicker, 'a first quote');

      await simAdmin(sim, 'faults', { silentPings: true });
      const deadline = openedAt + pingIntervalMs + pongTimeoutMs;
      const missedPongs = () =>
        watch.status.events.filter(({ event }) => event.type === 'error' && event.reason === 'pong-timeout');
      const connections = wire.sockets.length;
      time.advance(deadline - 1 - time.clock.now());
      // One millisecond before the deadline the ping went unanswered for 1,999 ms: still trusted.
      expect(missedPongs()).toEqual([]);
      expect(watched.states(socket).at(-1)).toBe('connected');
      expect(wire.sockets).toHaveLength(connections);

      time.advance(1);
      const dead = missedPongs();
      expect(dead.map(({ at }) => at)).toEqual(dead.map(() => deadline));
      expect(dead.map(({ event }) => event.type === 'error' && event.message)).toContain(
        `${QUOTE_SOCKET_WORDS[id]} missed its pong within ${pongTimeoutMs} ms`,
      );
      expect(watched.states(socket).at(-1)).toBe('reconnecting');
      await simAdmin(sim, 'faults', { silentPings: false });

      const fromStatus = watched.status.events.length;
      time.advance(reconnectDelayMs - 1);
      expect(wire.sockets).toHaveLength(connections);
      time.advance(1);
      const replacements = wire.sockets.slice(connections);
      expect(replacements.map(({ url }) => url).sort()).toEqual(
        wire.sockets
          .slice(0, connections)
          .map(({ url }) => url)
          .sort(),
      );
      expect(replacements.every(({ createdAt }) => createdAt === deadline + reconnectDelayMs)).toBe(true);

      await watched.subscribed(socket, fromStatus);
      const fromQuote = quotes.events.length;
      time.advance(TICK_MS);
      await quotes.waitFor(isTicker, 'a quote on the new socket', 10_000, fromQuote);
      // The new connection subscribed what the dead one carried, each topic once.
      const resubscribed = replacements.filter(({ subscribed }) => subscribed.length > 0);
      expect(resubscribed.map(({ subscribed }) => subscribed.sort())).toEqual(
        first.map(({ subscribed }) => [...subscribed].sort()),
      );

      recordScenario(task, {
        section: 'Sockets',
        scenario: `${id === 'okx' ? 'OKX' : 'Bybit'}: pongs stop while TCP stays open (default timings, fake time)`,
        injected: '`silentPings`: no pong on any socket, connections left open',
        times: `once, on ${connections} sockets (quote and trade)`,
        result:
          `still trusted at ${pingIntervalMs + pongTimeoutMs - 1} ms after opening; every socket declared dead at exactly ` +
          `${pingIntervalMs + pongTimeoutMs} ms (ping ${pingIntervalMs} ms + pong timeout ${pongTimeoutMs} ms), ` +
          `replaced ${reconnectDelayMs} ms later (none a millisecond sooner), the quote topics subscribed once on the new socket and quotes flowing`,
      });
    });
  },
);
