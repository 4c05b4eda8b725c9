import { beforeAll, describe, expect, it } from 'vitest';
import type { PassphraseRule } from './passphrase-rule';
import { testPassphraseRule } from './passphrase-rule.test-helper';

const STRONG_PASSPHRASE = 'tangerine-otter-crosswind';

const ADVICE = 'Add more words — a few unrelated words make a strong passphrase.';
let judge: PassphraseRule;

beforeAll(async () => {
  judge = await testPassphraseRule();
});

describe('the rule for a new vault passphrase', () => {
  it('refuses one under 12 characters, saying how many it has', () => {
    expect(judge('perch-dev')).toEqual({
      accepted: false,
      words: 'Too short: 12 characters or more (this one has 9).',
    });
    expect(judge('')).toEqual({
      accepted: false,
      words: 'Too short: 12 characters or more (this one has 0).',
    });
  });

  it('counts characters as a person does: an emoji is one', () => {
    expect(judge('🦅'.repeat(11)).words).toBe('Too short: 12 characters or more (this one has 11).');
  });

  it('refuses one over 1024 characters', () => {
    expect(judge(`${STRONG_PASSPHRASE} `.repeat(40).slice(0, 1025))).toEqual({
      accepted: false,
      words: 'Too long: 1024 characters at most (this one has 1025).',
    });
  });

  it.each([
    ['password1234', 'it is a common word with digits'],
    ['bitcoin12345', 'it is a common word with digits'],
    ['liquidation!', 'it is a common word with symbols'],
    ['abcdefghijkl', 'it has a common sequence, like "abc" or "1234"'],
    ['hunter2hunter2', 'it repeats a pattern, like "abcabc"'],
  ])('refuses %j, long enough but easy to guess, saying why and what to do', (passphrase, why) => {
    const verdict = judge(passphrase);

    expect(verdict.accepted).toBe(false);
    expect(verdict.words).toMatch(new RegExp(`^Too easy to guess: ${escape(why)}\\. ${escape(ADVICE)}`));
  });

  it('adds the hint that fits: look-alike symbols do not make a common word strong', () => {
    expect(judge('P@ssw0rd1234')).toEqual({
      accepted: false,
      words: `Too easy to guess: it is a common word with digits. ${ADVICE} Swapping letters for look-alike symbols, like @ for a, does not help.`,
    });
  });

  it.each([
    STRONG_PASSPHRASE,
    'velvet canyon drift 42',
    'perch-dev-session-2026',
    'correct horse battery staple',
  ])('accepts %j, a few unrelated words', (passphrase) => {
    expect(judge(passphrase)).toEqual({ accepted: true, words: 'Strong: very hard to guess.' });
  });

  it('accepts one just hard enough to guess, and says it is good rather than strong', () => {
    expect(judge('ethereum2026')).toEqual({ accepted: true, words: 'Good: hard to guess.' });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
