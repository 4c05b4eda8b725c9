import { createPassphraseRule, type PassphraseRule } from '../contracts/passphrase-rule';
import { PASSPHRASE_WORDS_FILE, passphraseWords, type PassphraseWords } from '../contracts/passphrase-words';

/**
 * The word lists this build carries, read from the extension's own package (an absolute path: the worker's and the
 * pages' origin is the extension). Checked like any other input, so nothing untyped gets past here.
 */
async function loadPassphraseWords(): Promise<PassphraseWords> {
  const response = await fetch(`/${PASSPHRASE_WORDS_FILE}`);
  if (!response.ok)
    throw new Error(`This build is missing ${PASSPHRASE_WORDS_FILE} (${String(response.status)}).`);
  return passphraseWords.parse(await response.json());
}

/** The rule for a new vault passphrase on this build's word lists: the worker's, and the options form's. */
export async function loadPassphraseRule(): Promise<PassphraseRule> {
  return createPassphraseRule(await loadPassphraseWords());
}
