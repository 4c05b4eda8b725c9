import { describe, expect, it } from 'vitest';
import { aPosition } from './model-fakes.test-helper';
import { positionPnl } from './pnl';

describe('linear PnL: (mark - entry) x size in coin x side, in the settle coin', () => {
  it.each([
    ['okx', 'BTC-USDT-SWAP', 'SWAP'],
    ['bybit', 'BTCUSDT', 'linear'],
  ] as const)(
    '%s: a long of 0.5 BTC from 50000 at mark 51000 gains 500 USDT, 20 %% of its 10x margin',
    (exchange, symbol, category) => {
      const pnl = positionPnl(aPosition({ exchange, symbol, category }), '51000');

      expect(pnl).toEqual({
        markPrice: '51000',
        pnl: 500,
        pnlUsd: 500,
        pnlPercent: 20,
        pnlSource: 'mark',
        notionalUsd: 25500,
        settleCoin: 'USDT',
      });
    },
  );

  it('a short of 0.3 ETH from 3000.1 at mark 2990.05 gains 3.015 (no float noise)', () => {
    const short = aPosition({
      symbol: 'ETH-USDT-SWAP',
      side: 'short',
      sizeCoin: '0.3',
      entryPrice: '3000.1',
      markPrice: '3000.1',
      leverage: '5',
    });

    const pnl = positionPnl(short, '2990.05');

    expect(pnl.pnl).toBe(3.015);
    expect(pnl.pnlUsd).toBe(3.015);
    // Initial margin 0.3 x 3000.1 / 5 = 180.006.
    expect(pnl.pnlPercent).toBe(1.67494417);
  });

  it('a long loses when the mark falls', () => {
    expect(positionPnl(aPosition(), '49000').pnl).toBe(-500);
  });
});

describe('inverse PnL: (1/entry - 1/mark) x size in USD x side, in the base coin', () => {
  // 10,000 USD of BTC-USD-SWAP; the Exchange gave its size in coin at the push's mark of 50000: 0.2 BTC.
  const inverse = {
    exchange: 'okx',
    symbol: 'BTC-USD-SWAP',
    category: 'SWAP',
    sizeContracts: '100',
    sizeCoin: '0.2',
    entryPrice: '50000',
    markPrice: '50000',
    leverage: '2',
  } as const;

  it('a long from 50000 at mark 40000 loses 0.05 BTC, 2000 USD', () => {
    expect(positionPnl(aPosition(inverse), '40000')).toEqual({
      markPrice: '40000',
      pnl: -0.05,
      pnlUsd: -2000,
      // Initial margin: 10,000 / 50000 / 2 = 0.1 BTC.
      pnlPercent: -50,
      pnlSource: 'mark',
      notionalUsd: 10000,
      settleCoin: 'BTC',
    });
  });

  it('a short from 50000 at mark 40000 gains 0.05 BTC', () => {
    const pnl = positionPnl(aPosition({ ...inverse, side: 'short' }), '40000');
    expect([pnl.pnl, pnl.pnlUsd]).toEqual([0.05, 2000]);
  });

  it('Bybit files inverse under its own category and sizes it in USD contracts', () => {
    const bybit = aPosition({
      ...inverse,
      exchange: 'bybit',
      symbol: 'BTCUSD',
      category: 'inverse',
      sizeContracts: '10000',
    });
    const pnl = positionPnl(bybit, '62500');
    // (1/50000 - 1/62500) x 10000 = 0.2 - 0.16 = 0.04 BTC, x 62500 = 2500 USD.
    expect([pnl.pnl, pnl.pnlUsd, pnl.settleCoin]).toEqual([0.04, 2500, 'BTC']);
  });
});

describe("the exchange's own figure", () => {
  it('is shown while the live mark is still the mark of its last push', () => {
    const pushed = aPosition({ markPrice: '51000', unrealisedPnl: '499.87' });

    expect(positionPnl(pushed, '51000')).toMatchObject({ pnl: 499.87, pnlSource: 'exchange' });
    expect(positionPnl(pushed, undefined)).toMatchObject({ pnl: 499.87, pnlSource: 'exchange' });
  });

  it('gives way to the recomputed PnL once the mark moves', () => {
    const pushed = aPosition({ markPrice: '51000', unrealisedPnl: '499.87' });
    expect(positionPnl(pushed, '52000')).toMatchObject({ pnl: 1000, pnlSource: 'mark' });
  });

  it('is all there is for an option', () => {
    const option = aPosition({
      symbol: 'BTC-USD-250328-60000-C',
      instrumentKind: 'option',
      unrealisedPnl: '0.012',
    });
    expect(positionPnl(option, '0.05')).toMatchObject({
      pnl: 0.012,
      pnlUsd: undefined,
      pnlSource: 'exchange',
      notionalUsd: undefined,
    });
  });
});

it('without a leverage there is no margin to measure a percentage against', () => {
  expect(positionPnl(aPosition({ leverage: undefined }), '51000').pnlPercent).toBeUndefined();
});
