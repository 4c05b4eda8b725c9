import type { CredentialProblems } from '../../contracts/vault';
import type { ExchangeId } from '../../exchanges';
import type { ExchangeCredentials } from '../services';
import { hasInvisibleCharacter } from '../invisible-characters';

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;
/** Below this length, showing 8 characters would give away too much of the key: show none. */
const MIN_LENGTH_TO_SHOW = 16;
const HIDDEN = '••••…••••';
/** Both exchanges issue keys and secrets of letters, digits and a few ASCII signs (hex, UUIDs, base62). */
const KEY_CHARACTERS = /^[\x21-\x7e]*$/;

/** The form Options may read back: the first and last 4 characters, e.g. `abcd…wxyz`. */
export function maskKey(apiKey: string): string {
  return apiKey.length < MIN_LENGTH_TO_SHOW ? HIDDEN : `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

function keyProblem(value: string, what: string): string | undefined {
  if (value === '') return `Enter the ${what}.`;
  if (/\s/.test(value))
    return `The ${what} contains a space or line break; copy it again from the exchange without them.`;
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH)
    return `The ${what} should be ${MIN_LENGTH} to ${MAX_LENGTH} characters long; this one has ${value.length}.`;
  if (!KEY_CHARACTERS.test(value))
    return `The ${what} contains a character no exchange key has (keys are letters, digits and a few signs); copy it again from the exchange.`;
  return undefined;
}

function passphraseProblem(exchange: ExchangeId, passphrase: string | undefined): string | undefined {
  if (exchange === 'bybit') {
    return passphrase === undefined || passphrase === ''
      ? undefined
      : 'Bybit API keys have no passphrase; leave it empty.';
  }
  if (passphrase === undefined || passphrase === '')
    return 'OKX API keys need the passphrase you chose when you created the key.';
  if (passphrase.trim() !== passphrase)
    return 'The OKX passphrase starts or ends with a space; copy it again without it.';
  if (passphrase.length > MAX_LENGTH)
    return `The OKX passphrase should be at most ${MAX_LENGTH} characters long; this one has ${passphrase.length}.`;
  if (hasInvisibleCharacter(passphrase))
    return 'The OKX passphrase contains a line break, tab or another invisible character; copy it again without it.';
  return undefined;
}

/** What is wrong with each field, in the trader's words; an empty object when the credentials look right. */
export function credentialProblems(
  exchange: ExchangeId,
  credentials: ExchangeCredentials,
): CredentialProblems {
  const problems = {
    apiKey: keyProblem(credentials.apiKey, 'API key'),
    secret: keyProblem(credentials.secret, 'secret key'),
    passphrase: passphraseProblem(exchange, credentials.passphrase),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
}
