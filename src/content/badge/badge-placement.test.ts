import { describe, expect, it } from 'vitest';
import { placementAfterKey, placementFromRect } from './badge-placement';

const VIEWPORT = { width: 1000, height: 700 };

describe('where the badge sits', () => {
  it.each([
    [
      { left: 20, top: 30, right: 220, bottom: 90 },
      { corner: 'top-left', offsetX: 20, offsetY: 30 },
    ],
    [
      { left: 700, top: 30, right: 900, bottom: 90 },
      { corner: 'top-right', offsetX: 100, offsetY: 30 },
    ],
    [
      { left: 20, top: 600, right: 220, bottom: 660 },
      { corner: 'bottom-left', offsetX: 20, offsetY: 40 },
    ],
    [
      { left: 790, top: 620, right: 990, bottom: 720 },
      { corner: 'bottom-right', offsetX: 10, offsetY: 0 },
    ],
  ])('a badge dropped at %o keeps to its nearest corner', (rect, placement) => {
    expect(placementFromRect(rect, VIEWPORT)).toEqual(placement);
  });

  it('moves away from its corner with the arrow keys, further with Shift, never past the edge', () => {
    const start = { corner: 'top-left', offsetX: 5, offsetY: 16 } as const;

    expect(placementAfterKey(start, 'ArrowRight', false)).toEqual({ ...start, offsetX: 15 });
    expect(placementAfterKey(start, 'ArrowDown', true)).toEqual({ ...start, offsetY: 66 });
    expect(placementAfterKey(start, 'ArrowLeft', false)).toEqual({ ...start, offsetX: 0 });
    expect(placementAfterKey(start, 'Enter', false)).toBeUndefined();
  });
});
