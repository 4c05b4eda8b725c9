import { SigningError } from './errors';

/**
 * The only path to the runtime's globals: Web Crypto, TextEncoder and AbortController. src/exchanges
 * compiles without DOM and Node types, so these globals are reached through a typed cast of
 * `globalThis` rather than an ambient `declare global` (which would clash with the DOM types of the
 * extension build).
 */

interface HmacSubtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

/** The part of AbortSignal that fetch needs; structurally the DOM/Node AbortSignal. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(): void;
}

interface RuntimeGlobals {
  crypto?: { subtle?: HmacSubtle };
  TextEncoder?: new () => { encode(input: string): Uint8Array };
  AbortController?: new () => AbortControllerLike;
}

const runtime = globalThis as unknown as RuntimeGlobals;

export const WEB_CRYPTO_UNAVAILABLE = 'Web Crypto API unavailable. Authentication will not work.';

/** Throws the SDK's message when this runtime has no `crypto.subtle` (checked before anything is signed). */
export function assertWebCrypto(globals: RuntimeGlobals = runtime): HmacSubtle {
  const subtle = globals.crypto?.subtle;
  if (subtle === undefined) throw new SigningError(WEB_CRYPTO_UNAVAILABLE);
  return subtle;
}

const encoder = runtime.TextEncoder === undefined ? undefined : new runtime.TextEncoder();

export function utf8(text: string): Uint8Array {
  if (encoder === undefined)
    throw new SigningError('TextEncoder unavailable: cannot encode text for signing.');
  return encoder.encode(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** HMAC-SHA256 over a string (UTF-8) or raw bytes, with a key fixed when the signer was made. */
export type HmacSha256 = (message: string | Uint8Array) => Promise<Uint8Array>;

/**
 * A signer keyed with the secret's UTF-8 bytes. The key is imported on first use and kept, so a REST
 * client signing every private request does not re-encode and re-import the secret each time.
 * Throws at once when the runtime has no Web Crypto.
 */
export function createHmacSha256(secret: string, subtle: HmacSubtle = assertWebCrypto()): HmacSha256 {
  let key: Promise<unknown> | undefined;
  return async (message) => {
    key ??= subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const data = typeof message === 'string' ? utf8(message) : message;
    return new Uint8Array(await subtle.sign('HMAC', await key, data));
  };
}

/** One HMAC-SHA256 with a secret used once (socket logins sign rarely). */
export async function hmacSha256(secret: string, message: string | Uint8Array): Promise<Uint8Array> {
  return createHmacSha256(secret)(message);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard Base64 with padding (btoa is not in the ES2023 lib, and works on binary strings only). */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64_ALPHABET.charAt((triple >> 18) & 63) + BASE64_ALPHABET.charAt((triple >> 12) & 63);
    out += b === undefined ? '=' : BASE64_ALPHABET.charAt((triple >> 6) & 63);
    out += c === undefined ? '=' : BASE64_ALPHABET.charAt(triple & 63);
  }
  return out;
}

/** An AbortController where the runtime has one (browsers, Node 16+); undefined elsewhere. */
export function createAbortController(): AbortControllerLike | undefined {
  return runtime.AbortController === undefined ? undefined : new runtime.AbortController();
}
