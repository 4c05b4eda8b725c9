import { describe, expect, it } from 'vitest';
import type { MarketEndpoint } from '../../contracts';
import { createEndpointPolicy } from './endpoint-policy';

const simulatorAt = (host: string): MarketEndpoint => ({
  environment: 'simulator',
  restUrl: `http://${host}`,
  wsUrl: `ws://${host}`,
});

describe('a store build', () => {
  const policy = createEndpointPolicy('production');

  it('uses the live exchanges', () => {
    expect(policy.allows({ environment: 'live' })).toBe(true);
  });

  it.each([simulatorAt('127.0.0.1:8765'), simulatorAt('evil.example')])(
    'refuses a market that is not an exchange (%o)',
    (endpoint) => {
      expect(policy.allows(endpoint)).toBe(false);
    },
  );

  it.each(['https://www.okx.com/api/v5/market/ticker', 'https://api.bybit.com/v5/market/tickers'])(
    'sends requests to %s',
    (url) => {
      expect(policy.allowsUrl(url)).toBe(true);
    },
  );

  it.each([
    'http://127.0.0.1:8765/api/v5/public/time',
    'https://www.okx.com.evil.example/api/v5/public/time',
    'http://www.okx.com/api/v5/public/time',
    'https://evil.example/v5/market/time',
    'not a url',
  ])('sends nothing to %s', (url) => {
    expect(policy.allowsUrl(url)).toBe(false);
  });
});

describe('a development build', () => {
  const policy = createEndpointPolicy('development');

  it('may use a simulator on loopback, on any port', () => {
    expect(policy.allows(simulatorAt('127.0.0.1:8765'))).toBe(true);
    expect(policy.allows(simulatorAt('127.0.0.1:40123'))).toBe(true);
    expect(policy.allowsUrl('http://127.0.0.1:40123/v5/market/time')).toBe(true);
  });

  it.each([
    simulatorAt('evil.example:8765'),
    { environment: 'simulator', restUrl: 'https://127.0.0.1:8765', wsUrl: 'ws://127.0.0.1:8765' },
    { environment: 'simulator', restUrl: 'http://127.0.0.1:8765', wsUrl: 'ws://evil.example' },
  ] satisfies MarketEndpoint[])('refuses a "simulator" that is not on loopback (%o)', (endpoint) => {
    expect(policy.allows(endpoint)).toBe(false);
  });
});
