import { describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, RateLimitError } from '../../exchanges';
import { fallbackProblem } from './fallback-problem';

describe('a failed REST fallback in the words the popup shows', () => {
  it("names the gateway's status, never its page or the endpoint", () => {
    const gateway = new InvalidResponseError('GET /api/v5/account/positions', 502, 'not JSON', '<html>…');
    expect(fallbackProblem('okx', 'the account', gateway)).toBe(
      'OKX did not answer (HTTP 502) when Perch asked for the account, so what Perch shows of the account may be out of date.',
    );
  });

  it('says when no answer came at all, and when the exchange is limiting requests', () => {
    expect(
      fallbackProblem('bybit', 'prices', new NetworkError('GET /v5/market/tickers', 'fetch failed')),
    ).toBe(
      'Bybit did not answer when Perch asked for prices, so what Perch shows of prices may be out of date.',
    );
    const limited = new RateLimitError({
      exchange: 'bybit',
      endpoint: 'GET /v5/position/list',
      httpStatus: 429,
      code: '10429',
      exchangeMessage: 'System level frequency protection',
      raw: {},
    });
    expect(fallbackProblem('bybit', 'the account', limited)).toBe(
      'Bybit is limiting requests, so what Perch shows of the account may be out of date.',
    );
  });
});
