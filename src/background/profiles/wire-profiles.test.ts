import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, expect, it } from 'vitest';
import type { MarketEndpoint } from '../../contracts';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createFakeCredentials } from './profile-fakes.test-helper';
import { createProfileServices } from './wire-profiles';

beforeEach(() => {
  fakeBrowser.reset();
});

function servicesOn(endpoint: MarketEndpoint) {
  const time = createFakeTime();
  return createProfileServices({
    buildMode: 'development',
    credentials: createFakeCredentials(),
    readEndpoint: () => Promise.resolve(endpoint),
    watchEndpoint: () => () => undefined,
    runtime: {
      fetch: () => Promise.reject(new Error('nothing is fetched by building')),
      createSocket: () => {
        throw new Error('nothing is connected by building');
      },
      clock: time.clock,
      timers: time.timers,
    },
    now: () => time.clock.now(),
  });
}

it('a simulator profile is built on the simulator the market setting names', async () => {
  const { registry } = servicesOn({
    environment: 'simulator',
    restUrl: 'http://127.0.0.1:9000',
    wsUrl: 'ws://127.0.0.1:9000',
  });

  await expect(registry.exchange('okx')).resolves.toMatchObject({ id: 'okx' });
});

it('a simulator profile with the market on live says what to change', async () => {
  const { registry } = servicesOn({ environment: 'live' });

  await expect(registry.exchange('bybit')).rejects.toThrow(
    'The simulator profile needs the market set to the simulator: choose live, testnet or demo.',
  );
});

it('a saved profile reaches the registry: the exchange is rebuilt', async () => {
  const { registry, handlers } = servicesOn({ environment: 'live' });
  const rebuilt: string[] = [];
  registry.onRebuild((exchange) => rebuilt.push(exchange));

  await handlers.saveProfile(
    { profile: { exchange: 'bybit', enabled: true, environment: 'demo' } },
    { sender: 'options' },
  );

  await expect.poll(() => rebuilt).toEqual(['bybit']);
  await expect(registry.exchange('bybit')).resolves.toMatchObject({ id: 'bybit' });
});
