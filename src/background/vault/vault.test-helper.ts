import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { testPassphraseRule } from '../../contracts/passphrase-rule.test-helper';
import { createVault, type Vault, type VaultDeps } from './vault';

/** Few PBKDF2 rounds: the production 600,000 cost about a second per derivation, per test. */
export const TEST_ITERATIONS = 1_000;

export const OKX_KEYS = {
  apiKey: '5f1b7c2e-8d4a-4e6b-9c3f-2a7d1e9b0c64',
  secret: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  passphrase: 'Trader#Pass1',
};
export const BYBIT_KEYS = { apiKey: 'XyZ12abCD34efGH56i', secret: 'Qw3rTy7uIoP9aSdF1gHjK2lZxC4vBnM6qWeR' };

export interface TestVault {
  readonly vault: Vault;
  readonly time: FakeTime;
}

/** The passphrase rule on the word lists every build carries, as the worker builds it. */
export const testRuleDeps: Pick<VaultDeps, 'passphraseRule'> = {
  passphraseRule: testPassphraseRule,
};

/** A vault as a fresh worker start builds it, on whatever fakeBrowser storage holds now. */
export async function startTestVault(time: FakeTime = createFakeTime()): Promise<TestVault> {
  const vault = createVault({
    clock: time.clock,
    timers: time.timers,
    iterations: TEST_ITERATIONS,
    ...testRuleDeps,
  });
  await vault.start();
  return { vault, time };
}
