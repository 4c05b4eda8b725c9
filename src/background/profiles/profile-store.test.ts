import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeId } from '../../exchanges';
import { storeTrustedRaw, trustedRecords } from '../../platform/trusted-storage.test-helper';
import { createProfileStore } from './profile-store';

/** What any extension context can do: write the trusted store directly, bypassing every check of the worker. */
const storeRaw = (value: unknown) => storeTrustedRaw('connectionProfiles', value);

beforeEach(() => {
  fakeBrowser.reset();
});

const simulator = (exchange: ExchangeId) => ({
  exchange,
  enabled: true,
  environment: 'simulator',
  region: undefined,
});

describe('reading profiles', () => {
  it('a development build starts both exchanges on the simulator; a store build on live', async () => {
    await expect(createProfileStore('development').all()).resolves.toEqual([
      simulator('okx'),
      simulator('bybit'),
    ]);
    await expect(createProfileStore('production').profile('okx')).resolves.toMatchObject({
      environment: 'live',
      enabled: true,
    });
  });

  it('a store build refuses a stored simulator profile and uses live, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stored = { exchange: 'okx', enabled: true, environment: 'simulator' };
    await storeRaw({ okx: stored });

    await expect(createProfileStore('production').profile('okx')).resolves.toMatchObject({
      environment: 'live',
    });
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Perch ignored a saved okx profile that this build may not use:',
      stored,
    );
  });

  it.each([
    ['garbage', 'not a profile'],
    ['an unknown environment', { okx: { exchange: 'okx', enabled: true, environment: 'mainnet' } }],
    ['the other exchange', { okx: { exchange: 'bybit', enabled: true, environment: 'live' } }],
    ['an unknown region', { okx: { exchange: 'okx', enabled: true, environment: 'live', region: 'mars' } }],
  ])('falls back to the default for %s', async (_, stored) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await storeRaw(stored);
    await expect(createProfileStore('production').profile('okx')).resolves.toEqual({
      exchange: 'okx',
      enabled: true,
      environment: 'live',
      region: undefined,
    });
  });
});

describe('saving profiles', () => {
  it('stores a valid profile and leaves the other exchange as it was', async () => {
    const store = createProfileStore('production');
    const demo = { exchange: 'okx', enabled: true, environment: 'demo', region: 'eea' } as const;

    await store.save(demo);

    await expect(store.all()).resolves.toEqual([
      demo,
      { exchange: 'bybit', enabled: true, environment: 'live', region: undefined },
    ]);
  });

  it('refuses an invalid one with the valid choices, and stores nothing', async () => {
    const store = createProfileStore('production');

    await expect(
      store.save({ exchange: 'okx', enabled: true, environment: 'testnet', region: undefined }),
    ).rejects.toMatchObject({
      name: 'InvalidRequestError',
      message: 'OKX has no "testnet" environment in this build: choose one of "live", "demo".',
    });
    expect(await trustedRecords()).toEqual({});
  });

  it('announces only the exchange whose usable profile changed', async () => {
    const store = createProfileStore('development');
    const changed: ExchangeId[] = [];
    store.onChange((exchange) => changed.push(exchange));

    await store.save({ exchange: 'bybit', enabled: false, environment: 'simulator', region: undefined });
    await vi.waitFor(() => {
      expect(changed).toEqual(['bybit']);
    });
    // A write that changes nothing usable (an invalid OKX value falls back to the same default) is silent.
    await storeRaw({ okx: 'junk', bybit: { exchange: 'bybit', enabled: false, environment: 'simulator' } });
    await store.save({ exchange: 'okx', enabled: true, environment: 'live', region: undefined });
    await vi.waitFor(() => {
      expect(changed).toEqual(['bybit', 'okx']);
    });
  });
});
