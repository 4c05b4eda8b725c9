import * as z from 'zod/mini';
import { MAX_AUTO_LOCK_MINUTES } from '../../contracts/vault';
import { storage } from '../../platform/storage';
import { trustedStorage } from '../../platform/trusted-storage';

const sealedRecord = z.object({ salt: z.string(), iv: z.string(), data: z.string() });

/**
 * One generation of the vault: everything sealed under one passphrase. `id` ties the unlocked key in
 * storage.session to the generation it opens, so a key left over from an older generation never counts.
 */
export const vaultGeneration = z.object({
  id: z.string(),
  kdf: z.object({ name: z.literal('PBKDF2-SHA256'), salt: z.string(), iterations: z.number() }),
  /** A known text sealed with the key: a wrong passphrase fails here, before any record is touched. */
  verifier: sealedRecord,
  records: z.object({
    okx: z.optional(z.object({ maskedKey: z.string(), sealed: sealedRecord })),
    bybit: z.optional(z.object({ maskedKey: z.string(), sealed: sealedRecord })),
  }),
});
export type VaultGeneration = z.infer<typeof vaultGeneration>;
export type SlotName = 'a' | 'b';

/** What one sealed record holds once opened: an exchange's credentials as the trader entered them. */
export const openedCredentials = z.object({
  apiKey: z.string(),
  secret: z.string(),
  passphrase: z.exactOptional(z.string()),
});

export const vaultPointer = z.object({ active: z.enum(['a', 'b']), generation: z.string() });
export type VaultPointer = z.infer<typeof vaultPointer>;

/**
 * A passphrase change writes the new generation into the other slot, then switches this pointer in one
 * storage write: before the switch the old generation is the vault, after it the new one.
 */
export const pointerItem = trustedStorage.defineItem<VaultPointer | null>('vaultPointer', {
  version: 1,
  fallback: null,
});

export const slotItems: Record<SlotName, ReturnType<typeof defineSlot>> = {
  a: defineSlot('a'),
  b: defineSlot('b'),
};

function defineSlot(name: SlotName) {
  return trustedStorage.defineItem<VaultGeneration | null>(`vaultSlot_${name}`, {
    version: 1,
    fallback: null,
  });
}

/**
 * The unlocked vault, in storage.session only (in memory, trusted contexts, gone with the browser). It
 * keeps the PBKDF2 output as base64 rather than a CryptoKey: storage holds JSON only, and raw bytes let
 * each record's key be drawn with HKDF. Never the passphrase itself. `lockAt` is the auto-lock deadline,
 * kept here so a worker restart still locks on time.
 */
export const unlockedSession = z.object({
  generation: z.string(),
  masterKey: z.string(),
  lockAt: z.number(),
});
export type UnlockedSession = z.infer<typeof unlockedSession>;

export const sessionItem = storage.defineItem<UnlockedSession | null>('session:vaultUnlocked', {
  version: 1,
  fallback: null,
  migrations: {},
});

export const DEFAULT_AUTO_LOCK_MINUTES = 15;

export const autoLockMinutes = z.int().check(z.minimum(1), z.maximum(MAX_AUTO_LOCK_MINUTES));

export const autoLockItem = trustedStorage.defineItem<number>('vaultAutoLockMinutes', {
  version: 1,
  fallback: DEFAULT_AUTO_LOCK_MINUTES,
});
