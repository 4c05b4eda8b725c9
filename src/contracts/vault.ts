import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';
import { keyAudit } from './profiles';

/**
 * The vault's messages. Only extension pages may send them: nothing a content script sends reaches
 * credentials. No reply carries a secret: an API key comes back only masked (`abcd…wxyz`).
 */
const TRUSTED = ['popup', 'options'] as const;

/** Long enough for any real passphrase or key; anything longer is refused before it is looked at. */
const text = z.string().check(z.maxLength(4096));
const empty = z.strictObject({});
const done = z.object({});

export const vaultState = z.enum(['not-set-up', 'locked', 'unlocked']);
export type VaultState = z.infer<typeof vaultState>;

export const vaultStatus = defineMessage({
  name: 'vaultStatus',
  senders: TRUSTED,
  request: empty,
  response: z.object({
    state: vaultState,
    autoLockMinutes: z.number(),
    /** The exchanges with saved credentials, known even while locked. */
    credentials: z.array(z.object({ exchange: exchangeId, maskedKey: z.string() })),
  }),
});

export const vaultSetUp = defineMessage({
  name: 'vaultSetUp',
  senders: TRUSTED,
  request: z.strictObject({ passphrase: text }),
  response: done,
});

export const vaultUnlock = defineMessage({
  name: 'vaultUnlock',
  senders: TRUSTED,
  request: z.strictObject({ passphrase: text }),
  response: done,
});

export const vaultLock = defineMessage({
  name: 'vaultLock',
  senders: TRUSTED,
  request: empty,
  response: done,
});

export const vaultChangePassphrase = defineMessage({
  name: 'vaultChangePassphrase',
  senders: TRUSTED,
  request: z.strictObject({ current: text, next: text }),
  response: done,
});

export const credentialProblems = z.object({
  apiKey: z.optional(z.string()),
  secret: z.optional(z.string()),
  passphrase: z.optional(z.string()),
});
export type CredentialProblems = z.infer<typeof credentialProblems>;

/** The key audit run after a save, or, when it could not run (e.g. the exchange is turned off), why. */
export const saveAudit = z.discriminatedUnion('ran', [
  z.object({ ran: z.literal(true), result: keyAudit }),
  z.object({ ran: z.literal(false), reason: z.string() }),
]);
export type SaveAudit = z.infer<typeof saveAudit>;

export const vaultSaveCredentials = defineMessage({
  name: 'vaultSaveCredentials',
  senders: TRUSTED,
  request: z.strictObject({ exchange: exchangeId, apiKey: text, secret: text, passphrase: z.optional(text) }),
  /**
   * Saved (with the masked key to show and the key audit run on it), or what is wrong with each field;
   * never the values sent. An audit that could not run says why; the credentials stay saved either way.
   */
  response: z.discriminatedUnion('saved', [
    z.object({ saved: z.literal(true), maskedKey: z.string(), audit: saveAudit }),
    z.object({ saved: z.literal(false), problems: credentialProblems }),
  ]),
});

export const vaultForget = defineMessage({
  name: 'vaultForget',
  senders: TRUSTED,
  request: z.strictObject({ exchange: exchangeId }),
  response: done,
});

/** The longest auto-lock a trader may choose: a day, so keys never stay unlocked across days unattended. */
export const MAX_AUTO_LOCK_MINUTES = 24 * 60;

export const vaultSetAutoLock = defineMessage({
  name: 'vaultSetAutoLock',
  senders: TRUSTED,
  request: z.strictObject({ minutes: z.number() }),
  response: done,
});

export const vaultContracts = {
  vaultStatus,
  vaultSetUp,
  vaultUnlock,
  vaultLock,
  vaultChangePassphrase,
  vaultSaveCredentials,
  vaultForget,
  vaultSetAutoLock,
} as const;
