import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `data` keyed with the secret's UTF-8 bytes (docs/protocol.md "Signing REST requests"). */
export function hmacSha256(secret: string, data: string | Uint8Array, encoding: 'base64' | 'hex'): string {
  return createHmac('sha256', secret).update(data).digest(encoding);
}

/** Compares two signatures without leaking where they differ. */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
