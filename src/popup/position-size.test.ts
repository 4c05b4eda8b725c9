import { describe, expect, it } from 'vitest';
import type { PositionView } from '../contracts/portfolio';
import { sizeShown } from './position-size';

const position = (fields: Partial<PositionView>) =>
  ({ exchange: 'okx', symbol: 'BTC-USDT-SWAP', sizeContracts: '3', ...fields }) as PositionView;

describe('a position size as the row shows it', () => {
  it('shows OKX contracts with the coin they hold and the notional beside them', () => {
    expect(sizeShown(position({ sizeCoin: '0.03', notionalUsd: 1830.4 }), '0.01')).toEqual({
      value: '3.00',
      unit: 'cont.',
      note: '0.03\u00a0BTC · 1,830\u00a0USD',
    });
  });

  it('shows a Bybit size in its coin, with the notional only', () => {
    const bybit = position({ exchange: 'bybit', symbol: 'BTCUSDT', sizeContracts: '0.01', sizeCoin: '0.01' });
    expect(sizeShown({ ...bybit, notionalUsd: 600 }, '0.001')).toEqual({
      value: '0.010',
      unit: 'BTC',
      note: '600\u00a0USD',
    });
  });

  it('claims no unit and no note when neither the coin nor the notional is known', () => {
    expect(sizeShown(position({}), undefined)).toEqual({ value: '3.00', unit: undefined, note: undefined });
  });
});
