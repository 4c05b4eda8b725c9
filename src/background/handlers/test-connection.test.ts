import { describe, expect, it } from 'vitest';
import type { ExchangeId } from '../../exchanges';
import { createFakeExchange, type FakeExchange } from '../audit/exchange-fake.test-helper';
import { createFakeCredentials, createFakeProfiles } from '../profiles/profile-fakes.test-helper';
import type { ConnectionProfile, ExchangeCredentials } from '../services';
import { createKeyAuditor } from '../audit/key-auditor';
import { createTestConnectionHandler } from './test-connection';

const CANDIDATE = { apiKey: 'candidate-key-1234', secret: 'candidate-secret-5678', passphrase: 'pass-90' };

function setup() {
  const credentials = createFakeCredentials();
  const built: {
    profile: ConnectionProfile;
    credentials: ExchangeCredentials | undefined;
    exchange: FakeExchange;
  }[] = [];
  const handler = createTestConnectionHandler(
    createKeyAuditor({
      profiles: createFakeProfiles(),
      credentials,
      build: (profile, keys) => {
        const exchange = createFakeExchange(profile.exchange);
        built.push({ profile, credentials: keys, exchange });
        return Promise.resolve(exchange);
      },
      buildMode: 'development',
      now: () => 0,
    }),
  );
  const test = (request: Parameters<typeof handler>[0]) => handler(request, { sender: 'options' });
  return { credentials, built, test };
}

describe.each(['okx', 'bybit'] as const)('%s test connection', (exchange: ExchangeId) => {
  it('audits candidate credentials on a throw-away Exchange and never echoes them', async () => {
    const { built, test } = setup();

    const audit = await test({ exchange, credentials: CANDIDATE });

    expect(audit).toMatchObject({ exchange, environment: 'simulator', reachable: true });
    expect(built[0]?.credentials).toEqual(CANDIDATE);
    expect(built[0]?.exchange.closed()).toBe(1);
    for (const secret of Object.values(CANDIDATE)) expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('uses the saved credentials and profile when none are given', async () => {
    const { credentials, built, test } = setup();
    credentials.set(exchange, { apiKey: 'saved', secret: 'saved-secret' });

    await test({ exchange });

    expect(built[0]).toMatchObject({
      profile: { exchange, environment: 'simulator' },
      credentials: { apiKey: 'saved', secret: 'saved-secret' },
    });
  });

  it('tries a candidate profile before it is saved', async () => {
    const { built, test } = setup();

    await test({
      exchange,
      credentials: CANDIDATE,
      profile: { exchange, enabled: true, environment: 'demo' },
    });

    expect(built[0]?.profile).toEqual({ exchange, enabled: true, environment: 'demo', region: undefined });
  });

  it('without a key to test, says so and builds nothing', async () => {
    const { built, test } = setup();

    const refusal = test({ exchange });
    await expect(refusal).rejects.toThrow(/API key to test: enter one, or unlock Perch/);
    await expect(refusal).rejects.toHaveProperty('name', 'InvalidRequestError');
    expect(built).toEqual([]);
  });
});

it('refuses an invalid candidate profile with the valid choices', async () => {
  const { test } = setup();

  await expect(
    test({
      exchange: 'okx',
      credentials: CANDIDATE,
      profile: { exchange: 'okx', enabled: true, environment: 'testnet' },
    }),
  ).rejects.toThrow(/choose one of "live", "demo", "simulator"/);
  await expect(
    test({
      exchange: 'okx',
      credentials: CANDIDATE,
      profile: { exchange: 'bybit', enabled: true, environment: 'live' },
    }),
  ).rejects.toMatchObject({ message: 'The profile is for Bybit, not OKX.' });
});
