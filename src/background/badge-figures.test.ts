import { describe, expect, it } from 'vitest';
import type { PortfolioView, PositionView } from '../contracts/portfolio';
import { DEFAULT_RISK_SETTINGS } from '../contracts/settings';
import { compactPercent, liquidationFigure } from './badge-figures';

const position = (symbol: string, liquidationDistancePercent: string | undefined): PositionView => ({
  exchange: 'bybit',
  symbol,
  kind: 'perpetual',
  side: 'short',
  slot: 'one-way',
  sizeContracts: '1',
  pnlSource: 'mark',
  liquidationDistancePercent,
});

const viewOf = (positions: PositionView[]): PortfolioView => ({
  quotes: [],
  positions,
  balances: [],
  orders: [],
  totals: { pnlUsd: { okx: 0, bybit: 0 }, overallPnlUsd: 0, exposure: [] },
  freshness: [],
});

describe('liquidation distance on the toolbar', () => {
  it('is the closest position’s, in at most five characters', () => {
    expect([4.21, 9.96, 35.4, 999.4, 1500].map(compactPercent)).toEqual([
      '4.2%',
      '10%',
      '35%',
      '999%',
      '>999%',
    ]);
  });

  it('names the closest position, and leaves out those without a known distance', () => {
    const figure = liquidationFigure(
      viewOf([position('BTCUSDT', '12.5'), position('ETHUSDT', undefined), position('SOLUSDT', '30')]),
      DEFAULT_RISK_SETTINGS,
    );
    expect(figure).toEqual({
      text: '13%',
      about: 'Closest to liquidation: Bybit BTCUSDT short, 13% from its mark',
    });
  });

  it('shows nothing while no position has a known distance', () => {
    expect(
      liquidationFigure(viewOf([position('ETHUSDT', undefined)]), DEFAULT_RISK_SETTINGS),
    ).toBeUndefined();
  });
});
