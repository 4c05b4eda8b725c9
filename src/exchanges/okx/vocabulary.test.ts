import { describe, expect, it } from 'vitest';
import { OKX_KINDS, OKX_SLOTS } from './vocabulary';

describe('OKX vocabulary', () => {
  it.each([
    ['spot', 'SPOT'],
    ['margin', 'MARGIN'],
    ['perpetual', 'SWAP'],
    ['future', 'FUTURES'],
    ['option', 'OPTION'],
  ] as const)('maps the kind %s to instType %s and back', (kind, instType) => {
    expect(OKX_KINDS.theirs(kind)).toBe(instType);
    expect(OKX_KINDS.ours(instType)).toBe(kind);
  });

  it.each([
    ['one-way', 'net'],
    ['long', 'long'],
    ['short', 'short'],
  ] as const)('maps the slot %s to posSide %s and back', (slot, posSide) => {
    expect(OKX_SLOTS.theirs(slot)).toBe(posSide);
    expect(OKX_SLOTS.ours(posSide)).toBe(slot);
  });

  it('refuses a kind it lacks with the valid ones, and never guesses one OKX sends', () => {
    expect(() => OKX_KINDS.theirs('swap')).toThrow(
      'OKX has no instrument kind "swap". Valid choices: spot, margin, perpetual, future, option.',
    );
    expect(() => OKX_KINDS.ours('SPREAD')).toThrow(
      'instrument kind "SPREAD" is not one of SPOT, MARGIN, SWAP, FUTURES, OPTION',
    );
    expect(() => OKX_SLOTS.ours('both')).toThrow('position slot "both" is not one of net, long, short');
  });
});
