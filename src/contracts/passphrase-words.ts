import * as z from 'zod/mini';

/**
 * The file every build carries beside its scripts (wxt.config.ts writes it from scripts/passphrase-words.ts):
 * the word lists a new passphrase is checked against. They are about 1.2 MB (0.5 MB gzip), so neither the worker
 * nor the options page bundles them: each reads the file only when a passphrase is being chosen.
 */
export const PASSPHRASE_WORDS_FILE = 'passphrase-words.json';

/** zxcvbn's inputs: ranked word lists by name (most common first), and keyboard layouts for typed patterns. */
export const passphraseWords = z.object({
  dictionary: z.record(z.string(), z.array(z.string())),
  graphs: z.record(z.string(), z.record(z.string(), z.array(z.nullable(z.string())))),
});
export type PassphraseWords = z.infer<typeof passphraseWords>;
