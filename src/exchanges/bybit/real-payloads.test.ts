import { describe, expect, it } from 'vitest';
import execution from '../../../tests/fixtures/real/bybit-execution-push.json';
import openOrders from '../../../tests/fixtures/real/bybit-open-order-unfilled.json';
import optionTickers from '../../../tests/fixtures/real/bybit-option-ticker-no-bid.json';
import flatPosition from '../../../tests/fixtures/real/bybit-position-push-flat.json';
import isolatedWallet from '../../../tests/fixtures/real/bybit-wallet-isolated.json';
import crossWallet from '../../../tests/fixtures/real/bybit-wallet-push-cross.json';
import { replayPushes } from '../transport/socket-fake.test-helper';
import { mapBybitOrder, mapBybitTicker, mapBybitWallet } from './map';
import { BybitOrders, BybitTickers, BybitWallet } from './schemas';
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
  describe('unified account available balance', () => {
    const crossAccount = crossWallet.payload.data[0]!;
    const expectedCross = [
      // totalAvailableBalance (USD) told in each coin at the coin's USD price (usdValue / equity).
      ['USDC', '12632.05767702'],
      ['BTC', '0.80112437'],
      ['ETH', undefined],
      ['USDT', '12755.03339012'],
      // usdValue "0": not collateral, so no share of the account's available margin.
      ['EOS3L', undefined],
      ['BIT', '47151.69570597'],
    ];

    it.each([
      ['as published', crossAccount],
      ['with availableToWithdraw ""', withoutAvailableToWithdraw(crossAccount)],
    ])('derives cross margin availability from totalAvailableBalance (%s)', (_, account) => {
      const [event] = replay({ ...crossWallet.payload, data: [account] });
      expect(event?.kind).toBe('wallet');
      const coins = event?.kind === 'wallet' ? event.coins : [];
      expect(coins.map((coin) => [coin.coin, coin.available])).toEqual(expectedCross);
    });

    it('reads an account with nothing available as 0 available in every coin, on the socket and over REST', () => {
      // Bybit's published push with the account's margin all in use, as unified accounts send it now.
      const drained = { ...withoutAvailableToWithdraw(crossAccount), totalAvailableBalance: '0' };
      const [event] = replay({ ...crossWallet.payload, data: [drained] });
      const pushed = event?.kind === 'wallet' ? event.coins : [];
      const fetched = mapBybitWallet(BybitWallet.parse({ list: [drained] })).coins;
      const noneAvailable = expectedCross.map(([coin]) => [coin, '0']);
      expect(pushed.map((coin) => [coin.coin, coin.available])).toEqual(noneAvailable);
      expect(fetched.map((coin) => [coin.coin, coin.available])).toEqual(noneAvailable);
    });

    it.each([
      ['as recorded', isolatedWallet.payload],
      ['with availableToWithdraw ""', withoutAvailableToWithdraw(isolatedWallet.payload)],
    ])(
      'derives isolated margin availability as wallet less position and order margin, locked and bonus (%s)',
      (_, account) => {
        const balance = mapBybitWallet(BybitWallet.parse({ list: [account] }));
        // 50.9714405 - 11.5640358 - 0 - 0 - 0: the figure Bybit itself sent before the field was emptied.
        expect(balance.coins[0]).toMatchObject({ coin: 'USDT', available: '39.4074047' });
      },
    );
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
