import { describe, expect, it } from 'vitest';
import type { TradableInstrument } from '../../accounts/types.js';
import { crossed, trailStep, WAITING, type SimAlgoOrder } from './okx-algo-order.js';
import { wrongSide } from './okx-algo-place.js';

function trailing(side: 'buy' | 'sell', trail: Partial<NonNullable<SimAlgoOrder['trail']>>): SimAlgoOrder {
  return {
    algoId: '1',
    algoClOrdId: '',
    tag: '',
    instrument: { symbol: 'BTC-USDT-SWAP', priceDecimals: 1 } as TradableInstrument,
    ordType: 'move_order_stop',
    side,
    posSide: 'net',
    tdMode: 'cross',
    size: 1,
    reduceOnly: true,
    stop: undefined,
    target: undefined,
    trail: { callbackRatio: '', callbackSpread: '', activePx: '', ...trail },
    ...WAITING,
    cTime: 0,
    uTime: 0,
  };
}

describe('OKX algo triggers in the simulator', () => {
  it('fires a long position’s stop when the price falls to it and its target when it rises to it', () => {
    expect(crossed('stop', 'sell', 59000, 59001)).toBe(false);
    expect(crossed('stop', 'sell', 59000, 59000)).toBe(true);
    expect(crossed('target', 'sell', 61000, 60999)).toBe(false);
    expect(crossed('target', 'sell', 61000, 61500)).toBe(true);
    expect(crossed('stop', 'buy', 61000, 61000)).toBe(true);
    expect(crossed('target', 'buy', 59000, 58000)).toBe(true);
  });

  it('ratchets a trailing sell stop up with the high and fires when the price turns back', () => {
    const order = trailing('sell', { callbackSpread: '500' });
    expect(trailStep(order, 60000)).toBe(false);
    expect(order.moveTriggerPx).toBe(59500);
    expect(trailStep(order, 62000)).toBe(false);
    expect(order.moveTriggerPx).toBe(61500);
    expect(trailStep(order, 61800)).toBe(false);
    expect(order.moveTriggerPx).toBe(61500);
    expect(trailStep(order, 61400)).toBe(true);
  });

  it('trails a buy stop by ratio below its low, only once the activation price is reached', () => {
    const order = trailing('buy', { callbackRatio: '0.01', activePx: '59000' });
    expect(trailStep(order, 60000)).toBe(false);
    expect(order.moveTriggerPx).toBeUndefined();
    expect(trailStep(order, 58000)).toBe(false);
    expect(order.moveTriggerPx).toBeCloseTo(58580);
    expect(trailStep(order, 58600)).toBe(true);
  });

  it('refuses a trigger on the wrong side of the price it watches with OKX’s code', () => {
    expect(wrongSide('stop', 'sell', { px: '61000', type: 'mark' }, 60000)?.code).toBe('51304');
    expect(wrongSide('stop', 'buy', { px: '59000', type: 'last' }, 60000)?.code).toBe('51278');
    expect(wrongSide('target', 'sell', { px: '59000', type: 'index' }, 60000)?.code).toBe('51307');
    expect(wrongSide('target', 'buy', { px: '61000', type: 'last' }, 60000)).toEqual({
      code: '51277',
      msg: 'TP trigger price cannot be higher than the last price',
    });
    expect(wrongSide('stop', 'sell', { px: '59000', type: 'mark' }, 60000)).toBeUndefined();
  });
});
