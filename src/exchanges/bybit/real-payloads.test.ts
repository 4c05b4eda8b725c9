import { describe, expect, it } from 'vitest';
import execution from '../../../tests/fixtures/real/bybit-execution-push.json';
import openOrders from '../../../tests/fixtures/real/bybit-open-order-unfilled.json';
import optionTickers from '../../../tests/fixtures/real/bybit-option-ticker-no-bid.json';
import flatPosition from '../../../tests/fixtures/real/bybit-position-push-flat.json';
import isolatedWallet from '../../../tests/fixtures/real/bybit-wallet-isolated.json';
import restWallet from '../../../tests/fixtures/real/bybit-wallet-balance.json';
import linearTicker from '../../../tests/fixtures/real/bybit-ticker-push-linear.json';
import crossWallet from '../../../tests/fixtures/real/bybit-wallet-push-cross.json';
import { replayPushes } from '../transport/socket-fake.test-helper';
import { mapBybitOrder, mapBybitPosition, mapBybitTicker, mapBybitWallet } from './map';
import { BybitOrders, BybitPositions, BybitTickers, BybitWallet } from './schemas';
import { BybitPushParser } from './streams-parse';

/**
 * Published Bybit payloads (each fixture names its source page) replayed through the client: what real
 * accounts send that a tidy simulator would not (docs/protocol.md "What real payloads do").
 */
const replay = (frame: unknown) => replayPushes(new BybitPushParser('linear'), [frame]).events;

/** The same frame as unified accounts send it since January 2025: availableToWithdraw "". */
function withoutAvailableToWithdraw<T extends { coin: readonly object[] }>(account: T): T {
  return { ...account, coin: account.coin.map((coin) => ({ ...coin, availableToWithdraw: '' })) };
}

describe('Bybit real payloads', () => {
  describe('unified account margin and risk', () => {
    const crossAccount = crossWallet.payload.data[0]!;
    const expectedAccount = {
      totalEquityUsd: '12837.78330098',
      availableUsd: '12632.05767702',
      usedMarginUsd: '205.72562486',
      maintenanceMarginUsd: '39.42876721',
      unrealisedPnlUsd: '-2.62129051',
      marginRisk: { kind: 'maintenance-margin-rate', value: '0.003' },
    };

    it("reads the account figures as the account's, in USD, over the socket and over REST", () => {
      const [pushed] = replay(crossWallet.payload);
      expect(pushed).toMatchObject({ kind: 'wallet', ...expectedAccount });
      expect(mapBybitWallet(BybitWallet.parse({ list: [crossAccount] }))).toMatchObject(expectedAccount);
    });

    it('reads the published wallet-balance answer of an account without positions', () => {
      const balance = mapBybitWallet(BybitWallet.parse(restWallet.payload.result));
      expect(balance).toMatchObject({
        totalEquityUsd: '3.31216591',
        availableUsd: '3.00326056',
        usedMarginUsd: '0',
        maintenanceMarginUsd: '0',
        unrealisedPnlUsd: '0',
        marginRisk: { kind: 'maintenance-margin-rate', value: '0' },
        coins: [
          { coin: 'BTC', available: '0', usedMargin: '0', maintenanceMargin: '0', marginRisk: undefined },
        ],
      });
    });

    it('reads an isolated-margin account, whose account-level figures are "", as having none', () => {
      const balance = mapBybitWallet(BybitWallet.parse({ list: [isolatedWallet.payload] }));
      expect(balance).toMatchObject({
        totalEquityUsd: '56.91663832',
        availableUsd: undefined,
        usedMarginUsd: undefined,
        maintenanceMarginUsd: undefined,
        unrealisedPnlUsd: '5.9584504',
        marginRisk: undefined,
        coins: [{ coin: 'USDT', usedMargin: '11.5640358', maintenanceMargin: '0.4702608' }],
      });
    });

    it('gives a coin the available Bybit states for it', () => {
      const [event] = replay(crossWallet.payload);
      const coins = event?.kind === 'wallet' ? event.coins : [];
      expect(coins.map((coin) => [coin.coin, coin.available])).toEqual([
        ['USDC', '0'],
        ['BTC', '0.06488393'],
        ['ETH', '0'],
        ['USDT', '11723.92075829'],
        ['EOS3L', '215.0570412'],
        ['BIT', '1.82'],
      ]);
    });

    it.each([
      ['cross margin', withoutAvailableToWithdraw(crossAccount)],
      ['isolated margin', withoutAvailableToWithdraw(isolatedWallet.payload)],
    ])('states no coin available when Bybit sends availableToWithdraw "" (%s)', (_, account) => {
      const coins = mapBybitWallet(BybitWallet.parse({ list: [account] })).coins;
      expect(coins.map((coin) => coin.available)).toEqual(coins.map(() => undefined));
    });

    it("does not tell the account's available in a coin: 1 ETH held is not 32.5 ETH available", () => {
      // The published push as a 2025 unified account holding 1 ETH sends it: availableToWithdraw "",
      // and an account available (97,500 USD) that, told in ETH at 3,000 USD, would read 32.5 ETH.
      const eth = { ...crossAccount.coin[2]!, equity: '1', walletBalance: '1', usdValue: '3000' };
      const account = withoutAvailableToWithdraw({
        ...crossAccount,
        totalAvailableBalance: '97500',
        coin: [eth],
      });
      const [event] = replay({ ...crossWallet.payload, data: [account] });
      expect(event).toMatchObject({
        availableUsd: '97500',
        coins: [{ coin: 'ETH', equity: '1', walletBalance: '1', available: undefined }],
      });
    });
  });

  it('reads an option bid of "0" at size "0" as no bid', () => {
    const [raw] = BybitTickers.parse(optionTickers.payload.result).list;
    const quote = mapBybitTicker(raw!, optionTickers.payload.time, 'option');
    expect(quote).toMatchObject({ bid: undefined, bidSize: undefined, ask: '435', askSize: '0.66' });
  });

  it('reads a flat position entry and liquidation price of "0" as none', () => {
    const [event] = replay(flatPosition.payload);
    expect(event).toMatchObject({
      kind: 'position',
      side: 'flat',
      sizeContracts: '0',
      entryPrice: undefined,
      liquidationPrice: undefined,
      markPrice: '28184.5',
    });
  });

  describe('funding in the ticker (docs/protocol.md "Funding")', () => {
    it('reads the rate and the next settlement of a perpetual', () => {
      const [event] = replay(linearTicker.payload);
      expect(event).toMatchObject({
        kind: 'ticker',
        instrumentKind: 'perpetual',
        fundingRate: '-0.000212',
        nextFundingTime: 1673280000000,
      });
    });

    it('keeps them through a delta that does not repeat them', () => {
      const delta = {
        topic: 'tickers.BTCUSDT',
        type: 'delta',
        ts: 1673272861786,
        data: { symbol: 'BTCUSDT' },
      };
      const events = replayPushes(new BybitPushParser('linear'), [linearTicker.payload, delta]).events;
      expect(events.at(-1)).toMatchObject({ fundingRate: '-0.000212', nextFundingTime: 1673280000000 });
    });

    it('reads a future\'s "" rate and next funding time as none', () => {
      // The ticker stream page's future example sends both "".
      const future = {
        ...linearTicker.payload.data,
        symbol: 'BTC-26DEC25',
        fundingRate: '',
        nextFundingTime: '',
      };
      const [event] = replay({ ...linearTicker.payload, topic: 'tickers.BTC-26DEC25', data: future });
      expect(event).toMatchObject({ fundingRate: undefined });
      expect(event).not.toHaveProperty('nextFundingTime');
    });

    it('reads the same fields from a REST tickers row', () => {
      const [row] = BybitTickers.parse({ category: 'linear', list: [linearTicker.payload.data] }).list;
      expect(mapBybitTicker(row!, 1673272861686, 'linear')).toMatchObject({
        fundingRate: '-0.000212',
        nextFundingTime: 1673280000000,
      });
    });
  });

  describe('auto-deleveraging rank (docs/protocol.md "Auto-deleveraging rank")', () => {
    it('has none for a flat position (adlRankIndicator 0)', () => {
      const [event] = replay(flatPosition.payload);
      expect(event).toMatchObject({ kind: 'position', side: 'flat' });
      expect(event).not.toHaveProperty('adlRank');
    });

    it.each([1, 2, 5])("reads an open position's adlRankIndicator %i as its rank", (rank) => {
      const [flat] = flatPosition.payload.data;
      const open = { ...flat!, side: 'Buy', size: '0.01', entryPrice: '28000', adlRankIndicator: rank };
      expect(replay({ ...flatPosition.payload, data: [open] })[0]).toMatchObject({ adlRank: rank });
      const [row] = BybitPositions.parse({ category: 'linear', list: [open] }).list;
      expect(mapBybitPosition(row!, 'linear').adlRank).toBe(rank);
    });
  });

  it('reads an unfilled order average price of "0" as none', () => {
    const [raw] = BybitOrders.parse(openOrders.payload.result).list;
    expect(mapBybitOrder(raw!)).toMatchObject({
      status: 'open',
      size: '0.10',
      filledSize: '0.00',
      sizeUnit: 'base',
      averagePrice: undefined,
    });
  });

  describe('execution stream entries', () => {
    const withType = (execType: string) => ({
      ...execution.payload,
      data: execution.payload.data.map((item) => ({ ...item, execType })),
    });

    it.each(['Trade', 'AdlTrade', 'BustTrade'])('turns a %s entry into a fill', (execType) => {
      expect(replay(withType(execType))).toEqual([
        {
          kind: 'execution',
          exchange: 'bybit',
          symbol: 'XRPUSDT',
          ts: 1672364174443,
          orderId: 'f6e324ff-99c2-4e89-9739-3086e47f9381',
          clientOrderId: '',
          executionId: '7e2ae69c-4edf-5800-a352-893d52b446aa',
          side: 'sell',
          price: '0.3374',
          size: '25',
          fee: '0.005061',
          isMaker: false,
        },
      ]);
    });

    it.each(['Funding', 'Settle', 'Delivery'])('does not take a %s entry for a fill', (execType) => {
      expect(replay(withType(execType))).toEqual([]);
    });
  });
});
