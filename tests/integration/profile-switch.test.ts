// The market setting reads the build mode from import.meta.env, which Vite provides.
/// <reference types="vite/client" />
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEndpointPolicy } from '../../src/background/market/endpoint-policy';
import {
  createMarketEndpointReader,
  marketEndpointSetting,
} from '../../src/background/market/endpoint-setting';
import { createFakeCredentials } from '../../src/background/profiles/profile-fakes.test-helper';
import { createProfileServices, type ProfileServices } from '../../src/background/profiles/wire-profiles';
import type { StreamEvent, TickerEvent } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { simCredentials, trackedRuntime, type OpenedSocket } from './profile-harness';
import { startSim } from './sim-private-client';
import { Inbox } from './ws-harness';

/**
 * A profile switch moves the streams: the worker's registry closes the exchange's old sockets and,
 * when a user (here playing the hub) subscribes again on the announcement, opens new ones where the
 * profile and the market setting now point. Wired as the worker wires it, on the fake browser's storage.
 */
let first: RunningSimulator;
let second: RunningSimulator;
beforeAll(async () => {
  [first, second] = await Promise.all([startSim(), startSim()]);
});
afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
});

const BTC = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const isTicker = (event: StreamEvent): event is TickerEvent => event.kind === 'ticker';
const hostOf = (url: string) => new URL(url).host;
const pointMarketAt = (sim: RunningSimulator) =>
  marketEndpointSetting.setValue({ environment: 'simulator', restUrl: sim.url, wsUrl: sim.wsUrl });

let services: ProfileServices;
let sockets: Inbox<OpenedSocket>;
let quotes: Inbox<TickerEvent>;
let rebuilt: Inbox<string>;

beforeEach(async () => {
  fakeBrowser.reset();
  await pointMarketAt(first);
  const tracked = trackedRuntime();
  sockets = tracked.sockets;
  const credentials = createFakeCredentials();
  // Same seed, same keys: the demo keys of one simulator sign on the other too.
  credentials.set('okx', simCredentials(first, 'okx'));
  services = createProfileServices({
    buildMode: 'development',
    credentials,
    readEndpoint: createMarketEndpointReader('development', createEndpointPolicy('development')),
    watchEndpoint: (listener) => marketEndpointSetting.watch(listener),
    runtime: tracked.runtime,
    now: () => Date.now(),
  });
  quotes = new Inbox<TickerEvent>();
  rebuilt = new Inbox<string>();
  const subscribe = async () => {
    const exchange = await services.registry.exchange('okx');
    exchange?.streams.subscribe({ kind: 'quote', instrument: BTC }, (event) => {
      if (isTicker(event)) quotes.push(event);
    });
  };
  services.registry.onRebuild((exchange) => {
    rebuilt.push(exchange);
    void subscribe();
  });
  await subscribe();
  await quotes.waitFor(() => true, 'a quote from the first simulator');
});
afterEach(() => {
  // No socket outlives its test.
  void services.registry.exchange('okx').then((exchange) => exchange?.close());
});

/** After a switch: every earlier socket closed, new ones only on `sim`, and quotes flowing again. */
async function expectMovedTo(sim: RunningSimulator, before: readonly OpenedSocket[], quotesBefore: number) {
  await Promise.all(before.map(({ closed }) => closed));
  const moved = await sockets.waitFor(
    ({ url }) => hostOf(url) === hostOf(sim.wsUrl),
    'a socket to the new simulator',
    10_000,
    before.length,
  );
  await quotes.waitFor(() => true, 'a quote after the switch', 10_000, quotesBefore);
  // The first socket to the new simulator may be the trade socket, still opening when a quote has
  // already come over the public one: wait for it to open rather than read its state at this instant.
  await moved.opened;
  expect(sockets.events.slice(before.length).every(({ url }) => url.startsWith(sim.wsUrl))).toBe(true);
}

describe('a profile switch', () => {
  it('disabling closes the sockets; enabling again opens new ones', async () => {
    const before = [...sockets.events];
    expect(before.map(({ url }) => hostOf(url))).toContain(hostOf(first.wsUrl));

    await services.profiles.save({
      exchange: 'okx',
      enabled: false,
      environment: 'simulator',
      region: undefined,
    });
    await rebuilt.waitFor((exchange) => exchange === 'okx', 'the rebuild after disabling');
    await Promise.all(before.map(({ closed }) => closed));
    await expect(services.registry.exchange('okx')).resolves.toBeUndefined();
    expect(sockets.events).toHaveLength(before.length);

    const quotesBefore = quotes.events.length;
    await services.profiles.save({
      exchange: 'okx',
      enabled: true,
      environment: 'simulator',
      region: undefined,
    });
    await expectMovedTo(first, before, quotesBefore);
  });

  it('a new simulator address moves the streams to it', async () => {
    const before = [...sockets.events];
    const quotesBefore = quotes.events.length;

    await pointMarketAt(second);

    await expectMovedTo(second, before, quotesBefore);
  });
});
