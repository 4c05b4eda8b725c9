import { expect, it } from 'vitest';
import { deriveMasterKey, fromBase64, open, PBKDF2_ITERATIONS, seal, toBase64 } from './vault-crypto';

const hex = (base64: string) => Buffer.from(fromBase64(base64)).toString('hex');
const KEY = toBase64(new Uint8Array(32).fill(7));

it('derives keys with PBKDF2-SHA256 at 600,000 iterations in production', () => {
  expect(PBKDF2_ITERATIONS).toBe(600_000);
});

it('derives the published PBKDF2-HMAC-SHA256 test vector (RFC 7914, section 11)', async () => {
  const key = await deriveMasterKey('passwd', toBase64(new TextEncoder().encode('salt')), 1);

  expect(hex(key)).toBe('55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc');
});

it('opens what it sealed', async () => {
  await expect(open(KEY, await seal(KEY, 'my secret'))).resolves.toBe('my secret');
});

it('gives each sealed record its own 16-byte salt and 12-byte IV', async () => {
  const first = await seal(KEY, 'same text');
  const second = await seal(KEY, 'same text');

  expect(fromBase64(first.salt)).toHaveLength(16);
  expect(fromBase64(first.iv)).toHaveLength(12);
  expect(second.salt).not.toBe(first.salt);
  expect(second.iv).not.toBe(first.iv);
  expect(second.data).not.toBe(first.data);
});

it('does not open a record with another key, nor a tampered record', async () => {
  const sealed = await seal(KEY, 'my secret');
  const otherKey = toBase64(new Uint8Array(32).fill(8));
  const bytes = fromBase64(sealed.data);
  bytes[0] = (bytes[0] ?? 0) ^ 1;

  await expect(open(otherKey, sealed)).resolves.toBeUndefined();
  await expect(open(KEY, { ...sealed, data: toBase64(bytes) })).resolves.toBeUndefined();
});
