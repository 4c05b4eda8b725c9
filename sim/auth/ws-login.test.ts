import { describe, expect, it } from 'vitest';
import { verifyBybitAuth, verifyOkxLogin } from './ws-login.js';

// Worked vectors O3/B3 from docs/protocol.md "Worked vectors".
const okx = { apiKey: 'test-key', secretKey: 'test-secret', passphrase: 'test-pass' };
const bybit = { apiKey: 'test-key', apiSecret: 'test-secret' };
const okxLookup = (key: string) => (key === okx.apiKey ? okx : undefined);
const bybitLookup = (key: string) => (key === bybit.apiKey ? bybit : undefined);
const okxArgs = (overrides: Record<string, string> = {}) => [
  {
    apiKey: 'test-key',
    passphrase: 'test-pass',
    timestamp: '1704067200',
    sign: 'k1dFp1IMROdMPFI4SAuHu+0K4I5MDSYKEd1sG9AHudM=',
    ...overrides,
  },
];
const okxNow = 1704067200_000;
const reasonOf = (result: { ok: boolean; reason?: string }) => (result.ok ? 'ok' : result.reason);

describe('verifyOkxLogin', () => {
  it('accepts the worked login vector', () => {
    expect(reasonOf(verifyOkxLogin(okxArgs(), okxLookup, okxNow))).toBe('ok');
  });

  it.each([
    ['unknownKey', { apiKey: 'nobody' }],
    ['wrongPassphrase', { passphrase: 'nope' }],
    ['badSign', { sign: 'AAAA' }],
    ['params', { timestamp: 'soon' }],
  ])('refuses with %s', (reason, overrides) => {
    expect(reasonOf(verifyOkxLogin(okxArgs(overrides), okxLookup, okxNow))).toBe(reason);
  });

  it('refuses a timestamp more than 30 s away as expired', () => {
    expect(reasonOf(verifyOkxLogin(okxArgs(), okxLookup, okxNow + 31_000))).toBe('expired');
  });

  it('refuses a login without args', () => {
    expect(reasonOf(verifyOkxLogin(undefined, okxLookup, okxNow))).toBe('params');
  });
});

describe('verifyBybitAuth', () => {
  const sign = '0a3955527cd3e9bf71ec111c7921f28d88515ddc9cc0652c1852cb2e0a3ec512';
  it('accepts the worked auth vector while expires is in the future', () => {
    expect(reasonOf(verifyBybitAuth(['test-key', 1704067205000, sign], bybitLookup, 1704067200000))).toBe(
      'ok',
    );
  });

  it('refuses an auth whose expires has passed', () => {
    expect(reasonOf(verifyBybitAuth(['test-key', 1704067205000, sign], bybitLookup, 1704067205000))).toBe(
      'expired',
    );
  });

  it('refuses a wrong signature and an unknown key', () => {
    expect(reasonOf(verifyBybitAuth(['test-key', 1704067205000, 'ff'], bybitLookup, 1704067200000))).toBe(
      'badSign',
    );
    expect(reasonOf(verifyBybitAuth(['other', 1704067205000, sign], bybitLookup, 1704067200000))).toBe(
      'unknownKey',
    );
  });
});
