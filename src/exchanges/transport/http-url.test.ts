import { describe, expect, it } from 'vitest';
import { assertNoUndefined, resolveRegion, serializeQuery, withQuery } from './http-url';

describe('query serialisation', () => {
  it('keeps insertion order and encodes values', () => {
    expect(serializeQuery({ symbol: 'BTCUSDT', category: 'linear', limit: 5, flag: true })).toBe(
      'symbol=BTCUSDT&category=linear&limit=5&flag=true',
    );
    expect(serializeQuery({ cursor: 'a%b&c=d e' })).toBe('cursor=a%25b%26c%3Dd%20e');
  });

  it('is empty without params', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
    expect(withQuery('/a', '')).toBe('/a');
    expect(withQuery('/a', 'b=1')).toBe('/a?b=1');
  });

  it('refuses an undefined parameter with the exact message', () => {
    expect(() => serializeQuery({ instId: undefined })).toThrow(
      expect.objectContaining({
        name: 'SigningError',
        message: 'Failed to sign API request due to undefined parameter',
      }),
    );
    expect(() => {
      assertNoUndefined([{ instId: 'A' }, { instId: undefined }]);
    }).toThrow('Failed to sign API request due to undefined parameter');
    expect(() => {
      assertNoUndefined({ a: [1, { b: null }] });
    }).not.toThrow();
  });
});

describe('query lists and objects', () => {
  it('joins lists with commas and rejects objects', () => {
    expect(serializeQuery({ instId: ['BTC-USDT', 'ETH-USDT'] })).toBe('instId=BTC-USDT%2CETH-USDT');
    expect(() => serializeQuery({ filter: { a: 1 } })).toThrow(
      'Query parameter "filter" must be a string, number, boolean or list of them.',
    );
  });
});

describe('region from settings', () => {
  const regions = ['global', 'eea'] as const;

  it('falls back when the settings field is empty, as when it is unset', () => {
    expect(resolveRegion('', 'global', regions)).toBe('global');
    expect(resolveRegion(undefined, 'global', regions)).toBe('global');
  });

  it('keeps a known region and refuses an unknown one', () => {
    expect(resolveRegion('eea', 'global', regions)).toBe('eea');
    expect(() => resolveRegion('mars', 'global', regions)).toThrow('No base URL found for region "mars".');
  });
});
