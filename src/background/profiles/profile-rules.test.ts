import { describe, expect, it } from 'vitest';
import { defaultProfile, environmentsFor, profileProblem, regionsFor } from './profile-rules';

describe('environments and regions', () => {
  it('OKX has live and demo, Bybit also testnet; the simulator only in development builds', () => {
    expect(environmentsFor('okx', 'production')).toEqual(['live', 'demo']);
    expect(environmentsFor('bybit', 'production')).toEqual(['live', 'testnet', 'demo']);
    expect(environmentsFor('okx', 'development')).toEqual(['live', 'demo', 'simulator']);
  });

  it('regions come from the host tables; Bybit testnet/demo and the simulator have none', () => {
    expect(regionsFor('okx', 'live')).toEqual(['global', 'eea', 'us', 'aws']);
    expect(regionsFor('okx', 'demo')).toEqual(['global', 'eea', 'us']);
    expect(regionsFor('bybit', 'live')).toContain('EU');
    expect(regionsFor('bybit', 'testnet')).toEqual([]);
    expect(regionsFor('okx', 'simulator')).toEqual([]);
  });

  it.each([
    ['development', 'simulator'],
    ['production', 'live'],
  ] as const)('a %s build defaults to %s, enabled, default region', (mode, environment) => {
    expect(defaultProfile('bybit', mode)).toEqual({
      exchange: 'bybit',
      enabled: true,
      environment,
      region: undefined,
    });
  });
});

describe('profileProblem', () => {
  const profile = { exchange: 'okx', enabled: true, environment: 'live', region: undefined } as const;

  it('accepts a valid profile', () => {
    expect(profileProblem({ ...profile, region: 'eea' }, 'production')).toBeUndefined();
  });

  it.each([
    [
      'OKX testnet',
      { ...profile, environment: 'testnet' },
      'OKX has no "testnet" environment in this build: choose one of "live", "demo".',
    ],
    [
      'the simulator in a store build',
      { ...profile, environment: 'simulator' },
      'OKX has no "simulator" environment in this build: choose one of "live", "demo".',
    ],
    [
      'an unknown region',
      { ...profile, region: 'mars' },
      'OKX live has no region "mars": choose one of "global", "eea", "us", "aws".',
    ],
    [
      'OKX demo in AWS',
      { ...profile, environment: 'demo', region: 'aws' },
      'OKX demo has no region "aws": choose one of "global", "eea", "us".',
    ],
    [
      'a region on Bybit testnet',
      { exchange: 'bybit', enabled: true, environment: 'testnet', region: 'EU' },
      'Bybit testnet has no regions to choose from: leave the region empty.',
    ],
  ] as const)('names the valid choices for %s', (_, bad, message) => {
    expect(profileProblem(bad, 'production')).toBe(message);
  });
});
