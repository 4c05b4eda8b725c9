import { describe, expect, it } from 'vitest';
import { devPositions } from './dev-session';

describe('devPositions', () => {
  it('opens a long in profit on OKX and a short at a loss on Bybit, at whole-dollar entries', () => {
    expect(devPositions(67_250.5)).toEqual({
      okx: { posSide: 'net', size: 3, avgPx: 66_578 },
      bybit: { posSide: 'net', size: -0.03, avgPx: 66_914 },
    });
  });
});
