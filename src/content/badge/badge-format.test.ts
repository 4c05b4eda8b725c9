import { describe, expect, it } from 'vitest';
import { formatChange, formatPnl, sizeWithUnit } from './badge-format';

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

describe('a PnL and a 24-hour change on the badge', () => {
  const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  /** What the badge wrote when every figure went through the en-US formatter. */
  const asIntl = (value: number, unit: string) =>
    `${value > 0 ? '+' : value < 0 ? '−' : ''}${intl.format(Math.abs(value))}${unit}`;

  it('reads as en-US writes it: two decimals, thousands grouped, ties rounded alike', () => {
    const edges = [
      0, -0, 9e-7, 0.005, 0.995, 9.995, 99999.995, 0.999999, 0.125, 1.005, 2.675, -2.675, 999.995,
      1234567.895, -98765.4321, 1e20, 1e21, 3e25,
    ];
    let seed = 26;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const drawn = Array.from({ length: 2_000 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 10));
    for (const value of [...edges, ...drawn]) expect(formatPnl(value, 'USDT')).toBe(asIntl(value, ' USDT'));
    expect(formatPnl(Number.NaN, undefined)).toBe(asIntl(Number.NaN, ''));
  });

  it('writes the sign and the unit', () => {
    expect(formatPnl(1234.5, 'USDT')).toBe('+1,234.50 USDT');
    expect(formatPnl(-0.004, 'USDT')).toBe('−0.00 USDT');
    expect(formatPnl(0, undefined)).toBe('0.00');
    expect(formatChange('101', '100')).toBe('+1.00%');
    expect(formatChange('99', '100')).toBe('−1.00%');
  });
});
