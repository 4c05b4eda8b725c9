import { describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/okx-frames.json';
import { EMPTY_BOOK_VIEW, applyBookEvent } from '../book-view';
import { createCollectingParser } from '../transport/socket-fake.test-helper';
import { OkxPushParser } from './streams-parse';

/** Recorded frames (tests/fixtures/ws/okx-frames.json) fed to a fresh parser. */
const freshParser = () => createCollectingParser(new OkxPushParser());

describe('OKX push parsing', () => {
  it('turns a tickers push into a ticker event', () => {
    const parser = freshParser();
    parser.receive(frames.tickers);
    expect(parser.events).toEqual([
      {
        kind: 'ticker',
        exchange: 'okx',
        instrumentKind: 'perpetual',
        symbol: 'BTC-USDT-SWAP',
        ts: 1704067200123,
        last: '41006.8',
        bid: '41006.8',
        bidSize: '12',
        ask: '41006.9',
        askSize: '25',
        mark: undefined,
        index: undefined,
        open24h: '40500',
        high24h: '41200',
        low24h: '40100.5',
        volume24h: '123450',
        fundingRate: undefined,
      },
    ]);
  });

  it('merges mark-price and funding-rate pushes into the instrument quote', () => {
    const parser = freshParser();
    parser.receive(frames.tickers);
    parser.receive(frames.markPrice);
    parser.receive(frames.fundingRate);
    expect(parser.events.at(-1)).toMatchObject({
      kind: 'ticker',
      symbol: 'BTC-USDT-SWAP',
      ts: 1704067200160,
      last: '41006.8',
      bid: '41006.8',
      mark: '41005.2',
      fundingRate: '0.0001',
    });
    parser.receive(frames.tickers);
    expect(parser.events.at(-1)).toMatchObject({ mark: '41005.2', fundingRate: '0.0001' });
    // Each push hands out a new event: the one before it still reads as it did.
    expect(parser.events[0]).toMatchObject({ mark: undefined, fundingRate: undefined });
  });

  it('names the kind of each quote by its instId: the spot pair and the swap of one coin stay apart', () => {
    const parser = freshParser();
    const ticker = frames.tickers.data[0];
    const swap = { ...ticker, last: '41006.8' };
    const spot = { ...ticker, instId: 'BTC-USDT', instType: 'SPOT', last: '41001.1' };
    parser.receive({ ...frames.tickers, data: [swap, spot] });
    parser.receive({ ...frames.markPrice, data: [{ instId: 'BTC-USD-261225', markPx: '41500', ts: '1' }] });
    parser.receive({
      ...frames.markPrice,
      data: [{ instId: 'BTC-USD-261225-60000-C', markPx: '0.05', ts: '1' }],
    });

    expect(
      parser.events.map((event) => (event.kind === 'ticker' ? [event.symbol, event.instrumentKind] : [])),
    ).toEqual([
      ['BTC-USDT-SWAP', 'perpetual'],
      ['BTC-USDT', 'spot'],
      ['BTC-USD-261225', 'future'],
      ['BTC-USD-261225-60000-C', 'option'],
    ]);
    expect(parser.events.slice(0, 2)).toMatchObject([{ last: '41006.8' }, { last: '41001.1' }]);
  });

  it('turns trades and candles into events', () => {
    const parser = freshParser();
    parser.receive(frames.trades);
    parser.receive(frames.candle1m);
    expect(parser.events).toEqual([
      {
        kind: 'trades',
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        ts: 1704067200456,
        trades: [{ id: '130639474', price: '41006.8', size: '3', side: 'sell', ts: 1704067200456 }],
      },
      {
        kind: 'candle',
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        interval: '1m',
        ts: 1704067200000,
        candles: [
          {
            start: 1704067200000,
            open: '41000',
            high: '41010.5',
            low: '40990',
            close: '41006.8',
            volume: '152',
            confirmed: false,
          },
        ],
      },
    ]);
  });

  it('builds a checksum-verified book from snapshot and update; the update event carries only what changed', () => {
    const parser = freshParser();
    parser.receive(frames.booksSnapshot);
    parser.receive(frames.booksUpdate);
    expect(parser.events.at(-1)).toMatchObject({
      kind: 'book',
      replaces: false,
      bids: [
        ['41006.5', '0.9'],
        ['41006.3', '0'],
      ],
      asks: [['41007.5', '2.25']],
    });
    const view = parser.events.reduce(
      (kept, event) => (event.kind === 'book' ? applyBookEvent(kept, event) : kept),
      EMPTY_BOOK_VIEW,
    );
    expect(view).toEqual({
      bids: [
        ['41006.8', '0.60038921'],
        ['41006.5', '0.9'],
        ['41005.9', '1.2'],
      ],
      asks: [
        ['41006.9', '0.2'],
        ['41007.5', '2.25'],
        ['41010.0', '3.0'],
      ],
    });
  });

  it('carries as many book levels per side as asked', () => {
    const parser = createCollectingParser(new OkxPushParser(1));
    parser.receive(frames.booksSnapshot);
    expect(parser.events[0]).toMatchObject({ bids: [['41006.8', '0.60038921']], asks: [['41006.9', '0.2']] });
  });

  it('takes books5 pushes as whole books', () => {
    const parser = freshParser();
    parser.receive(frames.books5);
    expect(parser.events).toEqual([
      {
        kind: 'book',
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        ts: 1704067200800,
        replaces: true,
        bids: [['41006.8', '0.6']],
        asks: [['41006.9', '0.2']],
      },
    ]);
  });

  it('turns order, position, account and greeks pushes into events', () => {
    const parser = freshParser();
    for (const frame of [frames.orderFilled, frames.positions, frames.account, frames.accountGreeks])
      parser.receive(frame);
    expect(parser.events.map((e) => e.kind)).toEqual(['order', 'execution', 'position', 'wallet', 'greeks']);
    expect(parser.events[0]).toMatchObject({
      orderId: '680800019749904384',
      clientOrderId: 'perch1',
      status: 'filled',
      filledSize: '2',
      reduceOnly: false,
    });
    expect(parser.events[1]).toMatchObject({
      executionId: '130639475',
      price: '41006.9',
      size: '2',
      fee: '-0.0164',
      isMaker: false,
    });
    expect(parser.events[2]).toMatchObject({
      side: 'short',
      sizeContracts: '2',
      positionMode: 'one-way',
      entryPrice: '41006.9',
      liquidationPrice: '45120.3',
      marginMode: 'cross',
      positionSlot: 'one-way',
    });
    expect(parser.events[3]).toMatchObject({
      totalEquityUsd: '10240.5',
      availableUsd: undefined,
      usedMarginUsd: '8.2',
      maintenanceMarginUsd: '0.33',
      unrealisedPnlUsd: undefined,
      marginRisk: { kind: 'okx-margin-ratio', value: '31000' },
      coins: [
        {
          coin: 'USDT',
          equity: '10240.5',
          available: '10232.3',
          walletBalance: '10240.48',
          unrealisedPnl: '0.0136',
          usdValue: '10240.5',
        },
      ],
    });
    expect(parser.events[4]).toMatchObject({ coin: 'BTC', delta: '1.1', theta: '-12.5' });
  });
});
