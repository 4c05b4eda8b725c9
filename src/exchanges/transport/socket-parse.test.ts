import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { mergeDefined, parseHotPush } from './socket-parse';

describe('mergeDefined', () => {
  it('lays the defined fields of a delta over the last value and keeps what it left out', () => {
    const last: { symbol: string; bid?: string | undefined; ask?: string | undefined; mark?: string } = {
      symbol: 'BTCUSDT',
      bid: '1',
      ask: '2',
      mark: '3',
    };
    const merged = mergeDefined(last, { bid: '1.5', ask: undefined });
    expect(merged).toEqual({ symbol: 'BTCUSDT', bid: '1.5', ask: '2', mark: '3' });
    expect(last.bid).toBe('1');
  });
});

describe('parseHotPush', () => {
  const schema = z.object({ n: z.number() });
  const isValid = (value: unknown): value is { n: number } =>
    typeof value === 'object' && value !== null && typeof (value as { n?: unknown }).n === 'number';

  it('hands back what the check passes as it is', () => {
    const push = { n: 1 };
    expect(parseHotPush(schema, isValid, push, 'Test')).toBe(push);
  });

  it('lets the schema refuse, in its words, what the check refuses', () => {
    expect(() => parseHotPush(schema, isValid, { n: '1' }, 'Test')).toThrow(
      'Test push did not match the documented shape at "n"',
    );
  });
});
