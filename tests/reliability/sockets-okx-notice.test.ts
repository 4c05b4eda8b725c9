import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BTC } from '../../src/background/hub/hub-fakes.test-helper';
import { DEFAULT_HUB_TIMING } from '../../src/background/hub/hub';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import { simExchange } from '../integration/exchange-harness';
import { realClock, simAdmin } from '../integration/ws-harness';
import { ExchangeWatch } from './exchange-watch';
import { popupOnHub, shownDown } from './hub-watch';
import { byRun, recordScenario } from './scenario';
import { SocketWatch } from './socket-watch';

const NOTICES = byRun(2, 10);
/** Quotes the popup must get on the new sockets before a notice counts as survived. */
const QUOTES_AFTER = 5;

/**
 * OKX 64008 through the real Exchange and the background hub, as the popup receives it: the hub's port
 * messages (quotes, coalesced) and every status it publishes (the badge's view, not coalesced).
 */
describe('Sockets: OKX maintenance notice 64008, as the popup sees it', () => {
  let sim: RunningSimulator;
  let watched: ExchangeWatch | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 5 });
  });
  afterAll(async () => {
    await sim.stop();
  });
  afterEach(() => {
    watched?.close();
  });

  it('moves to new sockets with no gap in quotes past the staleness threshold and never reports the connection down', async ({
    task,
  }) => {
    const wire = new SocketWatch(realClock);
    watched = new ExchangeWatch(
      simExchange(sim, 'okx', sim.wsUrl, { createSocket: wire.createSocket }),
      realClock,
    );
    const popup = popupOnHub('okx', watched.exchange, BTC.okx);
    const { received, quoteAt } = popup;
    const statuses = popup.statuses.events;
    await quoteAt(0);
    await watched.subscribed('private', 0);
    const live = statuses.length;
    expect(statuses.at(-1)).toMatchObject({ state: 'live', stale: false });

    const publicSockets = () => wire.on('/ws/v5/public').length;
    for (let notice = 0; notice < NOTICES; notice++) {
      const before = publicSockets();
      const fromStatus = watched.status.events.length;
      await simAdmin(sim, 'okx-notice');
      await watched.subscribed('public', fromStatus);
      await watched.subscribed('private', fromStatus);
      expect(publicSockets()).toBe(before + 1);
      for (let quote = 0; quote < QUOTES_AFTER; quote++) await quoteAt(received.events.length);
    }

    const quoteTimes = received.events
      .filter(({ event }) => event.type === 'changes' && event.quotes.length > 0)
      .map(({ at }) => at);
    const largestGap = Math.max(...quoteTimes.slice(1).map((at, index) => at - (quoteTimes[index] ?? at)));
    expect(largestGap).toBeLessThan(DEFAULT_HUB_TIMING.staleAfterMs);
    const portStatuses = received.events.flatMap(({ event }) =>
      event.type === 'changes' ? event.status : [],
    );
    expect(statuses.slice(live).filter(shownDown)).toEqual([]);
    expect(portStatuses.filter((status) => status.exchange === 'okx' && shownDown(status))).toEqual([]);
    // The notice's words are shown only until the new sockets confirm their topics.
    expect(statuses.at(-1)?.lastError).toBeUndefined();
    // The Exchange's own view: the sockets were replaced, not lost.
    const watch = watched;
    expect(
      ['public', 'private']
        .flatMap((socket) => watch.states(socket))
        .filter((state) => state !== 'connecting' && state !== 'connected'),
    ).toEqual([]);
    popup.disconnect();

    recordScenario(task, {
      section: 'Sockets',
      scenario: 'OKX: maintenance notice 64008 (popup view through the background hub)',
      injected:
        '`/__sim/okx-notice` to every OKX socket (public and private), sockets left open by the simulator',
      times: `${NOTICES} notices`,
      result:
        `new public and private sockets opened and subscribed after each notice before the old ones were dropped; ` +
        `largest gap between quotes at the popup's port ${largestGap} ms (stale after ${DEFAULT_HUB_TIMING.staleAfterMs} ms); ` +
        `${statuses.length - live} statuses published after going live, none down or stale`,
    });
  });
});
