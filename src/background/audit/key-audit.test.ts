import { describe, expect, it } from 'vitest';
import { AuthError, NetworkError, type ExchangeId, type KeyPermissions } from '../../exchanges';
import type { ConnectionProfile } from '../services';
import { createFakeExchange, tradeKey } from './exchange-fake.test-helper';
import { auditKey } from './key-audit';

const NOW = Date.UTC(2026, 10, 23);
const DAY_MS = 86_400_000;
const now = () => NOW;

const profileOf = (exchange: ExchangeId, rest: Partial<ConnectionProfile> = {}): ConnectionProfile => ({
  exchange,
  enabled: true,
  environment: 'live',
  region: undefined,
  ...rest,
});

const withKey = (exchange: ExchangeId, key: Partial<KeyPermissions>) =>
  createFakeExchange(exchange, {
    getAccountConfig: () =>
      Promise.resolve({
        exchange,
        uid: '1',
        positionMode: undefined,
        permissions: { ...tradeKey(exchange), ...key },
      }),
  });

const rejection = (exchange: ExchangeId, code: string, httpStatus = 401) =>
  new AuthError({
    exchange,
    endpoint: 'GET /x',
    httpStatus,
    code,
    exchangeMessage: 'refused',
    raw: {},
  });

const messages = (audit: { findings: { message: string }[] }) => audit.findings.map((f) => f.message);

describe.each(['okx', 'bybit'] as const)('%s key audit', (exchange) => {
  it('reports reachability, clock offset, equity and what a trade key may do', async () => {
    const audit = await auditKey(
      createFakeExchange(exchange, { syncClock: () => Promise.resolve(120) }),
      profileOf(exchange),
      now,
    );

    expect(audit).toEqual({
      exchange,
      environment: 'live',
      reachable: true,
      clockOffsetMs: 120,
      totalEquityUsd: '1000',
      permissions: { canTrade: true, canWithdraw: false, raw: tradeKey(exchange).raw, ips: [] },
      findings: [
        { level: 'ok', message: 'Your clock agrees with the exchange.' },
        { level: 'ok', message: 'This key can trade: Perch can close positions with it.' },
        { level: 'info', message: 'This key is not bound to an IP address: it works from anywhere.' },
      ],
    });
  });

  it('gives a withdraw permission a strong warning', async () => {
    const audit = await auditKey(withKey(exchange, { canWithdraw: true }), profileOf(exchange), now);

    expect(audit.findings[1]?.level).toBe('danger');
    expect(audit.findings[1]?.message).toMatch(/can WITHDRAW funds/);
    // The options page's section on which permissions a key needs (src/options/KeyPermissionsSection.tsx).
    expect(audit.findings[1]?.message).toMatch(/"Key permissions" on the options page/);
  });

  it('says a read-only key cannot close positions, and names a bound IP', async () => {
    const audit = await auditKey(
      withKey(exchange, { canTrade: false, ips: ['203.0.113.7'] }),
      profileOf(exchange),
      now,
    );

    expect(messages(audit)).toContain(
      'This key is read-only: Perch shows the account but cannot close positions.',
    );
    expect(messages(audit)).toContain('This key works only from 203.0.113.7.');
  });

  it.each([
    [89.2 * DAY_MS, 90, 'info', 'This key expires in 90 days.'],
    [0.5 * DAY_MS, 1, 'warning', 'This key expires in 1 day.'],
    [-DAY_MS, 0, 'warning', 'This key has expired: create a new one.'],
  ])('shows an expiry %s ms away as %s days left', async (inMs, daysLeft, level, message) => {
    const audit = await auditKey(withKey(exchange, { expiresAt: NOW + inMs }), profileOf(exchange), now);

    expect(audit.permissions?.daysLeft).toBe(daysLeft);
    expect(audit.findings.at(-1)).toEqual({ level, message });
  });

  it('warns of a clock more than a second off', async () => {
    const audit = await auditKey(
      createFakeExchange(exchange, { syncClock: () => Promise.resolve(-2500) }),
      profileOf(exchange),
      now,
    );

    expect(audit.findings[0]?.message).toMatch(/clock is 2\.5 s ahead of the exchange's/);
  });

  it('an exchange that does not answer is unreachable, said in words', async () => {
    const down = createFakeExchange(exchange, {
      syncClock: () => Promise.reject(new NetworkError('GET /time', 'fetch failed')),
    });

    const audit = await auditKey(down, profileOf(exchange, { environment: 'demo' }), now);

    expect(audit.reachable).toBe(false);
    expect(audit).not.toHaveProperty('clockOffsetMs');
    expect(messages(audit)).toEqual([
      `Cannot reach ${exchange === 'okx' ? 'OKX' : 'Bybit'} demo trading: no connection to its servers.`,
    ]);
  });

  it('a wrong secret is named as such', async () => {
    const code = exchange === 'okx' ? '50113' : '10004';
    const audit = await auditKey(
      createFakeExchange(exchange, { getBalance: () => Promise.reject(rejection(exchange, code)) }),
      profileOf(exchange),
      now,
    );

    expect(audit.reachable).toBe(true);
    expect(messages(audit)).toContain('The secret does not belong to this API key: copy the secret again.');
  });
});

describe('mismatch explanations', () => {
  const failing = (exchange: ExchangeId, code: string) =>
    createFakeExchange(exchange, { getAccountConfig: () => Promise.reject(rejection(exchange, code)) });

  it.each([
    ['okx', '50101', { environment: 'live' }, 'This is a demo trading key: switch the environment to demo.'],
    [
      'okx',
      '50101',
      { environment: 'demo' },
      'This is a live key, not a demo trading key: switch the environment to live, or create a key under demo trading.',
    ],
    ['okx', '50119', { region: 'eea' }, /does not know this key in the eea region/],
    ['okx', '50102', {}, /clock is off/],
    ['okx', '50110', {}, /bound to other IP addresses/],
    ['bybit', '10003', { environment: 'testnet' }, /does not know this key on its testnet servers/],
    ['bybit', '10002', {}, /clock is off/],
    ['bybit', '10010', {}, /bound to other IP addresses/],
  ] as const)('%s %s on %o', async (exchange, code, profile, expected) => {
    const audit = await auditKey(failing(exchange, code), profileOf(exchange, profile), now);

    expect(audit.findings.at(-1)?.level).toBe('danger');
    expect(audit.findings.at(-1)?.message).toMatch(expected);
  });

  it('keeps the exchange words for a code it has no explanation for', async () => {
    const audit = await auditKey(failing('bybit', '99999'), profileOf('bybit'), now);

    expect(audit.findings.at(-1)?.message).toBe('Bybit said: refused');
  });
});
