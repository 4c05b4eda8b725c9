import { describe, expect, it } from 'vitest';
import { describeConnection } from './connection-label';
import { formatAge } from './format-age';

describe('describeConnection', () => {
  it.each([
    [
      { state: 'live', stale: false, dataAgeMs: 400 },
      { tone: 'live', text: 'live · 0.4 s' },
    ],
    [
      { state: 'live', stale: true, dataAgeMs: 42_000 },
      { tone: 'stale', text: 'stale · 42 s' },
    ],
    // A socket just back, before fresh data: its data is as old as the outage.
    [
      { state: 'live', stale: false, dataAgeMs: 13_000 },
      { tone: 'stale', text: 'stale · 13 s' },
    ],
    [
      { state: 'live', stale: false, dataAgeMs: 10_000 },
      { tone: 'live', text: 'live · 10 s' },
    ],
    [
      { state: 'connecting', stale: true },
      { tone: 'stale', text: 'stale' },
    ],
    [
      { state: 'down', stale: true, dataAgeMs: 61_000 },
      { tone: 'down', text: 'down · 1 min' },
    ],
    [
      { state: 'connecting', stale: false },
      { tone: 'connecting', text: 'connecting' },
    ],
    [
      { state: 'idle', stale: false },
      { tone: 'idle', text: 'idle' },
    ],
  ] as const)('says %j as %j', (status, shown) => {
    expect(describeConnection({ exchange: 'okx', ...status })).toEqual(shown);
  });

  it('says connecting before the first status came', () => {
    expect(describeConnection(undefined)).toEqual({ tone: 'connecting', text: 'connecting' });
  });
});

describe('formatAge', () => {
  it.each([
    [0, '0.0 s'],
    [9_949, '9.9 s'],
    [10_000, '10 s'],
    [59_999, '59 s'],
    [180_000, '3 min'],
    [7_200_000, '2 h'],
  ])('shows %d ms as %s', (ms, shown) => {
    expect(formatAge(ms)).toBe(shown);
  });
});
