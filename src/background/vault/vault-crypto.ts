/**
 * The vault's cryptography, WebCrypto only (the worker has no other crypto, and Node's tests share it).
 *
 * The passphrase is stretched once per unlock with PBKDF2-SHA256 into 32 bytes of key material. Each
 * record then gets its own random 16-byte salt, from which HKDF-SHA256 draws that record's AES-GCM 256
 * key, and its own random 12-byte IV. So every record has a fresh salt and IV while an unlock costs one
 * slow derivation, not one per record.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; tests inject fewer, production never does. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BYTES = 32;
const RECORD_INFO = new TextEncoder().encode('perch vault record v1');

/** One encrypted value, as stored: base64 of the salt, the IV and the AES-GCM ciphertext with its tag. */
export interface SealedRecord {
  readonly salt: string;
  readonly iv: string;
  readonly data: string;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function randomBase64(bytes = SALT_BYTES): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Stretches the passphrase into the vault's key material (base64 of 32 bytes). */
export async function deriveMasterKey(passphrase: string, salt: string, iterations: number): Promise<string> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(salt), iterations },
    base,
    KEY_BYTES * 8,
  );
  return toBase64(new Uint8Array(bits));
}

async function recordKey(masterKey: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', fromBase64(masterKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: RECORD_INFO },
    material,
    { name: 'AES-GCM', length: KEY_BYTES * 8 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function seal(masterKey: string, plaintext: string): Promise<SealedRecord> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await recordKey(masterKey, salt),
    new TextEncoder().encode(plaintext),
  );
  return { salt: toBase64(salt), iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** The plaintext, or undefined when the key is not the one the record was sealed with (GCM's tag fails). */
export async function open(masterKey: string, record: SealedRecord): Promise<string | undefined> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(record.iv) },
      await recordKey(masterKey, fromBase64(record.salt)),
      fromBase64(record.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}
