import { describe, expect, it } from 'vitest';
import { instrumentKey, positionKey } from './instrument-key';

describe('instrumentKey', () => {
  it('tells apart the instruments an exchange names alike', () => {
    const spot = instrumentKey({ exchange: 'bybit', kind: 'spot', symbol: 'BTCUSDT' });
    const perpetual = instrumentKey({ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' });

    expect(spot).not.toBe(perpetual);
  });

  it('tells apart the same id on two exchanges', () => {
    expect(instrumentKey({ exchange: 'okx', kind: 'spot', symbol: 'BTC-USDT' })).not.toBe(
      instrumentKey({ exchange: 'bybit', kind: 'spot', symbol: 'BTC-USDT' }),
    );
  });

  it('is the same for the same instrument, whatever else the value carries', () => {
    const entry = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
    const quote = { ...entry, last: '64000', contractType: 'linear' };

    expect(instrumentKey(quote)).toBe(instrumentKey(entry));
    expect(instrumentKey(entry)).toBe('okx:perpetual:BTC-USDT-SWAP');
  });
});

describe('positionKey', () => {
  it('tells apart the hedge sides of one instrument, and one side of two instruments', () => {
    const long = { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', slot: 'long' } as const;

    expect(positionKey(long)).not.toBe(positionKey({ ...long, slot: 'short' }));
    expect(positionKey(long)).not.toBe(positionKey({ ...long, kind: 'future' }));
  });
});
