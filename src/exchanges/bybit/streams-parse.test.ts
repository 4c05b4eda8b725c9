import { describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/bybit-frames.json';
import { EMPTY_BOOK_VIEW, applyBookEvent } from '../book-view';
import { createCollectingParser } from '../transport/socket-fake.test-helper';
import { BybitPushParser } from './streams-parse';

/** Recorded frames (tests/fixtures/ws/bybit-frames.json) fed to a fresh parser. */
const freshParser = () => createCollectingParser(new BybitPushParser('linear'));

describe('Bybit push parsing', () => {
  it('merges ticker deltas into the last snapshot', () => {
    const parser = freshParser();
    parser.receive(frames.tickerSnapshot);
    parser.receive(frames.tickerDelta);
    expect(parser.events.at(-1)).toEqual({
      kind: 'ticker',
      exchange: 'bybit',
      instrumentKind: 'perpetual',
      symbol: 'BTCUSDT',
      ts: 1704067200200,
      last: '41007.10',
      bid: '41007.00',
      bidSize: '1.100',
      ask: '41006.80',
      askSize: '0.812',
      mark: '41005.90',
      index: '41010.20',
      // The delta left prevPrice24h out: it has not changed, so the snapshot's stands.
      open24h: '40320.00',
      high24h: '41200.00',
      low24h: '40100.50',
      volume24h: '103200.400',
      fundingRate: '0.0001',
      nextFundingTime: 1704081600000,
    });
  });

  it('reads the price 24 hours ago from a spot ticker, which has no mark, index or funding', () => {
    const parser = createCollectingParser(new BybitPushParser('spot'));
    parser.receive(frames.tickerSpot);
    expect(parser.events.at(-1)).toMatchObject({
      kind: 'ticker',
      instrumentKind: 'spot',
      symbol: 'BTCUSDT',
      last: '41006.11',
      open24h: '40321.12',
      mark: undefined,
      fundingRate: undefined,
    });
  });

  it('names the kind of a ticker by the market of the socket it came on, as its symbol does not', () => {
    const kindOn = (category: 'spot' | 'linear' | 'inverse' | 'option', frame: unknown) => {
      const parser = createCollectingParser(new BybitPushParser(category));
      parser.receive(frame);
      return parser.events.map((event) => (event.kind === 'ticker' ? event.instrumentKind : event.kind));
    };

    expect(kindOn('spot', frames.tickerSnapshot)).toEqual(['spot']);
    expect(kindOn('linear', frames.tickerSnapshot)).toEqual(['perpetual']);
    const future = { ...frames.tickerSnapshot, data: { ...frames.tickerSnapshot.data, symbol: 'BTCUSDH27' } };
    expect(kindOn('inverse', future)).toEqual(['future']);
  });

  it('makes nothing of a ticker on a socket that carries no market', () => {
    const parser = createCollectingParser(new BybitPushParser(undefined));
    parser.receive(frames.tickerSnapshot);
    expect(parser.events).toEqual([]);
  });

  it('turns trades and klines into events', () => {
    const parser = freshParser();
    parser.receive(frames.publicTrade);
    parser.receive(frames.kline);
    expect(parser.events).toEqual([
      {
        kind: 'trades',
        exchange: 'bybit',
        symbol: 'BTCUSDT',
        ts: 1704067200400,
        trades: [
          {
            id: '20f43950-d8dd-5b31-9112-a178eb6023af',
            price: '41006.80',
            size: '0.001',
            side: 'buy',
            ts: 1704067200398,
          },
        ],
      },
      {
        kind: 'candle',
        exchange: 'bybit',
        symbol: 'BTCUSDT',
        interval: '5',
        ts: 1704067200500,
        candles: [
          {
            start: 1704067200000,
            open: '41000.0',
            high: '41010.5',
            low: '40990.0',
            close: '41006.8',
            volume: '152.3',
            confirmed: false,
          },
        ],
      },
    ]);
  });

  it('applies book deltas on the snapshot', () => {
    const parser = freshParser();
    parser.receive(frames.bookSnapshot);
    parser.receive(frames.bookDelta);
    expect(parser.events.at(-1)).toMatchObject({
      kind: 'book',
      replaces: false,
      bids: [
        ['41006.60', '0.700'],
        ['41006.50', '0'],
      ],
      asks: [
        ['41006.80', '0.500'],
        ['41008.00', '1.000'],
      ],
    });
    const view = parser.events.reduce(
      (kept, event) => (event.kind === 'book' ? applyBookEvent(kept, event) : kept),
      EMPTY_BOOK_VIEW,
    );
    expect(view).toEqual({
      bids: [
        ['41006.70', '2.500'],
        ['41006.60', '0.700'],
        ['41006.00', '0.300'],
      ],
      asks: [
        ['41006.80', '0.500'],
        ['41007.00', '4.000'],
        ['41008.00', '1.000'],
      ],
    });
  });

  it('keeps the depth its topic names: a level pushed out of it leaves the book', () => {
    const parser = freshParser();
    const onDepth = (depth: string, frame: typeof frames.bookSnapshot) => ({
      ...frame,
      topic: `orderbook.${depth}.BTCUSDT`,
    });
    parser.receive(onDepth('2', frames.bookSnapshot));
    expect(parser.events.at(-1)).toMatchObject({
      bids: [
        ['41006.70', '2.500'],
        ['41006.50', '1.000'],
      ],
    });
    // 41006.60 enters the best two: 41006.50 falls out of the depth and is gone, not kept below.
    parser.receive(
      onDepth('2', { ...frames.bookDelta, data: { ...frames.bookDelta.data, b: [['41006.60', '0.700']] } }),
    );
    expect(parser.events.at(-1)).toMatchObject({
      bids: [
        ['41006.60', '0.700'],
        ['41006.50', '0'],
      ],
    });
  });

  it('treats u == 1 as a new snapshot', () => {
    const parser = freshParser();
    parser.receive(frames.bookSnapshot);
    parser.receive(frames.bookRestart);
    expect(parser.events.at(-1)).toMatchObject({
      kind: 'book',
      replaces: true,
      bids: [['40000.00', '1.000']],
      asks: [['40001.00', '1.000']],
    });
  });

  it('turns order, execution (and execution.fast), position, wallet and greeks pushes into events', () => {
    const parser = freshParser();
    for (const frame of [
      frames.order,
      frames.execution,
      frames.executionFast,
      frames.position,
      frames.wallet,
      frames.greeks,
    ])
      parser.receive(frame);
    const list = parser.events;
    expect(list.map((e) => e.kind)).toEqual([
      'order',
      'execution',
      'execution',
      'position',
      // A position push restates its whole-position stop, target and trailing stop (none here).
      'protection',
      'protection',
      'protection',
      'wallet',
      'greeks',
    ]);
    expect(list[0]).toMatchObject({
      orderId: '5cf98598-39a7-459e-97bf-76ca765ee020',
      clientOrderId: 'perch1',
      side: 'sell',
      status: 'filled',
      filledSize: '0.010',
      reduceOnly: false,
    });
    expect(list[1]).toMatchObject({
      executionId: '7e2ae69c-4edf-5800-a352-893d52b446aa',
      price: '41006.70',
      fee: '0.2255',
      isMaker: false,
    });
    expect(list[2]).toMatchObject({ fee: '', size: '0.010' });
    expect(list[3]).toMatchObject({
      side: 'short',
      sizeContracts: '0.010',
      sizeCoin: '0.010',
      entryPrice: '41006.70',
      liquidationPrice: '45100.20',
      positionSlot: 'one-way',
      marginMode: 'cross',
    });
    expect(list[7]).toMatchObject({
      totalEquityUsd: '10240.50',
      availableUsd: '10199.3',
      usedMarginUsd: '41.2',
      maintenanceMarginUsd: '2.1',
      unrealisedPnlUsd: '0.008',
      marginRisk: { kind: 'maintenance-margin-rate', value: '0.0002' },
      coins: [
        {
          coin: 'USDT',
          equity: '10240.50',
          available: '10199.30', // the coin's own availableToWithdraw, as this push states it
          usedMargin: '41.2',
          maintenanceMargin: '2.1',
          marginRisk: undefined,
          walletBalance: '10240.49',
          unrealisedPnl: '0.008',
          usdValue: '10240.50',
        },
      ],
    });
    expect(list[8]).toMatchObject({ coin: 'ETH', delta: '0.06999986' });
  });
});
