import { describe, expect, it } from 'vitest';
import { okxEnvironmentHeaders, okxRestBaseUrl, okxSocketUrl } from './hosts';

describe('OKX hosts', () => {
  it.each([
    [undefined, 'https://www.okx.com', 'wss://ws.okx.com:8443'],
    ['global', 'https://www.okx.com', 'wss://ws.okx.com:8443'],
    ['eea', 'https://eea.okx.com', 'wss://wseea.okx.com:8443'],
    ['us', 'https://app.okx.com', 'wss://wsus.okx.com:8443'],
    ['aws', 'https://aws.okx.com', 'wss://wsaws.okx.com:8443'],
  ])('serves region %s from its own REST and socket hosts', (apiRegion, rest, ws) => {
    const options = apiRegion === undefined ? {} : { apiRegion };
    expect(okxRestBaseUrl(options)).toBe(rest);
    expect(okxSocketUrl('public', options)).toBe(`${ws}/ws/v5/public`);
    expect(okxSocketUrl('private', options)).toBe(`${ws}/ws/v5/private`);
    expect(okxSocketUrl('business', options)).toBe(`${ws}/ws/v5/business`);
  });

  it.each([
    ['global', 'wss://wspap.okx.com:8443'],
    ['eea', 'wss://wseeapap.okx.com:8443'],
    ['us', 'wss://wsuspap.okx.com:8443'],
  ])('uses the live REST host and the demo sockets of %s in demo', (apiRegion, ws) => {
    const options = { apiRegion, demoTrading: true };
    expect(okxRestBaseUrl(options)).toBe(okxRestBaseUrl({ apiRegion }));
    expect(okxEnvironmentHeaders(options)).toEqual({ 'x-simulated-trading': '1' });
    expect(okxSocketUrl('public', options)).toBe(`${ws}/ws/v5/public`);
    expect(okxSocketUrl('private', options)).toBe(`${ws}/ws/v5/private`);
    expect(okxSocketUrl('business', options)).toBe(`${ws}/ws/v5/business?brokerId=9999`);
  });

  it('sends no simulated-trading header when live', () => {
    expect(okxEnvironmentHeaders({})).toEqual({});
  });

  it('has no demo sockets on AWS and says where demo exists', () => {
    expect(() => okxSocketUrl('public', { apiRegion: 'aws', demoTrading: true })).toThrow(
      'OKX demo trading has no socket host in region "aws". Demo trading is available in: global, eea, us.',
    );
    expect(() => okxSocketUrl('public', { apiRegion: 'aws', demoTrading: true })).toThrow(
      expect.objectContaining({ choices: ['global', 'eea', 'us'] }),
    );
  });

  it('rejects an unknown region with the exact message and lists the valid ones', () => {
    expect(() => okxRestBaseUrl({ apiRegion: 'mars' })).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: 'No base URL found for region "mars". Check that your "apiRegion" value is valid.',
        choices: ['global', 'eea', 'us', 'aws'],
      }),
    );
    expect(() => okxSocketUrl('public', { apiRegion: 'mars' })).toThrow(
      'No base URL found for region "mars".',
    );
  });

  it('lets a base-URL override replace REST and socket origins, keeping the real paths', () => {
    const options = {
      apiRegion: 'mars',
      restBaseUrl: 'http://127.0.0.1:4100/',
      wsBaseUrl: 'ws://127.0.0.1:4100',
    };
    expect(okxRestBaseUrl(options)).toBe('http://127.0.0.1:4100');
    expect(okxSocketUrl('private', options)).toBe('ws://127.0.0.1:4100/ws/v5/private');
    expect(okxSocketUrl('business', { ...options, demoTrading: true })).toBe(
      'ws://127.0.0.1:4100/ws/v5/business?brokerId=9999',
    );
  });
});
