import { expect } from 'vitest';

/** Markup: hostile where a symbol or a site belongs, but a legal (if odd) passphrase. */
export const MARKUP = '<img src=x onerror=alert(1)>';
/** What a trader (or a broken page) can type or paste into an options field. */
export const HOSTILE_TEXT = [
  'X'.repeat(1_000_000),
  'BTC\u0000USDT',
  'BTC\nUSDT\r\t',
  '\u202eTDSU-CTB',
  MARKUP,
  '',
] as const;
/** What no form sends, but a broken or hostile extension page could. */
export const WRONG_TYPES = [42, null, true, ['BTCUSDT'], { symbol: 'BTCUSDT' }] as const;
export const HOSTILE_INPUTS: readonly unknown[] = [...HOSTILE_TEXT, ...WRONG_TYPES];

/** The words of a refusal: the router's error, or the problems a credentials save lists per field. */
function refusalWords(reply: unknown): string[] {
  const answer = reply as
    | { ok: false; error: { name: string; message: string } }
    | { ok: true; data: { saved?: false; problems?: Record<string, string> } };
  if (!answer.ok) {
    expect(answer.error.name).toMatch(/Error$/);
    return [answer.error.message];
  }
  expect(answer.data.saved, 'a hostile value was accepted').toBe(false);
  return Object.values(answer.data.problems ?? {});
}

/**
 * A refusal a trader can read: a Perch error or field problems, each a few lines of words without hidden
 * characters. A refusal of a secret field never repeats the value at all.
 */
export function expectReadableRefusal(reply: unknown, secretValue?: unknown) {
  const words = refusalWords(reply);
  expect(words.length).toBeGreaterThan(0);
  for (const message of words) {
    expect(message.length).toBeGreaterThan(10);
    expect(message.length).toBeLessThanOrEqual(400);
    const hidden = message.replace(/./gsu, (char) =>
      char.charCodeAt(0) < 0x20 || char === '\u202e' ? char : '',
    );
    expect(hidden).toBe('');
    if (typeof secretValue === 'string' && secretValue.length >= 8)
      expect(message).not.toContain(secretValue);
  }
}
