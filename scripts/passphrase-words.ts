import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import type { PassphraseWords } from '../src/contracts/passphrase-words';

/**
 * The word lists a new passphrase is checked against, for the build (wxt.config.ts writes them into every build as
 * PASSPHRASE_WORDS_FILE) and for the tests. Leaked passwords and diceware words (language-common), the common English
 * words and first names (language-en). Left out: language-en's surnames and Wikipedia words, which double the file
 * (another 0.4 MB gzip) and catch little more in a passphrase of 12 characters or more.
 */
export function passphraseWords(): PassphraseWords {
  return {
    dictionary: {
      ...commonDictionary,
      'commonWords-en': englishDictionary['commonWords-en'],
      'firstnames-en': englishDictionary['firstnames-en'],
    },
    graphs: adjacencyGraphs,
  };
}
