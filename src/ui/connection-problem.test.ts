import { describe, expect, it } from 'vitest';
import { connectionProblemWords } from './connection-problem';

describe('an exchange connection problem in words', () => {
  it.each([
    ['OKX public socket closed: 1006', 'okx', 'OKX connection dropped; reconnecting…'],
    ['OKX socket closed (1006).', 'okx', 'OKX connection dropped; reconnecting…'],
    ['closed: 1001 going away', 'bybit', 'Bybit connection dropped; reconnecting…'],
  ] as const)('says a dropped socket "%s" as a reconnect', (raw, exchange, words) => {
    expect(connectionProblemWords(exchange, raw)).toBe(words);
  });

  it('keeps the background’s own sentences', () => {
    const raw = 'Cannot reach OKX: nothing answers at 127.0.0.1:8766 (is the simulator running?).';
    expect(connectionProblemWords('okx', raw)).toBe(raw);
  });
});
