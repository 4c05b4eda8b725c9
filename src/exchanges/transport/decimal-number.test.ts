import { describe, expect, it } from 'vitest';
import { decimalNumber } from './decimal-number';
import { seeded } from './seeded.test-helper';

describe('decimalNumber', () => {
  it('reads every text as Number does', () => {
    const texts = [
      '0',
      '0.000',
      '00012.50',
      '95000.0',
      '0.1',
      '0.3',
      '1.',
      '.5',
      '5',
      '123456789012345',
      '1234567890123456',
      '12345678901234.5',
      '0.00000000000001',
      '9007199254740993',
      '.',
      '..',
      '',
      '1.2.3',
      '1e5',
      '1E-400',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '0x10',
      'Infinity',
      'NaN',
      '1_000',
      '١٢',
    ];
    for (const text of texts) expect([text, decimalNumber(text)]).toEqual([text, Number(text)]);
  });

  it('reads random decimals of up to 15 digits as Number does', () => {
    const random = seeded(9);
    const differ: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const digits = 1 + Math.floor(random() * 15);
      let text = '';
      for (let d = 0; d < digits; d++) text += String(Math.floor(random() * 10));
      const point = Math.floor(random() * (digits + 1));
      if (random() < 0.8) text = `${text.slice(0, point)}.${text.slice(point)}`;
      if (!Object.is(decimalNumber(text), Number(text))) differ.push(text);
    }
    expect(differ).toEqual([]);
  });
});
