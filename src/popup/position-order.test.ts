import { describe, expect, it } from 'vitest';
import type { PositionView } from '../contracts/portfolio';
import { dangerFirst, stablePositionOrder } from './position-order';

const position = (symbol: string, notionalUsd?: number) => ({ symbol, notionalUsd }) as PositionView;
const keyOf = (view: PositionView) => view.symbol;
const symbols = (views: PositionView[]) => views.map(keyOf);

describe('the order of the positions list', () => {
  it('lists the largest exposure first when the positions first appear, unknown notionals last', () => {
    const order = stablePositionOrder([], [position('A', 10), position('B'), position('C', 30)], keyOf);
    expect(symbols(order)).toEqual(['C', 'A', 'B']);
  });

  it('keeps each shown position in its place when prices move the exposures past each other', () => {
    const moved = [position('A', 31), position('B', 5), position('C', 30)];
    expect(symbols(stablePositionOrder(['C', 'A', 'B'], moved, keyOf))).toEqual(['C', 'A', 'B']);
  });

  it('puts a newly opened position after those shown, and drops a closed one', () => {
    const now = [position('A', 10), position('D', 99), position('E', 100)];
    expect(symbols(stablePositionOrder(['C', 'A'], now, keyOf))).toEqual(['A', 'E', 'D']);
  });
});

describe('the position in most danger first', () => {
  const at = (symbol: string, liquidationDistancePercent?: string) =>
    ({ symbol, liquidationDistancePercent }) as PositionView;
  const thresholds = { warnBelowPercent: 10, dangerBelowPercent: 5 };

  it('lifts those under the danger threshold to the top, closest first, the rest in their order', () => {
    const shown = [at('A', '30'), at('B', '4.5'), at('C'), at('D', '2'), at('E', '8')];
    expect(symbols(dangerFirst(shown, thresholds))).toEqual(['D', 'B', 'A', 'C', 'E']);
  });

  it('moves nothing while none is in danger, a warning included', () => {
    const shown = [at('A', '30'), at('B', '8'), at('C')];
    expect(symbols(dangerFirst(shown, thresholds))).toEqual(['A', 'B', 'C']);
  });
});
