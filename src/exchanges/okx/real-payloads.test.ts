import { describe, expect, it } from 'vitest';
import accountPush from '../../../tests/fixtures/real/okx-account-push.json';
import balanceAnswer from '../../../tests/fixtures/real/okx-balance.json';
import balanceAndPosition from '../../../tests/fixtures/real/okx-balance-and-position-push.json';
import fills from '../../../tests/fixtures/real/okx-fills.json';
import fundingRate from '../../../tests/fixtures/real/okx-funding-rate-push.json';
import marginPosition from '../../../tests/fixtures/real/okx-margin-position.json';
import candles from '../../../tests/fixtures/real/okx-mark-index-candles.json';
import quoteOrder from '../../../tests/fixtures/real/okx-order-quote-ccy.json';
import ordersPush from '../../../tests/fixtures/real/okx-orders-push.json';
import { replayPushes } from '../transport/socket-fake.test-helper';
import { mapOkxBalance, mapOkxFill, mapOkxOrder, mapOkxPosition, okxFundingQuoteFields } from './map';
import { OkxBalance, OkxFills, OkxFundingRates, OkxOrder, OkxPositions } from './schemas';
import { OkxPushParser } from './streams-parse';

/**
 * Published OKX payloads (each fixture names its source page) replayed through the client: what real
 * accounts send that a tidy simulator would not (docs/protocol.md "What real payloads do").
 */
const replay = (frame: unknown) => replayPushes(new OkxPushParser(), [frame]).events;

describe('OKX real payloads', () => {
  describe('account margin and risk', () => {
    it('reads an account without positions: margin 0, no margin ratio (mgnRatio "")', () => {
      const [published] = OkxBalance.parse(balanceAnswer.payload.data);
      expect(mapOkxBalance(published!)).toMatchObject({
        totalEquityUsd: '55837.43556134779',
        availableUsd: '55415.624719833286',
        usedMarginUsd: '0',
        maintenanceMarginUsd: '0',
        unrealisedPnlUsd: '0',
        marginRisk: undefined,
        coins: [
          {
            coin: 'USDT',
            equity: '4992.890093622894',
            available: '4834.317093622894',
            unrealisedPnl: '-7.545600000000006',
            // Futures mode's per-currency figures are "" in the other modes.
            usedMargin: undefined,
            maintenanceMargin: undefined,
            marginRisk: undefined,
          },
        ],
      });
    });

    it('reads the account push the same way', () => {
      const [event] = replay(accountPush.payload);
      expect(event).toMatchObject({
        kind: 'wallet',
        ts: 1705564223311,
        totalEquityUsd: '55868.06403501676',
        availableUsd: '55444.12216906034',
        usedMarginUsd: '0',
        marginRisk: undefined,
        coins: [{ coin: 'USDT', available: '4734.371190691436', marginRisk: undefined }],
      });
    });

    it('names a margin ratio for what it is: higher is safer', () => {
      // The published push of an account with a cross position (the field table's values, not a recording).
      const [account] = accountPush.payload.data;
      const withPosition = { ...account!, imr: '820', mmr: '33', mgnRatio: '1680.4', upl: '12.5' };
      const [event] = replay({ ...accountPush.payload, data: [withPosition] });
      expect(event).toMatchObject({
        usedMarginUsd: '820',
        maintenanceMarginUsd: '33',
        unrealisedPnlUsd: '12.5',
        marginRisk: { kind: 'okx-margin-ratio', value: '1680.4' },
      });
    });

    it('reads a Futures-mode account: the account-level margin fields are "", each currency states its own', () => {
      // As the page's table of fields per account mode gives Futures mode: no adjEq, availEq, imr, mmr,
      // mgnRatio or upl for the account; imr, mmr and mgnRatio per currency with a cross position.
      const [account] = accountPush.payload.data;
      const [usdt] = account!.details;
      const futuresMode = {
        ...account!,
        adjEq: '',
        availEq: '',
        imr: '',
        mmr: '',
        mgnRatio: '',
        notionalUsd: '',
        upl: '',
        details: [{ ...usdt!, imr: '820', mmr: '33', mgnRatio: '148.2' }],
      };
      const [event] = replay({ ...accountPush.payload, data: [futuresMode] });
      expect(event).toMatchObject({
        totalEquityUsd: '55868.06403501676',
        availableUsd: undefined,
        usedMarginUsd: undefined,
        maintenanceMarginUsd: undefined,
        unrealisedPnlUsd: undefined,
        marginRisk: undefined,
        coins: [
          {
            coin: 'USDT',
            usedMargin: '820',
            maintenanceMargin: '33',
            marginRisk: { kind: 'okx-margin-ratio', value: '148.2' },
          },
        ],
      });
    });
  });

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

  describe('funding (docs/protocol.md "Funding")', () => {
    it('reads fundingTime, the settlement of the current rate, as the next funding time', () => {
      const [event] = replay(fundingRate.payload);
      expect(event).toMatchObject({
        kind: 'ticker',
        symbol: 'BTC-USD-SWAP',
        instrumentKind: 'perpetual',
        fundingRate: '0.0001875391284828',
        // Not nextFundingTime (1700755200000): that is the settlement after this rate's.
        nextFundingTime: 1700726400000,
        ts: 1700724675402,
      });
    });

    it('reads a REST funding-rate row the same way, and "" as none', () => {
      const [row] = OkxFundingRates.parse(fundingRate.payload.data);
      expect(okxFundingQuoteFields(row!)).toEqual({
        fundingRate: '0.0001875391284828',
        nextFundingTime: 1700726400000,
      });
      expect(okxFundingQuoteFields({ ...row!, fundingRate: '', fundingTime: '' })).toEqual({
        fundingRate: undefined,
      });
    });
  });

  describe('auto-deleveraging rank (docs/protocol.md "Auto-deleveraging rank")', () => {
    const [published] = OkxPositions.parse(marginPosition.payload.data);

    it('reads the published row\'s adl "1" as rank 1', () => {
      expect(mapOkxPosition(published!).adlRank).toBe(1);
    });

    it.each(['3', '5'])('reads adl "%s" as that rank', (adl) => {
      expect(mapOkxPosition({ ...published!, adl }).adlRank).toBe(Number(adl));
    });

    it('has none where OKX sends adl ""', () => {
      expect(mapOkxPosition({ ...published!, adl: '' })).not.toHaveProperty('adlRank');
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
