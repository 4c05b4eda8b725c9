import { describe, expect, it } from 'vitest';
import { FakeMarket, okxBtcSwap } from '../accounts/fake-market.test-helper.js';
import type { PlaceOrderRequest } from '../accounts/order-request.js';
import { SimAccount } from '../accounts/sim-account.js';
import { TradingEngine } from '../accounts/trading-engine.js';
import type { TradableInstrument } from '../accounts/types.js';
import { settleFunding } from '../accounts/funding.js';
import { bybitFundingExecution, bybitPosition, bybitWallet } from './bybit/bybit-shapes.js';
import { okxBalance, okxPosition } from './okx/okx-shapes.js';

/**
 * The account's margin figures as the simulator sends them: OKX's Futures-mode account (account-level
 * margin fields "", each currency's own) and Bybit's unified account (docs/protocol.md "Account margin and risk").
 */
type Json = Record<string, unknown>;

const bybitBtcPerp: TradableInstrument = {
  ...okxBtcSwap,
  exchange: 'bybit',
  category: 'linear',
  symbol: 'BTCUSDT',
  lotSize: '0.001',
  sizeDecimals: 3,
  minSize: '0.001',
  contractValue: '1',
};

function tradingAccount(exchange: 'okx' | 'bybit') {
  const instrument = exchange === 'okx' ? okxBtcSwap : bybitBtcPerp;
  const market = new FakeMarket([instrument]);
  const account = new SimAccount(exchange, '1001');
  const engine = new TradingEngine(account, market, () => 1_700_000_000_000);
  // 0.1 BTC either way: 10 OKX contracts of 0.01 BTC, 0.1 Bybit BTC.
  const size = exchange === 'okx' ? '10' : '0.1';
  const place = (request: Partial<PlaceOrderRequest>) => {
    const result = engine.place({
      symbol: instrument.symbol,
      side: 'buy',
      type: 'market',
      size,
      reduceOnly: false,
      marginMode: 'cross',
      clientId: '',
      ...request,
    });
    if (!result.ok) throw new Error(`refused: ${result.failure.reason}`);
  };
  /** 0.1 BTC long at about 50,000 (5,000 USDT, 500 held at leverage 10, 20 maintenance) and a resting buy. */
  const openPositionAndOrder = () => {
    place({});
    place({ type: 'limit', price: '49000' });
  };
  return { market, account, openPositionAndOrder };
}

const details = (balance: Json) => (balance.details as Json[])[0]!;
const coin = (wallet: Json) => (wallet.coin as Json[])[0]!;

describe('OKX account/balance and account push (Futures mode)', () => {
  const ACCOUNT_MARGIN_FIELDS = ['adjEq', 'availEq', 'imr', 'mmr', 'mgnRatio', 'notionalUsd', 'upl'];

  it('sends "" for the account-level margin fields and no currency margin ratio without a position', () => {
    const { market, account } = tradingAccount('okx');
    const balance = okxBalance(account, market, 1);
    for (const field of ACCOUNT_MARGIN_FIELDS) expect(balance[field], field).toBe('');
    expect(balance.totalEq).toBe('100000');
    expect(details(balance)).toMatchObject({ imr: '0', mmr: '0', mgnRatio: '', availBal: '100000' });
  });

  it("states the currency's margin, orders included, and its margin ratio with a position", () => {
    const { market, account, openPositionAndOrder } = tradingAccount('okx');
    openPositionAndOrder();
    const balance = okxBalance(account, market, 1);
    for (const field of ACCOUNT_MARGIN_FIELDS) expect(balance[field], field).toBe('');
    const usdt = details(balance);
    // 500 for the position, 490 for the resting buy of 0.1 BTC at 49,000.
    expect(Number(usdt.imr)).toBeCloseTo(990, 0);
    expect(Number(usdt.mmr)).toBeCloseTo(20, 0);
    expect(Number(usdt.mgnRatio)).toBeCloseTo(Number(usdt.eq) / Number(usdt.mmr), 4);
    expect(Number(usdt.mgnRatio)).toBeGreaterThan(1);
  });
});

describe('Bybit wallet-balance and wallet push', () => {
  it('sends the account figures in USD, rates of 0 without a position, and no coin available', () => {
    const { market, account } = tradingAccount('bybit');
    const wallet = bybitWallet(account, market);
    expect(wallet).toMatchObject({
      totalEquity: '100000',
      totalAvailableBalance: '100000',
      totalInitialMargin: '0',
      totalMaintenanceMargin: '0',
      totalPerpUPL: '0',
      accountIMRate: '0',
      accountMMRate: '0',
    });
    expect(coin(wallet).availableToWithdraw).toBe('');
  });

  it('states the maintenance-margin rate as maintenance margin over margin balance', () => {
    const { market, account, openPositionAndOrder } = tradingAccount('bybit');
    openPositionAndOrder();
    const wallet = bybitWallet(account, market);
    expect(Number(wallet.totalInitialMargin)).toBeCloseTo(990, 0);
    expect(Number(wallet.totalMaintenanceMargin)).toBeCloseTo(20, 0);
    expect(Number(wallet.accountMMRate)).toBeCloseTo(
      Number(wallet.totalMaintenanceMargin) / Number(wallet.totalMarginBalance),
      6,
    );
    expect(Number(wallet.accountMMRate)).toBeLessThan(1);
    expect(Number(wallet.totalAvailableBalance)).toBeCloseTo(
      Number(wallet.totalMarginBalance) - Number(wallet.totalInitialMargin),
      4,
    );
    expect(coin(wallet).availableToWithdraw).toBe('');
  });
});

describe('funding and the auto-deleveraging rank in the positions (docs/protocol.md "Funding", "Auto-deleveraging rank")', () => {
  it('sends OKX adl "" flat and "1".."5" open, and the funding paid as a negative fundingFee', () => {
    const { market, account, openPositionAndOrder } = tradingAccount('okx');
    openPositionAndOrder();
    const [position] = account.openPositions();
    expect(okxPosition(position!, account, market, 1).adl).toBe('1');
    expect(okxPosition({ ...position!, size: 0 }, account, market, 1).adl).toBe('');
    market.setMid(60_000);
    expect(okxPosition(position!, account, market, 1).adl).toBe('5');
    // 0.1 BTC at a mark of 60,000 at 0.01 %: 0.6 USDT paid.
    settleFunding(account, market, () => 0.0001, 2);
    expect(Number(okxPosition(position!, account, market, 2).fundingFee)).toBeCloseTo(-0.6, 8);
  });

  it('sends Bybit adlRankIndicator 0 flat and a Funding execution of the amount paid at the rate', () => {
    const { market, account, openPositionAndOrder } = tradingAccount('bybit');
    openPositionAndOrder();
    const [position] = account.openPositions();
    expect(bybitPosition(position!, account, market, true).adlRankIndicator).toBe(1);
    expect(bybitPosition({ ...position!, size: 0 }, account, market, true).adlRankIndicator).toBe(0);
    const [funding] = settleFunding(account, market, () => -0.0002, 2);
    expect(bybitFundingExecution(funding!)).toMatchObject({
      symbol: 'BTCUSDT',
      execType: 'Funding',
      orderId: '',
      side: 'Buy',
      execQty: '0.100',
      execPrice: '50000.0',
      // A long receives a negative rate: 0.1 x 50,000 x 0.0002 = 1 USDT, a negative fee.
      execFee: '-1.00000000',
      feeRate: '-0.00020000',
      execTime: '2',
    });
  });
});
