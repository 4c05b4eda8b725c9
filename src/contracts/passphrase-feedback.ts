import type { MatchExtended, TranslationKeys, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * zxcvbn's findings in a trader's words. Built without translations, zxcvbn reports each finding by its key; every
 * key has its sentence here (the types make a new key a compile error), some reworded where zxcvbn speaks of
 * "passwords" or of data Perch never gives it.
 */
type WarningKey = keyof TranslationKeys['warnings'];
type SuggestionKey = keyof TranslationKeys['suggestions'];

/** What makes it easy to guess, to follow "Too easy to guess: ". */
const WARNING_WORDS: Record<WarningKey, string> = {
  straightRow: 'it has a straight row of keys, like "qwerty"',
  keyPattern: 'it has a short keyboard pattern',
  simpleRepeat: 'it repeats a character, like "aaa"',
  extendedRepeat: 'it repeats a pattern, like "abcabc"',
  sequences: 'it has a common sequence, like "abc" or "1234"',
  recentYears: 'it has a recent year',
  dates: 'it has a date',
  topTen: 'it is one of the most used passwords',
  topHundred: 'it is one of the most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is close to a commonly used password',
  wordByItself: 'it is a single word',
  namesByThemselves: 'it is a single name',
  commonNames: 'it is made of common names',
  userInputs: 'it uses words about you or this page',
  pwned: 'it appeared in a data breach',
};

/** One more hint after the general advice, where zxcvbn has a specific one; the first that applies wins. */
const SUGGESTION_WORDS: Partial<Record<SuggestionKey, string>> = {
  l33t: 'Swapping letters for look-alike symbols, like @ for a, does not help.',
  reverseWords: 'Spelling a word backwards does not help.',
  allUppercase: 'Capitals everywhere do not help.',
  capitalization: 'A capital first letter does not help.',
  dates: 'Leave out dates and years that mean something to you.',
  recentYears: 'Leave out recent years.',
  associatedYears: 'Leave out years that mean something to you.',
  sequences: 'Leave out sequences like "abc" or "1234".',
  repeated: 'Leave out repeated words and characters.',
  longerKeyboardPattern: 'Leave out keyboard patterns.',
};

const ADVICE = 'Add more words — a few unrelated words make a strong passphrase.';

/** A piece of no letters at all: digits, symbols (zxcvbn finds "1234" in its word lists too). */
const hasNoLetters = (token: string) => !/\p{L}/u.test(token);
const isWord = (match: MatchExtended) =>
  (match.pattern === 'dictionary' || match.pattern === 'wordSequence') && !hasNoLetters(match.token);

/**
 * Common words with digits or symbols around them ("bitcoin2024", "password1234", "liquidation!") is the weak
 * passphrase traders choose most; zxcvbn has no warning of its own for it, so it is named from what zxcvbn found.
 */
function wordsWithExtras(sequence: readonly MatchExtended[]): string | undefined {
  const words = sequence.filter(isWord).length;
  const extras = sequence.filter((match) => !isWord(match)).map((match) => match.token);
  if (words === 0 || extras.length === 0 || !extras.every(hasNoLetters)) return undefined;
  const kinds = [
    ...(extras.some((token) => /\d/.test(token)) ? ['digits'] : []),
    ...(extras.some((token) => /[^\d\s]/.test(token)) ? ['symbols'] : []),
  ].join(' and ');
  return `${words === 1 ? 'it is a common word' : 'it is common words'} with ${kinds || 'spaces'}`;
}

function weakness({ feedback, sequence }: ZxcvbnResult): string {
  const named = wordsWithExtras(sequence);
  if (named !== undefined) return named;
  const warning = feedback.warning;
  if (warning !== null && Object.hasOwn(WARNING_WORDS, warning)) return WARNING_WORDS[warning as WarningKey];
  return sequence.every(isWord) ? 'it is made of common words' : 'it follows a pattern that is easy to guess';
}

/** Why a passphrase scored too low, and what to do about it. */
export function weaknessWords(estimate: ZxcvbnResult): string {
  // The first of SUGGESTION_WORDS that zxcvbn made, in that order: look-alike symbols outrank capitals.
  const hint = Object.entries(SUGGESTION_WORDS).find(([key]) =>
    estimate.feedback.suggestions.includes(key),
  )?.[1];
  return [`Too easy to guess: ${weakness(estimate)}.`, ADVICE, ...(hint === undefined ? [] : [hint])].join(
    ' ',
  );
}

/** How strong an accepted passphrase is. */
export function acceptedWords(score: number): string {
  return score >= 4 ? 'Strong: very hard to guess.' : 'Good: hard to guess.';
}
