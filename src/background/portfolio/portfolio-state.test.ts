import { beforeEach, describe, expect, it } from 'vitest';
import { instrumentKey } from '../../contracts/instrument-key';
import { portfolioView } from '../../contracts/portfolio';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { aBalance, anOrder, aPosition, aTicker, positionPush, walletPush } from './model-fakes.test-helper';
import {
  createPortfolio,
  QUOTE_STALE_AFTER_MS,
  type Portfolio,
  type PortfolioChanges,
} from './portfolio-state';

let time: FakeTime;
let portfolio: Portfolio;
let changes: PortfolioChanges[];

beforeEach(() => {
  time = createFakeTime(10_000);
  portfolio = createPortfolio({ clock: time.clock });
  changes = [];
  portfolio.onChange((change) => changes.push(change));
});

describe.each([
  ['okx', 'BTC-USDT-SWAP', 'SWAP'],
  ['bybit', 'BTCUSDT', 'linear'],
] as const)('%s positions', (exchange, symbol, category) => {
  const held = { exchange, symbol, category } as const;
  const key = instrumentKey({ exchange, kind: 'perpetual', symbol });

  it('a REST snapshot, then a push, then a flat push that removes the position', () => {
    portfolio.replaceAccount(exchange, { positions: [aPosition(held)], balance: undefined, orders: [] });
    expect(portfolio.snapshot().positions).toMatchObject([
      { exchange, symbol, side: 'long', sizeCoin: '0.5' },
    ]);

    portfolio.applyEvent(positionPush({ ...held, sizeCoin: '0.8', sizeContracts: '80' }, 2_000));
    expect(portfolio.snapshot().positions).toMatchObject([{ sizeCoin: '0.8' }]);

    portfolio.applyEvent(positionPush({ ...held, side: 'flat', sizeCoin: '0', sizeContracts: '0' }, 3_000));
    expect(portfolio.snapshot().positions).toEqual([]);
    expect(changes.at(-1)?.positions).toEqual([key]);
  });

  it('recomputes PnL and totals from every new mark on the quote stream', () => {
    portfolio.replaceAccount(exchange, { positions: [aPosition(held)], balance: undefined, orders: [] });
    changes = [];

    portfolio.applyEvent(aTicker(exchange, symbol, { mark: '50200' }));
    expect(portfolio.snapshot().positions[0]).toMatchObject({
      markPrice: '50200',
      pnl: 100,
      pnlSource: 'mark',
    });
    expect(changes).toEqual([
      {
        quotes: [key],
        positions: [key],
        balances: [],
        orders: [],
        freshness: [],
      },
    ]);

    portfolio.applyEvent(aTicker(exchange, symbol, { mark: '49900', ts: 2_500 }));
    const { totals } = portfolio.snapshot();
    expect(totals.pnlUsd[exchange]).toBe(-50);
    expect(totals.overallPnlUsd).toBe(-50);
  });

  it('keeps the two sides of a hedge-mode position apart', () => {
    const long = aPosition({ ...held, positionMode: 'hedge', positionSlot: 'long' });
    const short = aPosition({ ...held, side: 'short', positionMode: 'hedge', positionSlot: 'short' });
    portfolio.replaceAccount(exchange, { positions: [long, short], balance: undefined, orders: [] });
    portfolio.applyEvent(
      positionPush({ ...held, side: 'flat', positionMode: 'hedge', positionSlot: 'long' }),
    );

    expect(portfolio.snapshot().positions).toMatchObject([{ side: 'short', slot: 'short' }]);
  });
});

describe('a push without the size in coin (OKX sizes pushes in contracts only)', () => {
  const contractValue = () => '0.01';

  it('is sized from the contract value of its instrument', () => {
    const sized = createPortfolio({ clock: time.clock, contractValue });
    sized.applyEvent(positionPush({ sizeContracts: '30', sizeCoin: undefined }));
    sized.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: '50100' }));

    expect(sized.snapshot().positions[0]).toMatchObject({ sizeCoin: '0.3', pnl: 30, notionalUsd: 15030 });
  });

  it('an inverse one in coin at the mark of its push', () => {
    const sized = createPortfolio({ clock: time.clock, contractValue: () => '100' });
    const inverse = { symbol: 'BTC-USD-SWAP', sizeContracts: '3', sizeCoin: undefined, markPrice: '60000' };
    sized.replaceAccount('okx', { positions: [aPosition(inverse)], balance: undefined, orders: [] });

    expect(sized.snapshot().positions[0]).toMatchObject({ sizeCoin: '0.005', notionalUsd: 300 });
  });

  it("without a contract value, shows the exchange's own PnL", () => {
    portfolio.applyEvent(positionPush({ sizeCoin: undefined, unrealisedPnl: '12.5' }));
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: '50100' }));

    expect(portfolio.snapshot().positions[0]).toMatchObject({ pnl: 12.5, pnlSource: 'exchange' });
  });
});

it("a mark older than the position's own push does not override it", () => {
  portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: '49000', ts: 500 }));
  portfolio.applyEvent(positionPush({ markPrice: '51000', unrealisedPnl: '500' }, 1_000));

  expect(portfolio.snapshot().positions[0]).toMatchObject({
    markPrice: '51000',
    pnl: 500,
    pnlSource: 'exchange',
  });
});

it('sorts positions of both exchanges by exposure in USD, largest first, and totals their PnL', () => {
  portfolio.replaceAccount('okx', {
    positions: [aPosition({ symbol: 'ETH-USDT-SWAP', sizeCoin: '2', entryPrice: '3000', markPrice: '3000' })],
    balance: undefined,
    orders: [],
  });
  portfolio.replaceAccount('bybit', {
    positions: [aPosition({ exchange: 'bybit', symbol: 'BTCUSDT', category: 'linear', sizeCoin: '0.5' })],
    balance: undefined,
    orders: [],
  });
  portfolio.applyEvent(aTicker('okx', 'ETH-USDT-SWAP', { mark: '3100' }));
  portfolio.applyEvent(aTicker('bybit', 'BTCUSDT', { mark: '49000' }));

  const { positions, totals } = portfolio.snapshot();
  expect(positions.map((p) => [p.symbol, p.notionalUsd])).toEqual([
    ['BTCUSDT', 24500],
    ['ETH-USDT-SWAP', 6200],
  ]);
  expect(totals).toMatchObject({
    pnlUsd: { okx: 200, bybit: -500 },
    overallPnlUsd: -300,
    account: undefined,
  });
  expect(totals.exposure?.map(({ coin, netUsd }) => [coin, netUsd])).toEqual([
    ['BTC', '24500'],
    ['ETH', '6200'],
  ]);
});

describe('account and risk', () => {
  it('totals the accounts from the wallet pushes, and the view parses', () => {
    portfolio.applyEvent({
      ...walletPush('okx', '1000.5'),
      availableUsd: '800',
      marginRisk: { kind: 'okx-margin-ratio', value: '3.5' },
    });
    portfolio.applyEvent({ ...walletPush('bybit', '500'), availableUsd: undefined });
    const view = portfolio.snapshot();
    expect(view.totals.account?.equityUsd).toEqual({ usd: '1500.5', missing: [] });
    expect(view.totals.account?.availableUsd).toEqual({ usd: undefined, missing: ['bybit'] });
    expect(view.balances[0]).toMatchObject({
      exchange: 'okx',
      availableUsd: '800',
      marginRisk: { kind: 'okx-margin-ratio', value: '3.5' },
    });
    expect(portfolioView.safeParse(view).success).toBe(true);
  });

  it('a position carries its liquidation distance at the live mark, its ADL rank and its next funding', () => {
    portfolio.replaceAccount('bybit', {
      positions: [
        aPosition({
          exchange: 'bybit',
          symbol: 'BTCUSDT',
          category: 'linear',
          side: 'short',
          sizeCoin: '0.5',
          liquidationPrice: '52000',
          adlRank: 2,
        }),
      ],
      balance: undefined,
      orders: [],
    });
    changes = [];
    portfolio.applyEvent(
      aTicker('bybit', 'BTCUSDT', {
        mark: '50000',
        fundingRate: '0.0001',
        nextFundingTime: 1_700_000_000_000,
      }),
    );
    expect(changes.at(-1)?.positions).toEqual([
      instrumentKey({ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' }),
    ]);
    expect(portfolio.snapshot().positions[0]).toMatchObject({
      liquidationDistancePercent: '4',
      adlRank: 2,
      funding: { rate: '0.0001', nextFundingTime: 1_700_000_000_000, nextPayment: '2.5', unit: 'USDT' },
    });
  });
});

describe('open orders', () => {
  it('are kept while working and removed once filled or cancelled', () => {
    portfolio.applyEvent(anOrder({ orderId: 'a' }));
    portfolio.applyEvent(anOrder({ orderId: 'b' }));
    portfolio.applyEvent(anOrder({ orderId: 'a', status: 'partially-filled', filledSize: '0.4' }));
    expect(portfolio.snapshot().orders.map((o) => [o.id, o.filled])).toEqual([
      ['a', '0.4'],
      ['b', '0'],
    ]);

    portfolio.applyEvent(anOrder({ orderId: 'a', status: 'filled', filledSize: '1' }));
    portfolio.applyEvent(anOrder({ orderId: 'b', status: 'cancelled' }));
    expect(portfolio.snapshot().orders).toEqual([]);
  });

  it('a REST snapshot replaces them', () => {
    portfolio.applyEvent(anOrder({ orderId: 'gone' }));
    portfolio.replaceAccount('bybit', {
      positions: [],
      balance: undefined,
      orders: [{ ...anOrder({ orderId: 'kept' }) }],
    });
    expect(portfolio.snapshot().orders.map((o) => o.id)).toEqual(['kept']);
  });
});

it('keeps one balance per exchange, replaced by each wallet push', () => {
  portfolio.replaceAccount('okx', { positions: [], balance: aBalance('okx', '1000'), orders: [] });
  portfolio.applyEvent(walletPush('bybit', '250'));
  portfolio.applyEvent(walletPush('okx', '990.5'));

  expect(portfolio.snapshot().balances.map((b) => [b.exchange, b.totalEquityUsd])).toEqual([
    ['okx', '990.5'],
    ['bybit', '250'],
  ]);
  expect(changes.at(-1)).toMatchObject({ balances: ['okx'], positions: [], quotes: [] });
});

describe('parts of the account view', () => {
  it('each part, asked for alone, is the snapshot’s own, and nothing else is built', () => {
    portfolio.replaceAccount('bybit', {
      positions: [aPosition({ exchange: 'bybit', symbol: 'BTCUSDT', category: 'linear' })],
      balance: aBalance('bybit', '1000'),
      orders: [anOrder({ orderId: 'resting' })],
    });
    portfolio.applyEvent(aTicker('bybit', 'BTCUSDT', { mark: '50200' }));
    const { quotes, ...whole } = portfolio.snapshot();
    expect(quotes).toHaveLength(1);
    for (const part of ['positions', 'balances', 'orders', 'totals', 'freshness'] as const)
      expect(portfolio.accountView(new Set([part]))).toEqual({ [part]: whole[part] });
    expect(portfolio.accountView(new Set(['positions', 'totals']))).toEqual({
      positions: whole.positions,
      totals: whole.totals,
    });
  });
});

describe('quotes', () => {
  it('merges ticker pushes that carry only what changed', () => {
    portfolio.applyEvent(aTicker('bybit', 'ETHUSDT', { last: '3000', bid: '2999.9', mark: '3000.1' }));
    portfolio.applyEvent(aTicker('bybit', 'ETHUSDT', { last: '3001' }));

    expect(portfolio.snapshot().quotes).toMatchObject([
      { exchange: 'bybit', symbol: 'ETHUSDT', last: '3001', bid: '2999.9', mark: '3000.1', stale: false },
    ]);
  });

  it.each([
    ['bybit', 'BTCUSDT', 'BTCUSDT', 'linear'],
    ['okx', 'BTC-USDT', 'BTC-USDT-SWAP', 'SWAP'],
  ] as const)(
    'keeps the %s spot pair and perpetual of one coin apart, each with its own price',
    (exchange, spotSymbol, perpetualSymbol, category) => {
      const perpetual = { exchange, symbol: perpetualSymbol, category, instrumentKind: 'perpetual' } as const;
      portfolio.replaceAccount(exchange, {
        positions: [aPosition({ ...perpetual, markPrice: '64000', entryPrice: '64000', sizeCoin: '1' })],
        balance: undefined,
        orders: [],
      });

      portfolio.applyEvent(aTicker(exchange, perpetualSymbol, { last: '64010.5', mark: '64010' }));
      portfolio.applyEvent(
        aTicker(exchange, spotSymbol, { instrumentKind: 'spot', last: '63990.4', bid: '63990.3' }),
      );
      portfolio.applyEvent(aTicker(exchange, perpetualSymbol, { last: '64011' }));

      const { quotes, positions } = portfolio.snapshot();
      expect(quotes).toEqual([
        expect.objectContaining({
          kind: 'perpetual',
          symbol: perpetualSymbol,
          last: '64011',
          bid: undefined,
        }),
        expect.objectContaining({ kind: 'spot', symbol: spotSymbol, last: '63990.4', bid: '63990.3' }),
      ]);
      expect(positions).toMatchObject([
        { kind: 'perpetual', symbol: perpetualSymbol, markPrice: '64010', pnl: 10 },
      ]);
      // The spot pair's ticker moved no position's PnL.
      expect(changes.at(-2)).toMatchObject({
        quotes: [instrumentKey({ exchange, kind: 'spot', symbol: spotSymbol })],
        positions: [],
      });
    },
  );

  it('a quote is stale once old, or while its exchange is marked stale', () => {
    portfolio.applyQuote({ ...aTicker('okx', 'SOL-USDT-SWAP', { last: '150' }) });
    time.advance(QUOTE_STALE_AFTER_MS);
    expect(portfolio.snapshot().quotes[0]?.stale).toBe(false);

    portfolio.markStale('okx', true);
    expect(portfolio.snapshot().quotes[0]?.stale).toBe(true);
    expect(changes.at(-1)).toMatchObject({
      quotes: ['okx:perpetual:SOL-USDT-SWAP'],
      freshness: ['okx'],
    });

    portfolio.markStale('okx', false);
    time.advance(1);
    expect(portfolio.snapshot().quotes[0]?.stale).toBe(true);
  });
});

it('what it shows is exactly the view the UI contract accepts', () => {
  portfolio.replaceAccount('okx', { positions: [aPosition()], balance: aBalance('okx', '1000'), orders: [] });
  portfolio.applyEvent(anOrder());
  portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '50010', mark: '50005' }));
  const view = portfolio.snapshot();

  expect(portfolioView.parse(view)).toEqual(view);
});

it('ignores stream events that are not portfolio state', () => {
  portfolio.applyEvent({
    kind: 'book',
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    ts: 1,
    replaces: true,
    bids: [],
    asks: [],
  });
  expect(changes).toEqual([]);
});

describe('restore after a worker restart', () => {
  function previousWorker(): Portfolio {
    const previous = createPortfolio({ clock: time.clock });
    previous.replaceAccount('okx', {
      positions: [aPosition()],
      balance: aBalance('okx', '1000'),
      orders: [],
    });
    previous.replaceAccount('bybit', { positions: [], balance: aBalance('bybit', '50'), orders: [] });
    previous.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '51000', mark: '51000' }));
    return previous;
  }

  it('paints the last state at once, marked restored and its quotes stale, with PnL recomputed', () => {
    portfolio.restore(
      JSON.parse(JSON.stringify(previousWorker().record())) as ReturnType<Portfolio['record']>,
    );

    const view = portfolio.snapshot();
    expect(view.positions).toMatchObject([{ symbol: 'BTC-USDT-SWAP', pnl: 500 }]);
    expect(view.balances.map((b) => b.totalEquityUsd)).toEqual(['1000', '50']);
    expect(view.quotes).toMatchObject([{ symbol: 'BTC-USDT-SWAP', stale: true }]);
    expect(view.freshness).toEqual([
      { exchange: 'okx', restored: true, stale: false, positionsKnown: true, updatedAt: 10_000 },
      { exchange: 'bybit', restored: true, stale: false, positionsKnown: true, updatedAt: 10_000 },
    ]);
  });

  it('each exchange stays restored until its own fresh account snapshot arrives', () => {
    portfolio.restore(previousWorker().record());
    time.advance(5_000);

    portfolio.replaceAccount('bybit', { positions: [], balance: aBalance('bybit', '60'), orders: [] });
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { last: '51100' }));

    const view = portfolio.snapshot();
    expect(view.freshness.map((f) => [f.exchange, f.restored, f.updatedAt])).toEqual([
      ['okx', true, 10_000],
      ['bybit', false, 15_000],
    ]);
    expect(view.quotes).toMatchObject([{ last: '51100', stale: false }]);
  });

  it('never paints over data that arrived live before the snapshot was read', () => {
    portfolio.replaceAccount('okx', { positions: [], balance: aBalance('okx', '2000'), orders: [] });
    portfolio.restore(previousWorker().record());

    const view = portfolio.snapshot();
    expect(view.positions).toEqual([]);
    expect(view.balances.map((b) => [b.exchange, b.totalEquityUsd])).toEqual([
      ['okx', '2000'],
      ['bybit', '50'],
    ]);
    expect(view.freshness.map((f) => f.restored)).toEqual([false, true]);
  });

  it('keeps the kept positions of an exchange whose wallet pushed before the snapshot was read', () => {
    portfolio.applyEvent(walletPush('okx', '1500'));
    portfolio.restore(previousWorker().record());

    const view = portfolio.snapshot();
    expect(view.positions).toMatchObject([{ exchange: 'okx', symbol: 'BTC-USDT-SWAP' }]);
    expect(view.balances.map((b) => [b.exchange, b.totalEquityUsd])).toEqual([
      ['okx', '1500'],
      ['bybit', '50'],
    ]);
    expect(view.freshness.map((f) => [f.exchange, f.restored, f.positionsKnown])).toEqual([
      ['okx', true, true],
      ['bybit', true, true],
    ]);
  });

  it('knows no positions before the exchange listed them: pushes and unlisted kept accounts do not count', () => {
    portfolio.applyEvent(walletPush('okx', '1500'));
    portfolio.applyEvent(positionPush({ symbol: 'ETH-USDT-SWAP' }));
    expect(portfolio.snapshot().freshness.map((f) => f.positionsKnown)).toEqual([false, false]);

    const fresh = createPortfolio({ clock: time.clock });
    fresh.restore(portfolio.record());
    expect(fresh.snapshot().freshness.map((f) => f.positionsKnown)).toEqual([false, false]);

    portfolio.replaceAccount('bybit', { positions: [], balance: aBalance('bybit', '60'), orders: [] });
    expect(portfolio.snapshot().freshness.map((f) => f.positionsKnown)).toEqual([false, true]);
  });
});
