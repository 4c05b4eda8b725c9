import { describe, expect, it } from 'vitest';
import { sizeWithUnit } from './badge-format';

describe('a position size on the badge', () => {
  it.each([
    [
      'Bybit, in coin',
      { exchange: 'bybit', symbol: 'BTCUSDT', sizeContracts: '0.03', sizeCoin: '0.03' },
      '0.03 BTC',
    ],
    [
      'OKX contracts, in coin',
      { exchange: 'okx', symbol: 'BTC-USDT-SWAP', sizeContracts: '3', sizeCoin: '0.03' },
      '0.03 BTC',
    ],
    [
      'OKX contracts with no coin size',
      { exchange: 'okx', symbol: 'BTC-USDT-SWAP', sizeContracts: '3' },
      '3 ct',
    ],
    [
      'Bybit linear with no coin size',
      { exchange: 'bybit', symbol: 'ETHPERP', sizeContracts: '0.5' },
      '0.5 ETH',
    ],
    [
      "Bybit's inverse contract, in USD",
      { exchange: 'bybit', symbol: 'BTCUSD', sizeContracts: '500' },
      '500 USD',
    ],
    ['a scaled coin', { exchange: 'bybit', symbol: '1000PEPEUSDT', sizeContracts: '2000' }, '2000 1000PEPE'],
  ] as const)('names its unit: %s', (_case, position, shown) => {
    expect(sizeWithUnit(position)).toBe(shown);
  });
});
