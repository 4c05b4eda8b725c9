import { describe, expect, it } from 'vitest';
import type { BalanceView, PortfolioView, PositionView } from '../../contracts/portfolio';
import type { ProtectionEvent } from '../../exchanges';
import { aProtectionLeg, aTicker, anOrder, positionPush } from '../portfolio/model-fakes.test-helper';
import { createAlertFeed } from './alert-feed';
import { aPositionView } from '../portfolio/model-fakes.test-helper';

const T = 1_700_000_000_000;

describe('alert feed: stream pushes', () => {
  it('a ticker with a price is a price input; one without news is nothing', () => {
    const feed = createAlertFeed();
    expect(feed.fromEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '65000', ts: T }))).toEqual([
      {
        type: 'price',
        exchange: 'okx',
        kind: 'perpetual',
        symbol: 'BTC-USDT-SWAP',
        last: '65000',
        mark: undefined,
        ts: T,
      },
    ]);
    expect(feed.fromEvent(aTicker('okx', 'BTC-USDT-SWAP', { bid: '64999', ts: T }))).toEqual([]);
  });

  it('an order is a fill each time its filled size grows, whole once filled', () => {
    const feed = createAlertFeed();
    const push = (filledSize: string, status: 'open' | 'partially-filled' | 'filled', ts: number) =>
      feed.fromEvent(
        anOrder({ filledSize, status, averagePrice: filledSize === '0' ? undefined : '3000', ts }),
      );
    expect(push('0', 'open', T)).toEqual([]);
    expect(push('0.4', 'partially-filled', T + 1)).toEqual([
      expect.objectContaining({
        type: 'fill',
        orderId: 'o-1',
        filledSize: '0.4',
        orderSize: '1',
        whole: false,
      }),
    ]);
    expect(push('0.4', 'partially-filled', T + 2)).toEqual([]);
    expect(push('1', 'filled', T + 3)).toEqual([
      expect.objectContaining({ filledSize: '1', whole: true, price: '3000' }),
    ]);
  });

  it('a position gone flat is a close, by the origin of the order that just filled on it', () => {
    const feed = createAlertFeed();
    const position = { exchange: 'bybit', symbol: 'ETHUSDT', positionSlot: 'one-way' } as const;
    feed.fromEvent(positionPush({ ...position, sizeContracts: '2' }, T));
    const liquidation = anOrder({
      filledSize: '2',
      status: 'filled',
      averagePrice: '2500',
      origin: 'liquidation',
      ts: T + 1000,
    });
    feed.fromEvent(liquidation);
    expect(feed.fromEvent(positionPush({ ...position, side: 'flat', sizeContracts: '0' }, T + 2000))).toEqual(
      [
        {
          type: 'closed',
          source: 'stream',
          exchange: 'bybit',
          symbol: 'ETHUSDT',
          slot: 'one-way',
          id: `bybit:ETHUSDT:one-way:${T + 2000}`,
          reason: 'liquidation',
          whole: true,
          price: '2500',
          realisedPnl: undefined,
          ts: T + 2000,
        },
      ],
    );
  });

  it('a close with no fill in the 30 s before it is of unknown reason; a trader’s close is by the trader', () => {
    const feed = createAlertFeed();
    const position = { exchange: 'bybit', symbol: 'ETHUSDT' } as const;
    feed.fromEvent(anOrder({ filledSize: '1', status: 'filled', origin: 'close', ts: T }));
    feed.fromEvent(positionPush({ ...position, sizeContracts: '1' }, T + 1000));
    const late = feed.fromEvent(positionPush({ ...position, sizeContracts: '0' }, T + 31_000));
    expect(late.map((input) => input.type === 'closed' && input.reason)).toEqual(['unknown']);
    feed.fromEvent(positionPush({ ...position, sizeContracts: '1' }, T + 40_000));
    feed.fromEvent(
      anOrder({ orderId: 'o-2', filledSize: '1', status: 'filled', origin: 'close', ts: T + 41_000 }),
    );
    const byTrader = feed.fromEvent(positionPush({ ...position, sizeContracts: '0' }, T + 42_000));
    expect(byTrader.map((input) => input.type === 'closed' && input.reason)).toEqual(['trader']);
  });

  it('a position first seen flat is no close', () => {
    expect(createAlertFeed().fromEvent(positionPush({ sizeContracts: '0', side: 'flat' }, T))).toEqual([]);
  });

  it('a triggered leg is a stop, once until it is set again', () => {
    const feed = createAlertFeed();
    const protection = (status: ProtectionEvent['status'], ts: number): ProtectionEvent => ({
      kind: 'protection',
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      instrumentKind: 'perpetual',
      positionSlot: 'one-way',
      ts,
      leg: aProtectionLeg({ id: 'full-stop' }),
      status,
      rawStatus: 'position',
    });
    expect(feed.fromEvent(protection('live', T))).toEqual([]);
    const stop = {
      type: 'stop',
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      legId: 'full-stop',
      role: 'stop',
      triggerPrice: '48000',
      ts: T + 1,
    };
    expect(feed.fromEvent(protection('triggered', T + 1))).toEqual([stop]);
    expect(feed.fromEvent(protection('triggered', T + 2))).toEqual([]);
    feed.fromEvent(protection('live', T + 3));
    expect(feed.fromEvent(protection('triggered', T + 4))).toEqual([{ ...stop, ts: T + 4 }]);
  });
});

describe('alert feed: the portfolio', () => {
  const position = (fields: Partial<PositionView>): PositionView =>
    aPositionView({ markPrice: '50000', liquidationPrice: '47500', ...fields });
  const balance = (fields: Partial<BalanceView>): BalanceView => ({ exchange: 'okx', coins: [], ...fields });
  const view = (positions: PositionView[], balances: BalanceView[]): PortfolioView => ({
    quotes: [],
    positions,
    balances,
    orders: [],
    totals: { pnlUsd: { okx: 0, bybit: 0 }, overallPnlUsd: 0 },
    freshness: [],
  });

  it('each position’s liquidation distance and whether it pays funding', () => {
    const funding = (rate: string) => ({
      rate,
      nextFundingTime: T + 60_000,
      nextPayment: undefined,
      unit: 'USDT',
    });
    const inputs = createAlertFeed().fromPortfolio(
      view(
        [
          position({ funding: funding('0.0001') }),
          position({ side: 'short', slot: 'short', funding: funding('0.0001') }),
          position({ side: 'short', slot: 'short', symbol: 'ETH-USDT-SWAP', funding: funding('-0.0001') }),
        ],
        [],
      ),
      T,
    );
    expect(
      inputs.map((input) => input.type === 'position-risk' && [input.liquidationDistancePercent, input.pays]),
    ).toEqual([
      ['5', true],
      ['5', false],
      ['5', true],
    ]);
    expect(inputs[0]).toMatchObject({ fundingRate: '0.0001', nextFundingTime: T + 60_000, ts: T });
  });

  it('each exchange’s margin ratio in %: Bybit’s rate x 100, OKX’s ratio inverted', () => {
    const inputs = createAlertFeed().fromPortfolio(
      view(
        [],
        [
          balance({ marginRisk: { kind: 'okx-margin-ratio', value: '2.5' } }),
          balance({ exchange: 'bybit', marginRisk: { kind: 'maintenance-margin-rate', value: '0.123' } }),
          balance({ exchange: 'okx' }),
        ],
      ),
      T,
    );
    expect(inputs).toEqual([
      { type: 'margin', exchange: 'okx', marginRatioPercent: '40', ts: T },
      { type: 'margin', exchange: 'bybit', marginRatioPercent: '12.3', ts: T },
    ]);
  });
});
