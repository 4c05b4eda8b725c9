import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConfigError,
  errorMessage,
  ExchangeError,
  InvalidResponseError,
  NetworkError,
  RateLimitError,
  SigningError,
  TimeoutError,
  NamedError,
} from './errors';

const details = {
  exchange: 'okx' as const,
  endpoint: 'POST /api/v5/trade/order',
  httpStatus: 200,
  code: '51119',
  exchangeMessage: 'Order placement failed due to insufficient balance',
  raw: { code: '1' },
};

describe('errors', () => {
  it('says which exchange rejected which endpoint, with its code and message', () => {
    const error = new ExchangeError(details);
    expect(error.message).toBe(
      'OKX rejected POST /api/v5/trade/order: 51119 "Order placement failed due to insufficient balance" (HTTP 200)',
    );
    expect(error).toMatchObject({ name: 'ExchangeError', ...details });
  });

  it('leaves out an absent code and message', () => {
    const error = new RateLimitError({
      ...details,
      exchange: 'bybit',
      httpStatus: 403,
      code: '',
      exchangeMessage: '',
    });
    expect(error.message).toBe('Bybit rejected POST /api/v5/trade/order: (HTTP 403)');
  });

  it.each([
    [new ExchangeError(details), 'ExchangeError'],
    [new AuthError(details), 'AuthError'],
    [new RateLimitError(details), 'RateLimitError'],
    [new TimeoutError('GET /x', 5), 'TimeoutError'],
    [new NetworkError('GET /x', new Error('ECONNREFUSED')), 'NetworkError'],
    [new InvalidResponseError('GET /x', 502, 'body is not JSON', '<html>'), 'InvalidResponseError'],
    [new ConfigError('bad'), 'ConfigError'],
    [new SigningError('bad'), 'SigningError'],
  ] as const)('%s is a NamedError that says its name', (error, name) => {
    expect(error).toBeInstanceOf(NamedError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
  });

  it('errorMessage gives an Error its message and anything else thrown as text', () => {
    expect(errorMessage(new TimeoutError('GET /x', 5))).toBe('GET /x timed out after 5 ms and was aborted');
    expect(errorMessage('socket closed')).toBe('socket closed');
    expect(errorMessage(404)).toBe('404');
  });

  it('describes local failures with the endpoint', () => {
    expect(new TimeoutError('GET /api/v5/public/time', 300000).message).toBe(
      'GET /api/v5/public/time timed out after 300000 ms and was aborted',
    );
    expect(new NetworkError('GET /v5/market/time', new TypeError('fetch failed')).message).toBe(
      'GET /v5/market/time failed before a response arrived: fetch failed',
    );
    expect(new InvalidResponseError('GET /v5/market/time', 502, 'body is not JSON', '<html>').message).toBe(
      'GET /v5/market/time returned an invalid response (HTTP 502): body is not JSON',
    );
  });
});
