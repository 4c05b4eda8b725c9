import { describe, expect, it } from 'vitest';
import { quotedInput } from './quoted-input';

describe('quoting what a page sent in an error message', () => {
  it('shows a short value as JSON', () => {
    expect(quotedInput('middle')).toBe('"middle"');
    expect(quotedInput(42)).toBe('42');
    expect(quotedInput(undefined)).toBe('undefined');
  });

  it('cuts a long value short', () => {
    expect(quotedInput('X'.repeat(1_000_000))).toBe(`"${'X'.repeat(39)}…`);
  });

  it('writes characters that could hide or reorder text as escapes', () => {
    expect(quotedInput('\u202eTDSU\u200b')).toBe('"\\u202eTDSU\\u200b"');
  });
});
