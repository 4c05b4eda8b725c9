import { describe, expect, it } from 'vitest';
import type { Candle, ClosedPosition, Fill } from '../../exchanges';
import { BTC, MINUTE, T0 } from './alerts.test-helper';
import { candleInputs, closedInputs, fillInputs } from './catch-up';

const candle = (start: number, close: string): Candle => ({
  start,
  open: close,
  high: close,
  low: close,
  close,
  volume: undefined,
  confirmed: true,
});

const fill = (orderId: string, price: string, size: string, ts: number): Fill => ({
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  orderId,
  clientOrderId: '',
  executionId: `${orderId}-${ts}`,
  side: 'sell',
  price,
  size,
  fee: '0',
  isMaker: undefined,
  ts,
});

describe('catch-up inputs', () => {
  it('candles: oldest first, only those that end after the last price seen', () => {
    const candles = [candle(T0 + 2 * MINUTE, '3'), candle(T0, '1'), candle(T0 + MINUTE, '2')];
    const inputs = candleInputs(BTC, candles, true, T0 + MINUTE + 30_000);
    expect(inputs.map(({ start, end, close, mark }) => [start, end, close, mark])).toEqual([
      [T0 + MINUTE, T0 + 2 * MINUTE, '2', true],
      [T0 + 2 * MINUTE, T0 + 3 * MINUTE, '3', true],
    ]);
  });

  it('fills: summed per order at their average price, whole once the order is no longer open', () => {
    const fills = [fill('o1', '100', '1', T0), fill('o2', '50', '2', T0 + 1), fill('o1', '103', '2', T0 + 2)];
    expect(fillInputs(fills, new Set(['o2']))).toEqual([
      expect.objectContaining({
        orderId: 'o2',
        filledSize: '2',
        price: '50',
        whole: false,
        orderSize: undefined,
      }),
      expect.objectContaining({
        orderId: 'o1',
        filledSize: '3',
        price: '102',
        whole: true,
        orderSize: '3',
        ts: T0 + 2,
      }),
    ]);
  });

  it('closed positions: their id, reason, price and PnL, oldest first', () => {
    const closed = (id: string, closedAt: number): ClosedPosition => ({
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      instrumentKind: 'perpetual',
      positionSlot: 'one-way',
      id,
      closedAt,
      reason: 'stop',
      whole: true,
      closePrice: '61000',
      size: '0.1',
      realisedPnl: '-50',
    });
    expect(closedInputs([closed('b', T0 + 1), closed('a', T0)])).toEqual([
      {
        type: 'closed',
        source: 'history',
        exchange: 'bybit',
        symbol: 'BTCUSDT',
        slot: 'one-way',
        id: 'a',
        reason: 'stop',
        whole: true,
        price: '61000',
        realisedPnl: '-50',
        ts: T0,
      },
      expect.objectContaining({ id: 'b' }),
    ]);
  });
});
