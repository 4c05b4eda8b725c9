import { describe, expect, it } from 'vitest';
import balanceAndPosition from '../../../tests/fixtures/real/okx-balance-and-position-push.json';
import fills from '../../../tests/fixtures/real/okx-fills.json';
import marginPosition from '../../../tests/fixtures/real/okx-margin-position.json';
import candles from '../../../tests/fixtures/real/okx-mark-index-candles.json';
import quoteOrder from '../../../tests/fixtures/real/okx-order-quote-ccy.json';
import ordersPush from '../../../tests/fixtures/real/okx-orders-push.json';
import { replayPushes } from '../transport/socket-fake.test-helper';
import { mapOkxFill, mapOkxOrder, mapOkxPosition } from './map';
import { OkxFills, OkxOrder, OkxPositions } from './schemas';
import { OkxPushParser } from './streams-parse';

/**
 * Published OKX payloads (each fixture names its source page) replayed through the client: what real
 * accounts send that a tidy simulator would not (docs/protocol.md "What real payloads do").
 */
const replay = (frame: unknown) => replayPushes(new OkxPushParser(), [frame]).events;

describe('OKX real payloads', () => {
  describe('a net-mode MARGIN position takes its side from posCcy', () => {
    const [published] = OkxPositions.parse(marginPosition.payload.data);

    it('is long when held in the base currency', () => {
      expect(mapOkxPosition(published!)).toMatchObject({
        symbol: 'BTC-USDT',
        side: 'long',
        sizeContracts: '0.00190433573',
        sizeCoin: '0.00190433573',
        positionMode: 'one-way',
      });
    });

    it('is short when held in the quote currency, though pos is not negative', () => {
      // The same row with the position currency the field description gives a short: the quote.
      const short = mapOkxPosition({ ...published!, posCcy: 'USDT', pos: '120' });
      // 120 USDT / mark 62891.9, in coin.
      expect(short).toMatchObject({ side: 'short', sizeContracts: '120', sizeCoin: '0.00190804' });
    });
  });

  it('keeps the update time of each balance_and_position position', () => {
    const position = replay(balanceAndPosition.payload).find((event) => event.kind === 'position');
    expect(position).toMatchObject({
      symbol: 'BTC-USD-191018',
      side: 'long',
      updatedAt: 1597026383085,
      ts: 1597026383085,
    });
  });

  it.each([
    ['mark-price', candles.markPrice, [false, true]],
    ['index', candles.index, [false]],
  ])('reads %s candles as [ts, o, h, l, c, confirm] with no volume', (_, frame, confirmed) => {
    const [event] = replay(frame);
    const list = event?.kind === 'candle' ? event.candles : [];
    expect(list.map((candle) => candle.volume)).toEqual(confirmed.map(() => undefined));
    expect(list.map((candle) => candle.confirmed)).toEqual(confirmed);
    expect(list[0]).toMatchObject({ start: 1597026383085, close: frame.data[0]![4] });
  });

  it('maps a transaction-details row to a fill', () => {
    expect(OkxFills.parse(fills.payload.data).map(mapOkxFill)).toEqual([
      {
        exchange: 'okx',
        ts: 1708587373361,
        symbol: 'BTC-USDT',
        orderId: '680800019749904384',
        clientOrderId: '',
        executionId: '744876980',
        side: 'buy',
        price: '51858',
        size: '0.00192834',
        fee: '-0.00000192834',
        isMaker: false,
      },
    ]);
  });

  it('tells a filled market buy by quote amount (tgtCcy quote_ccy) in quote, so it reads filled', () => {
    const order = mapOkxOrder(OkxOrder.parse(quoteOrder.payload));
    // sz "40" is USDT; accFillSz "0.00087627" is BTC: 0.00087627 x avgPx 45647.6 = 39.999622452 USDT.
    expect(order).toMatchObject({
      status: 'filled',
      size: '40',
      filledSize: '39.999622452',
      sizeUnit: 'quote',
      averagePrice: '45647.6',
    });
  });

  describe('an order nothing has filled carries avgPx "0"', () => {
    const [filled] = ordersPush.payload.data;
    // The published push's order as it stood before its fill: the fill fields as OKX sends them empty.
    const unfilled = {
      ...filled!,
      state: 'live',
      accFillSz: '0',
      avgPx: '0',
      fillPx: '',
      fillSz: '0',
      fillTime: '',
      fillFee: '0',
      fee: '0',
      fillNotionalUsd: '',
      tradeId: '',
      execType: '',
    };
    const push = (row: typeof unfilled) => replay({ ...ordersPush.payload, data: [row] });

    it('keeps the average price of the published filled push', () => {
      expect(push(filled!)[0]).toMatchObject({ kind: 'order', status: 'filled', averagePrice: '31527.1' });
    });

    it.each([
      ['live', 'open'],
      ['canceled', 'cancelled'],
    ])('has no average price while %s and unfilled, in a push', (state, status) => {
      expect(push({ ...unfilled, state })).toEqual([
        expect.objectContaining({ kind: 'order', status, filledSize: '0', averagePrice: undefined }),
      ]);
    });

    it('has no average price in a REST order row (order details, pending orders)', () => {
      expect(mapOkxOrder(OkxOrder.parse(unfilled))).toMatchObject({
        filledSize: '0',
        averagePrice: undefined,
      });
    });

    it('tells a quote-sized market order nothing has filled as 0 filled', () => {
      const order = mapOkxOrder(
        OkxOrder.parse({ ...unfilled, ordType: 'market', tgtCcy: 'quote_ccy', sz: '40' }),
      );
      expect(order).toMatchObject({
        size: '40',
        filledSize: '0',
        sizeUnit: 'quote',
        averagePrice: undefined,
      });
    });
  });
});
