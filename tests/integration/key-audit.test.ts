import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyAuditor } from '../../src/background/audit/key-auditor';
import { createTestConnectionHandler } from '../../src/background/handlers/test-connection';
import {
  createFakeCredentials,
  createFakeProfiles,
} from '../../src/background/profiles/profile-fakes.test-helper';
import type { ExchangeId } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { simCredentials, simExchangeBuilder } from './profile-harness';
import { admin, useSim } from './sim-private-client';

/** The key audit of the options page's "test connection", against the simulator's keys. */
const fixture = useSim();
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

function testConnection(exchange: ExchangeId, credentials = simCredentials(sim, exchange)) {
  const handler = createTestConnectionHandler(
    createKeyAuditor({
      profiles: createFakeProfiles(),
      credentials: createFakeCredentials(),
      build: simExchangeBuilder(sim),
      buildMode: 'development',
      now: () => Date.now(),
    }),
  );
  return handler({ exchange, credentials }, { sender: 'options' });
}

const levels = (audit: { findings: { level: string }[] }) => audit.findings.map(({ level }) => level);

it('an OKX key without its passphrase is refused before anything is sent, saying what is missing', async () => {
  const { apiKey, secret } = simCredentials(sim, 'okx');
  const refusal = testConnection('okx', { apiKey, secret });

  await expect(refusal).rejects.toThrow(
    'OKX credentials need API key, secret and passphrase together; missing: passphrase.',
  );
  await expect(refusal).rejects.toHaveProperty('name', 'InvalidRequestError');
});

describe.each(['okx', 'bybit'] as const)('%s key audit on the simulator', (exchange) => {
  it.each([
    ['read_only', { canTrade: false, canWithdraw: false }],
    ['trade', { canTrade: true, canWithdraw: false }],
    ['trade_withdraw', { canTrade: true, canWithdraw: true }],
  ] as const)('reads a %s key', async (permission, expected) => {
    await admin(sim, 'permissions', { exchange, permission });

    const audit = await testConnection(exchange);

    expect(audit).toMatchObject({
      exchange,
      environment: 'simulator',
      reachable: true,
      permissions: expected,
    });
    expect(Number(audit.totalEquityUsd)).toBeGreaterThan(0);
    expect(Math.abs(audit.clockOffsetMs ?? Infinity)).toBeLessThan(1_000);
    expect(levels(audit).includes('danger')).toBe(permission === 'trade_withdraw');
  });

  it('reads the IP binding; on Bybit an unbound key has days left, a bound one none', async () => {
    const unbound = await testConnection(exchange);
    expect(unbound.permissions?.ips).toEqual([]);
    expect(unbound.permissions?.daysLeft).toBe(exchange === 'bybit' ? 89 : undefined);

    await admin(sim, 'key-ips', { exchange, ips: ['127.0.0.1'] });
    const bound = await testConnection(exchange);
    expect(bound.permissions?.ips).toEqual(['127.0.0.1']);
    expect(bound.permissions).not.toHaveProperty('daysLeft');
  });

  it('explains a key bound to other addresses', async () => {
    await admin(sim, 'key-ips', { exchange, ips: ['203.0.113.7'] });

    const audit = await testConnection(exchange);

    expect(audit.reachable).toBe(true);
    expect(audit.findings.at(-1)?.message).toMatch(/bound to other IP addresses/);
  });

  it('explains a demo trading key used on the live side', async () => {
    await admin(sim, 'key-kind', { exchange, kind: 'demo' });

    const audit = await testConnection(exchange);

    expect(audit.findings.at(-1)?.message).toMatch(
      exchange === 'okx'
        ? 'This is a demo trading key: switch the environment to demo.'
        : /Keys from the live site, testnet and demo trading work only where they were made/,
    );
  });

  it('explains a key the exchange does not know', async () => {
    const audit = await testConnection(exchange, { ...simCredentials(sim, exchange), apiKey: 'not-a-key' });

    expect(audit.findings.at(-1)?.message).toMatch(/does not know this key/);
  });
});
