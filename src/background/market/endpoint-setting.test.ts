import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTrustedRaw } from '../../platform/trusted-storage.test-helper';
import { createEndpointPolicy } from './endpoint-policy';
import { createMarketEndpointReader, defaultMarketEndpoint } from './endpoint-setting';

const HOSTILE = { environment: 'simulator', restUrl: 'https://evil.example', wsUrl: 'wss://evil.example' };

/** What any extension page can do (npm start's does): write the trusted store directly, past any screen. */
const storeRaw = (value: unknown) => storeTrustedRaw('marketEndpoint', value);

const readerFor = (mode: string) => createMarketEndpointReader(mode, createEndpointPolicy(mode));

let warnings: unknown[][] = [];

beforeEach(() => {
  fakeBrowser.reset();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
});

it('a development build trades on the local simulator by default', () => {
  expect(defaultMarketEndpoint('development')).toEqual({
    environment: 'simulator',
    restUrl: 'http://127.0.0.1:8765',
    wsUrl: 'ws://127.0.0.1:8765',
  });
});

it('a store build defaults to the live exchanges, never to loopback', () => {
  expect(defaultMarketEndpoint('production')).toEqual({ environment: 'live' });
});

describe('reading the stored market', () => {
  it('a store build refuses a stored hostile endpoint and uses the live exchanges', async () => {
    await storeRaw(HOSTILE);

    await expect(readerFor('production')()).resolves.toEqual({ environment: 'live' });
    expect(warnings).toEqual([['Perch ignored a saved market that this build may not use:', HOSTILE]]);
  });

  it('a store build refuses even the local simulator', async () => {
    await storeRaw(defaultMarketEndpoint('development'));

    await expect(readerFor('production')()).resolves.toEqual({ environment: 'live' });
  });

  it('a development build refuses a hostile endpoint and keeps its simulator', async () => {
    await storeRaw(HOSTILE);

    await expect(readerFor('development')()).resolves.toEqual(defaultMarketEndpoint('development'));
  });

  it('a development build uses a simulator saved on another loopback port', async () => {
    const moved = {
      environment: 'simulator',
      restUrl: 'http://127.0.0.1:40123',
      wsUrl: 'ws://127.0.0.1:40123',
    };
    await storeRaw(moved);

    await expect(readerFor('development')()).resolves.toEqual(moved);
  });

  it('ignores a stored value that is not a market at all', async () => {
    await storeRaw({ environment: 'moon' });

    await expect(readerFor('production')()).resolves.toEqual({ environment: 'live' });
  });
});
