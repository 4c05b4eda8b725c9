import { describe, expect, it } from 'vitest';
import { mapBybitPosition } from './map';
import { bybitCategory, bybitCategoryOf, bybitKind, bybitPositionIdx, bybitSlot } from './vocabulary';

describe('Bybit vocabulary', () => {
  it.each([
    ['one-way', 0],
    ['long', 1],
    ['short', 2],
  ] as const)('maps the slot %s to positionIdx %i and back', (slot, positionIdx) => {
    expect(bybitPositionIdx(slot)).toBe(positionIdx);
    expect(bybitSlot(positionIdx)).toBe(slot);
  });

  it('refuses a positionIdx Bybit does not define', () => {
    expect(() => bybitSlot(3)).toThrow('position slot "3" is not one of 0, 1, 2');
  });

  it('refuses an unknown category with the valid ones instead of defaulting to linear', () => {
    expect(bybitCategory('inverse')).toBe('inverse');
    expect(() => bybitCategory('futures')).toThrow(
      'Bybit has no category "futures". Valid categories: spot, linear, inverse, option.',
    );
  });

  it.each([
    [{ kind: 'spot', symbol: 'BTCUSDT' }, 'spot'],
    [{ kind: 'margin', symbol: 'BTCUSDT' }, 'spot'],
    [{ kind: 'option', symbol: 'BTC-25DEC26-66000-C' }, 'option'],
    [{ kind: 'perpetual', symbol: 'BTCUSD', contractType: 'inverse' }, 'inverse'],
    [{ kind: 'future', symbol: 'BTC-26DEC25', contractType: 'linear' }, 'linear'],
    [{ kind: 'perpetual', symbol: 'BTCUSDT' }, undefined],
  ] as const)('puts %j in category %s', (ref, category) => {
    expect(bybitCategoryOf(ref)).toBe(category);
  });

  it('refuses a position row that names no category instead of taking it for linear', () => {
    expect(() => mapBybitPosition({ symbol: 'BTCUSD', side: 'Buy', size: '100', positionIdx: 0 })).toThrow(
      'the row names no category',
    );
  });

  it.each([
    ['linear', 'BTCUSDT', undefined, 'perpetual'],
    ['linear', 'BTC-26DEC25', undefined, 'future'],
    ['linear', 'BTCUSDT-26DEC25', undefined, 'future'],
    ['inverse', 'BTCUSDH26', undefined, 'future'],
    ['inverse', 'BTCUSD', undefined, 'perpetual'],
    ['linear', 'BTCPERP', 'LinearPerpetual', 'perpetual'],
    ['inverse', 'BTCUSDZ25', 'InverseFutures', 'future'],
    ['option', 'BTC-25DEC26-66000-C', undefined, 'option'],
    ['spot', 'BTCUSDT', undefined, 'spot'],
  ] as const)('reads %s %s (%s) as a %s', (category, symbol, contractType, kind) => {
    expect(bybitKind(category, symbol, contractType)).toBe(kind);
  });
});
