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

/** A passphrase the rule accepts, for tests about something else. */
export const STRONG_PASSPHRASE = 'tangerine-otter-crosswind';
/** Another, for a change of passphrase. */
export const OTHER_STRONG_PASSPHRASE = 'velvet canyon drift 42';
