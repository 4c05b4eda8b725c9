import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { acceptedWords, weaknessWords } from './passphrase-feedback';
import type { PassphraseWords } from './passphrase-words';

/** The rule for a new vault passphrase; one that already opens the vault is never judged again. */
export const MIN_PASSPHRASE_LENGTH = 12;
export const MAX_PASSPHRASE_LENGTH = 1024;
/**
 * zxcvbn scores 0 to 4; 3 is its "safely unguessable": about 10^8 guesses or more. A thief who copied storage.local
 * guesses offline against PBKDF2 (600,000 rounds per try), so weaker passphrases fall within days.
 */
export const MIN_PASSPHRASE_SCORE = 3;

export type PassphraseVerdict =
  { readonly accepted: true; readonly words: string } | { readonly accepted: false; readonly words: string };

/** Judges a new passphrase, in words a trader understands. */
export type PassphraseRule = (passphrase: string) => PassphraseVerdict;

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
const characterCount = (text: string) => Array.from(text).length;

/** Builds the rule from the word lists (a fraction of a second: the lists are indexed once per rule). */
export function createPassphraseRule(words: PassphraseWords): PassphraseRule {
  const estimator = new ZxcvbnFactory({ dictionary: words.dictionary, graphs: words.graphs });
  return (passphrase) => {
    const length = characterCount(passphrase);
    if (length < MIN_PASSPHRASE_LENGTH)
      return {
        accepted: false,
        words: `Too short: ${MIN_PASSPHRASE_LENGTH} characters or more (this one has ${length}).`,
      };
    if (length > MAX_PASSPHRASE_LENGTH)
      return {
        accepted: false,
        words: `Too long: ${MAX_PASSPHRASE_LENGTH} characters at most (this one has ${length}).`,
      };
    const estimate = estimator.check(passphrase);
    return estimate.score < MIN_PASSPHRASE_SCORE
      ? { accepted: false, words: weaknessWords(estimate) }
      : { accepted: true, words: acceptedWords(estimate.score) };
  };
}
