import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExchangeBuilder, type SimulatorAddress } from '../../src/background/profiles/exchange-builder';
import { createExchangeRegistry } from '../../src/background/profiles/exchange-registry';
import { createFakeCredentials } from '../../src/background/profiles/profile-fakes.test-helper';
import { createProfileStore } from '../../src/background/profiles/profile-store';
import type { StreamEvent, TickerEvent } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { simCredentials, trackedRuntime } from './profile-harness';
import { startSim } from './sim-private-client';
import { Inbox } from './ws-harness';

/**
 * A profile switch moves the streams: the worker's registry closes the exchange's old sockets and,
 * when a user (here playing the hub) subscribes again on the announcement, opens new ones where the
 * profile now points.
 */
let first: RunningSimulator;
let second: RunningSimulator;
beforeAll(async () => {
  [first, second] = await Promise.all([startSim(), startSim()]);
});
afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
});
beforeEach(() => {
  fakeBrowser.reset();
});

const BTC = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const isTicker = (event: StreamEvent): event is TickerEvent => event.kind === 'ticker';
const addressOf = (sim: RunningSimulator): SimulatorAddress => ({ restUrl: sim.url, wsUrl: sim.wsUrl });

describe('a profile switch', () => {
  it('closes the old sockets on disable, and opens new ones where the re-enabled profile points', async () => {
    let simulator = addressOf(first);
    const { runtime, sockets } = trackedRuntime();
    const profiles = createProfileStore('development');
    const credentials = createFakeCredentials();
    // Same seed, same keys: the demo keys of one simulator sign on the other too.
    credentials.set('okx', simCredentials(first, 'okx'));
    const registry = createExchangeRegistry({
      profiles,
      credentials,
      build: createExchangeBuilder({ simulatorAddress: () => Promise.resolve(simulator), runtime }),
    });
    const quotes = new Inbox<TickerEvent>();
    const subscribe = async () => {
      const exchange = await registry.exchange('okx');
      exchange?.streams.subscribe({ kind: 'quote', instrument: BTC }, (event) => {
        if (isTicker(event)) quotes.push(event);
      });
    };
    const rebuilt = new Inbox<string>();
    registry.onRebuild((exchange) => {
      rebuilt.push(exchange);
      void subscribe();
    });
    try {
      await subscribe();
      await quotes.waitFor(() => true, 'a quote from the first simulator');
      const before = [...sockets.events];
      expect(before.map(({ url }) => new URL(url).host)).toContain(new URL(first.wsUrl).host);

      await profiles.save({ exchange: 'okx', enabled: false, environment: 'simulator', region: undefined });
      await rebuilt.waitFor((exchange) => exchange === 'okx', 'the rebuild after disabling');
      await Promise.all(before.map(({ closed }) => closed));
      await expect(registry.exchange('okx')).resolves.toBeUndefined();
      expect(sockets.events).toHaveLength(before.length);

      simulator = addressOf(second);
      const quotesBefore = quotes.events.length;
      await profiles.save({ exchange: 'okx', enabled: true, environment: 'simulator', region: undefined });
      const moved = await sockets.waitFor(
        ({ url }) => new URL(url).host === new URL(second.wsUrl).host,
        'a socket to the second simulator',
        10_000,
        before.length,
      );
      await quotes.waitFor(() => true, 'a quote after the switch', 10_000, quotesBefore);
      expect(moved.socket.readyState).toBe(moved.socket.OPEN);
      expect(sockets.events.slice(before.length).every(({ url }) => url.startsWith(second.wsUrl))).toBe(true);
    } finally {
      registry.close();
    }
  });
});
