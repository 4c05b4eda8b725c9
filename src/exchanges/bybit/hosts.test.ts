import { describe, expect, it } from 'vitest';
import { BYBIT_REGIONS, bybitRestBaseUrl, bybitSocketUrl } from './hosts';

describe('Bybit hosts', () => {
  it.each([
    ['default', 'https://api.bybit.com', 'wss://stream.bybit.com'],
    ['bytick', 'https://api.bytick.com', 'wss://stream.bybit.com'],
    ['NL', 'https://api.bybit.nl', 'wss://stream.bybit.com'],
    ['TK', 'https://api.bybit.tr', 'wss://stream.bybit.tr'],
    ['KZ', 'https://api.bybit.kz', 'wss://stream.bybit.kz'],
    ['HK', 'https://api.byhkbit.com', 'wss://stream.bybit.com'],
    ['GE', 'https://api.bybitgeorgia.ge', 'wss://stream.bybitgeorgia.ge'],
    ['UAE', 'https://api.bybit.ae', 'wss://stream.bybit.com'],
    ['EU', 'https://api.bybit.eu', 'wss://stream.bybit.com'],
    ['ID', 'https://api.bybit.id', 'wss://stream.bybit.id'],
    ['JP', 'https://api.manepa.jp', 'wss://stream.manepa.jp'],
  ])('serves region %s from %s', (apiRegion, rest, ws) => {
    expect(bybitRestBaseUrl({ apiRegion })).toBe(rest);
    expect(bybitSocketUrl('linearPublic', { apiRegion })).toBe(`${ws}/v5/public/linear`);
    expect(bybitSocketUrl('privateTrade', { apiRegion })).toBe(`${ws}/v5/trade`);
  });

  it('covers every region in the table', () => {
    expect(BYBIT_REGIONS).toHaveLength(11);
  });

  it('defaults to mainnet', () => {
    expect(bybitRestBaseUrl({})).toBe('https://api.bybit.com');
    expect(bybitSocketUrl('spotPublic', {})).toBe('wss://stream.bybit.com/v5/public/spot');
    expect(bybitSocketUrl('inversePublic', {})).toBe('wss://stream.bybit.com/v5/public/inverse');
    expect(bybitSocketUrl('optionPublic', {})).toBe('wss://stream.bybit.com/v5/public/option');
    expect(bybitSocketUrl('private', {})).toBe('wss://stream.bybit.com/v5/private');
  });

  it('uses the testnet hosts for every stream', () => {
    const options = { environment: 'testnet' as const };
    expect(bybitRestBaseUrl(options)).toBe('https://api-testnet.bybit.com');
    expect(bybitSocketUrl('spotPublic', options)).toBe('wss://stream-testnet.bybit.com/v5/public/spot');
    expect(bybitSocketUrl('private', options)).toBe('wss://stream-testnet.bybit.com/v5/private');
    expect(bybitSocketUrl('privateTrade', options)).toBe('wss://stream-testnet.bybit.com/v5/trade');
  });

  it('in demo takes only the private stream from the demo host and public data from mainnet', () => {
    const options = { environment: 'demo' as const, apiRegion: 'KZ' };
    expect(bybitRestBaseUrl(options)).toBe('https://api-demo.bybit.com');
    expect(bybitSocketUrl('private', options)).toBe('wss://stream-demo.bybit.com/v5/private');
    expect(bybitSocketUrl('linearPublic', options)).toBe('wss://stream.bybit.com/v5/public/linear');
  });

  it('has no trade stream in demo', () => {
    expect(() => bybitSocketUrl('privateTrade', { environment: 'demo' })).toThrow(
      'Bybit demo trading has no WebSocket trade stream. Send orders over REST instead.',
    );
  });

  it('rejects an unknown region with the exact message and lists the valid ones', () => {
    expect(() => bybitRestBaseUrl({ apiRegion: 'XX' })).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: 'No base URL found for region "XX". Check that your "apiRegion" value is valid.',
        choices: BYBIT_REGIONS,
      }),
    );
    expect(() => bybitSocketUrl('private', { apiRegion: 'toString' })).toThrow(
      'No base URL found for region "toString"',
    );
  });

  it('lets a base-URL override replace REST and socket origins, keeping the real paths', () => {
    const options = {
      environment: 'demo' as const,
      restBaseUrl: 'http://127.0.0.1:4100',
      wsBaseUrl: 'ws://127.0.0.1:4100/',
    };
    expect(bybitRestBaseUrl(options)).toBe('http://127.0.0.1:4100');
    expect(bybitSocketUrl('linearPublic', options)).toBe('ws://127.0.0.1:4100/v5/public/linear');
    expect(bybitSocketUrl('private', options)).toBe('ws://127.0.0.1:4100/v5/private');
  });
});
