import { describe, expect, it } from 'vitest';
import type { ExchangeId, ExchangeOptions } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createFakeExchange, type FakeExchange } from '../audit/exchange-fake.test-helper';
import type { RuntimeDeps } from '../runtime-deps';
import { createExchangeBuilder } from './exchange-builder';
import { createExchangeRegistry } from './exchange-registry';
import { createFakeCredentials, createFakeProfiles } from './profile-fakes.test-helper';

const time = createFakeTime();
const runtime: RuntimeDeps = {
  fetch: () => Promise.reject(new Error('no network in unit tests')),
  createSocket: () => {
    throw new Error('no sockets in unit tests');
  },
  timers: time.timers,
  clock: time.clock,
};
const SIMULATOR = { restUrl: 'http://127.0.0.1:9000', wsUrl: 'ws://127.0.0.1:9000' };

function setup() {
  const profiles = createFakeProfiles();
  const credentials = createFakeCredentials();
  const built: { options: ExchangeOptions; exchange: FakeExchange }[] = [];
  const build = createExchangeBuilder({
    simulatorAddress: () => Promise.resolve(SIMULATOR),
    runtime,
    create: (options) => {
      const exchange = createFakeExchange(options.exchange);
      built.push({ options, exchange });
      return exchange;
    },
  });
  const simulatorMoved = new Set<() => void>();
  const registry = createExchangeRegistry({
    profiles,
    credentials,
    build,
    watchSimulatorAddress: (listener) => {
      simulatorMoved.add(listener);
      return () => simulatorMoved.delete(listener);
    },
  });
  const moveSimulator = () => {
    for (const listener of simulatorMoved) listener();
  };
  const rebuilt: ExchangeId[] = [];
  registry.onRebuild((exchange) => rebuilt.push(exchange));
  return { profiles, credentials, registry, built, rebuilt, moveSimulator };
}

describe('building', () => {
  it('builds one Exchange per exchange, shared by every caller', async () => {
    const { registry, built } = setup();

    const [first, second] = await Promise.all([registry.exchange('okx'), registry.exchange('okx')]);

    expect(first).toBe(second);
    expect(built).toHaveLength(1);
  });

  it('a disabled exchange has none', async () => {
    const { registry, profiles, built } = setup();
    profiles.set({ exchange: 'bybit', enabled: false, environment: 'live', region: undefined });

    await expect(registry.exchange('bybit')).resolves.toBeUndefined();
    expect(built).toHaveLength(0);
  });

  it.each([
    [
      'the simulator: its address',
      { exchange: 'okx', environment: 'simulator', region: undefined },
      { exchange: 'okx', restBaseUrl: SIMULATOR.restUrl, wsBaseUrl: SIMULATOR.wsUrl },
    ],
    [
      'OKX demo: the real demo hosts and header, never the simulator',
      { exchange: 'okx', environment: 'demo', region: 'eea' },
      { exchange: 'okx', demoTrading: true, apiRegion: 'eea' },
    ],
    [
      'Bybit demo',
      { exchange: 'bybit', environment: 'demo', region: undefined },
      { exchange: 'bybit', environment: 'demo' },
    ],
    [
      'Bybit testnet',
      { exchange: 'bybit', environment: 'testnet', region: undefined },
      { exchange: 'bybit', environment: 'testnet' },
    ],
    [
      'Bybit live in a region',
      { exchange: 'bybit', environment: 'live', region: 'EU' },
      { exchange: 'bybit', environment: 'live', apiRegion: 'EU' },
    ],
  ] as const)('%s', async (_, profile, expected) => {
    const { registry, profiles, built } = setup();
    profiles.set({ ...profile, enabled: true });

    await registry.exchange(profile.exchange);

    expect(built[0]?.options).toMatchObject(expected);
  });

  it.each(['okx', 'bybit'] as const)('%s demo never goes to the simulator', async (exchange) => {
    const { registry, profiles, built } = setup();
    profiles.set({ exchange, enabled: true, environment: 'demo', region: undefined });

    await registry.exchange(exchange);

    expect(built[0]?.options).not.toHaveProperty('restBaseUrl');
    expect(built[0]?.options).not.toHaveProperty('wsBaseUrl');
  });

  it('signs with the unlocked credentials, and without any while locked', async () => {
    const { registry, credentials, built } = setup();
    await registry.exchange('okx');
    credentials.set('okx', { apiKey: 'k', secret: 's', passphrase: 'p' });
    await registry.exchange('okx');

    expect(built.map(({ options }) => options.credentials)).toEqual([
      undefined,
      { apiKey: 'k', secret: 's', passphrase: 'p' },
    ]);
  });
});

describe('rebuilding', () => {
  it('a profile change closes that exchange only, announces it, and the next call builds anew', async () => {
    const { registry, profiles, built, rebuilt } = setup();
    const okx = await registry.exchange('okx');
    const bybit = await registry.exchange('bybit');

    profiles.set({ exchange: 'okx', enabled: true, environment: 'demo', region: undefined });
    await time.flush();

    expect(rebuilt).toEqual(['okx']);
    expect(built[0]?.exchange.closed()).toBe(1);
    expect(built[1]?.exchange.closed()).toBe(0);
    const next = await registry.exchange('okx');
    expect(next).not.toBe(okx);
    expect(await registry.exchange('bybit')).toBe(bybit);
  });

  it('disabling closes the exchange and leaves none', async () => {
    const { registry, profiles, built, rebuilt } = setup();
    await registry.exchange('bybit');

    profiles.set({ exchange: 'bybit', enabled: false, environment: 'simulator', region: undefined });
    await time.flush();

    expect(built[0]?.exchange.closed()).toBe(1);
    expect(rebuilt).toEqual(['bybit']);
    await expect(registry.exchange('bybit')).resolves.toBeUndefined();
  });

  it('a credential change (unlock, lock, save, forget) rebuilds both exchanges', async () => {
    const { registry, credentials, built, rebuilt } = setup();
    await Promise.all([registry.exchange('okx'), registry.exchange('bybit')]);

    credentials.set('bybit', { apiKey: 'k', secret: 's' });
    await time.flush();

    expect(rebuilt).toEqual(['okx', 'bybit']);
    expect(built.map(({ exchange }) => exchange.closed())).toEqual([1, 1]);
  });

  it('a rebuilt Exchange spends the same REST budgets as the one it replaces; the other exchange its own', async () => {
    const { registry, credentials, built } = setup();
    await Promise.all([registry.exchange('okx'), registry.exchange('bybit')]);
    credentials.set('okx', { apiKey: 'k', secret: 's', passphrase: 'p' });
    await time.flush();
    await Promise.all([registry.exchange('okx'), registry.exchange('bybit')]);

    const limiters = built.map(({ options }) => [options.exchange, options.rateLimiter] as const);
    expect(limiters.map(([exchange]) => exchange)).toEqual(['okx', 'bybit', 'okx', 'bybit']);
    expect(limiters[0]?.[1]).toBeDefined();
    expect(limiters[2]?.[1]).toBe(limiters[0]?.[1]);
    expect(limiters[3]?.[1]).toBe(limiters[1]?.[1]);
    expect(limiters[1]?.[1]).not.toBe(limiters[0]?.[1]);
  });

  it('a build still under way when the profile changes is closed once it lands', async () => {
    const { registry, profiles, built } = setup();
    const pending = registry.exchange('okx');

    profiles.set({ exchange: 'okx', enabled: true, environment: 'live', region: undefined });
    await pending;
    await time.flush();

    expect(built[0]?.exchange.closed()).toBe(1);
  });

  it('a new simulator address rebuilds the exchanges on the simulator only', async () => {
    const { registry, profiles, built, rebuilt, moveSimulator } = setup();
    profiles.set({ exchange: 'bybit', enabled: true, environment: 'live', region: undefined });
    await Promise.all([registry.exchange('okx'), registry.exchange('bybit')]);
    rebuilt.length = 0;

    moveSimulator();
    await time.flush();

    expect(rebuilt).toEqual(['okx']);
    const closed = Object.fromEntries(built.map(({ exchange }) => [exchange.id, exchange.closed()]));
    expect(closed).toEqual({ okx: 1, bybit: 0 });
  });

  it('close() closes everything and stops listening', async () => {
    const { registry, profiles, built, rebuilt, moveSimulator } = setup();
    await registry.exchange('okx');

    registry.close();
    profiles.set({ exchange: 'okx', enabled: false, environment: 'live', region: undefined });
    moveSimulator();
    await time.flush();

    expect(built[0]?.exchange.closed()).toBe(1);
    expect(rebuilt).toEqual([]);
  });
});
