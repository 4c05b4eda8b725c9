import { describe, expect, it, vi } from 'vitest';
import { okxWeightOf } from './limit-table';

describe('okxWeightOf', () => {
  it('weighs a batch call by its number of orders', () => {
    expect(okxWeightOf('/api/v5/trade/batch-orders', () => [{}, {}, {}])).toBe(3);
    expect(okxWeightOf('/api/v5/trade/cancel-batch-orders', () => undefined)).toBe(1);
  });

  it('weighs any other call 1 without parsing its body', () => {
    const readJson = vi.fn(() => [{}, {}]);
    expect(okxWeightOf('/api/v5/trade/order', readJson)).toBe(1);
    expect(readJson).not.toHaveBeenCalled();
  });
});
