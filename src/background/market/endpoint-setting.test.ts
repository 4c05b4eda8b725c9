import { expect, it } from 'vitest';
import { defaultMarketEndpoint } from './endpoint-setting';

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
