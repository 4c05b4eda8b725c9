import { describe, expect, it } from 'vitest';
import { mapBybitPosition, mapBybitTicker } from './map';

const OPTION = 'BTC-25DEC26-66000-C';
const greeks = { delta: '0.45', gamma: '0.00003', vega: '95.1', theta: '-40.2' };

describe('Bybit option greeks', () => {
  it('reads greeks and mark IV from a REST option ticker', () => {
    const quote = mapBybitTicker(
      { symbol: OPTION, bid1Price: '1200', markIv: '0.5', ...greeks },
      1,
      'option',
    );
    expect(quote).toMatchObject({ bid: '1200', markIv: '0.5', greeks });
  });

  it('reads the mark IV the option socket names markPriceIv', () => {
    const quote = mapBybitTicker(
      { symbol: OPTION, bidPrice: '1200', markPriceIv: '0.51', ...greeks },
      1,
      'option',
    );
    expect(quote).toMatchObject({ bid: '1200', markIv: '0.51', greeks });
  });

  it('gives a perpetual quote neither greeks nor mark IV', () => {
    const quote = mapBybitTicker({ symbol: 'BTCUSDT', lastPrice: '67000' }, 1, 'linear');
    expect(quote).not.toHaveProperty('greeks');
    expect(quote).not.toHaveProperty('markIv');
  });

  it('carries the greeks of an option position', () => {
    const row = { symbol: OPTION, side: 'Buy', size: '1', positionIdx: 0, ...greeks };
    expect(mapBybitPosition(row, 'option')).toMatchObject({ instrumentKind: 'option', greeks });
  });
});
