import { describe, expect, it } from 'vitest';
import { credentialProblems, maskKey } from './credential-rules';
import { BYBIT_KEYS, OKX_KEYS } from './vault.test-helper';

describe('maskKey', () => {
  it('shows only the first and last 4 characters of a key', () => {
    expect(maskKey('abcd1234567890wxyz')).toBe('abcd…wxyz');
  });

  it('hides a short key entirely, whatever its length', () => {
    expect(maskKey('abcdefgh')).toBe('••••…••••');
    expect(maskKey('abcdefghijklmno')).toBe('••••…••••');
  });
});

describe('credentialProblems', () => {
  it.each([
    ['okx', OKX_KEYS],
    ['bybit', BYBIT_KEYS],
  ] as const)('finds nothing wrong with real-looking %s credentials', (exchange, keys) => {
    expect(credentialProblems(exchange, keys)).toEqual({});
  });

  it.each(['okx', 'bybit'] as const)('names each empty %s field', (exchange) => {
    expect(credentialProblems(exchange, { apiKey: '', secret: '' })).toMatchObject({
      apiKey: 'Enter the API key.',
      secret: 'Enter the secret key.',
    });
  });

  it('asks for the OKX passphrase and refuses one padded with spaces', () => {
    const withoutPassphrase = { apiKey: OKX_KEYS.apiKey, secret: OKX_KEYS.secret };

    expect(credentialProblems('okx', withoutPassphrase)).toEqual({
      passphrase: 'OKX API keys need the passphrase you chose when you created the key.',
    });
    expect(credentialProblems('okx', { ...OKX_KEYS, passphrase: ' Trader#Pass1' })).toEqual({
      passphrase: 'The OKX passphrase starts or ends with a space; copy it again without it.',
    });
  });

  it('tells a Bybit trader that Bybit keys have no passphrase', () => {
    expect(credentialProblems('bybit', { ...BYBIT_KEYS, passphrase: 'something' })).toEqual({
      passphrase: 'Bybit API keys have no passphrase; leave it empty.',
    });
  });

  it('refuses keys with line breaks or of absurd length, giving the allowed range', () => {
    expect(credentialProblems('bybit', { apiKey: 'abc\ndefghij', secret: 'short' })).toEqual({
      apiKey: 'The API key contains a space or line break; copy it again from the exchange without them.',
      secret: 'The secret key should be 8 to 128 characters long; this one has 5.',
    });
  });
});
