import { beforeAll } from 'vitest';
import { createPassphraseRule, type PassphraseRule } from './passphrase-rule';

let rule: Promise<PassphraseRule> | undefined;

/**
 * The rule on the word lists every build carries, built once per test file and only when a test asks: reading the
 * lists takes a fraction of a second, which files that never judge a passphrase should not pay.
 */
export function testPassphraseRule(): Promise<PassphraseRule> {
  rule ??= import('../../scripts/passphrase-words').then(({ passphraseWords }) =>
    createPassphraseRule(passphraseWords()),
  );
  return rule;
}

/**
 * Loads the rule before the calling file's tests run (call it at the file's top level). On a busy machine reading
 * the word lists takes seconds, which belong to no one test's time; every set-up and change then takes milliseconds.
 */
export function loadPassphraseRuleFirst(): void {
  beforeAll(async () => {
    await testPassphraseRule();
  });
}
