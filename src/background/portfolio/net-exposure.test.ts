import { describe, expect, it } from 'vitest';
import { aPositionView } from './model-fakes.test-helper';
import { netExposure } from './net-exposure';

const row = aPositionView;

describe('net exposure', () => {
  it('an OKX long and a Bybit short of BTC net out, in coin and in USD, exactly', () => {
    const exposure = netExposure([
      row({ sizeCoin: '0.3', markPrice: '60000.1' }),
      row({ exchange: 'bybit', symbol: 'BTCUSDT', side: 'short', sizeCoin: '0.1', markPrice: '60000.3' }),
    ]);
    expect(exposure).toEqual([
      {
        coin: 'BTC',
        netCoin: '0.2',
        netUsd: '12000',
        byExchange: [
          { exchange: 'okx', sizeCoin: '0.3' },
          { exchange: 'bybit', sizeCoin: '-0.1' },
        ],
      },
    ]);
  });

  it('a coin’s long and short on both exchanges can net to zero', () => {
    const [btc] = netExposure([
      row({ sizeCoin: '0.5', markPrice: '60000' }),
      row({ exchange: 'bybit', symbol: 'BTCUSDT', side: 'short', sizeCoin: '0.5', markPrice: '60000' }),
    ]);
    expect(btc?.netCoin).toBe('0');
    expect(btc?.netUsd).toBe('0');
  });

  it('keeps coins apart, the largest USD exposure first; linear and inverse of a coin add up', () => {
    const exposure = netExposure([
      row({ exchange: 'bybit', symbol: 'ETHUSDT', side: 'short', sizeCoin: '2', markPrice: '3000' }),
      row({ sizeCoin: '0.1', markPrice: '60000' }),
      row({ symbol: 'BTC-USD-SWAP', sizeCoin: '0.05', markPrice: '60000' }),
    ]);
    expect(exposure.map(({ coin, netCoin, netUsd }) => [coin, netCoin, netUsd])).toEqual([
      ['BTC', '0.15', '9000'],
      ['ETH', '-2', '-6000'],
    ]);
  });

  it('has no USD figure when a mark is unknown, and leaves out what cannot be netted', () => {
    const exposure = netExposure([
      row({ sizeCoin: '0.1', markPrice: undefined }),
      row({ symbol: 'BTC-USD-240628-60000-C', kind: 'option', sizeCoin: '1', markPrice: '100' }),
      row({ exchange: 'bybit', symbol: 'SOLUSDT', sizeCoin: undefined, markPrice: '150' }),
    ]);
    expect(exposure).toEqual([
      { coin: 'BTC', netCoin: '0.1', netUsd: undefined, byExchange: [{ exchange: 'okx', sizeCoin: '0.1' }] },
    ]);
  });
});
