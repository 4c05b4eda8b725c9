import { describe, expect, it } from 'vitest';
import { FakeMarket, okxBtcSwap } from '../../accounts/fake-market.test-helper.js';
import { SimAccount } from '../../accounts/sim-account.js';
import { TradingEngine } from '../../accounts/trading-engine.js';
import { bybitBatch, bybitCancel, bybitPlace } from './bybit-trade-ops.js';

const btcLinear = {
  ...okxBtcSwap,
  exchange: 'bybit' as const,
  category: 'linear',
  symbol: 'BTCUSDT',
  lotSize: '0.001',
  minSize: '0.001',
  sizeDecimals: 3,
  contractValue: null,
  maxMarketSize: '119',
};
const engine = () => new TradingEngine(new SimAccount('bybit', '1'), new FakeMarket([btcLinear]), () => 0);
const buy = { category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.010' };

describe('Bybit order operations', () => {
  it('maps positionIdx 1 and 2 onto the hedge-mode sides', () => {
    const e = engine();
    e.account.positionMode = 'hedge';
    expect(bybitPlace(e, { ...buy, positionIdx: 1 })).toMatchObject({ ok: true });
    expect(bybitPlace(e, { ...buy, side: 'Sell', positionIdx: '2' })).toMatchObject({ ok: true });
    expect(e.account.findPosition('BTCUSDT', 'long')?.size).toBe(0.01);
    expect(e.account.findPosition('BTCUSDT', 'short')?.size).toBe(-0.01);
    expect(bybitPlace(e, buy)).toMatchObject({
      ok: false,
      error: { retCode: 10001, retMsg: 'position idx not match position mode' },
    });
  });

  it('rejects unknown enum values and categories it does not trade with 10001', () => {
    expect(bybitPlace(engine(), { ...buy, positionIdx: 5 })).toMatchObject({
      ok: false,
      error: { retCode: 10001 },
    });
    expect(bybitPlace(engine(), { ...buy, timeInForce: 'GTD' })).toMatchObject({
      ok: false,
      error: { retMsg: 'params error: timeInForce invalid' },
    });
    expect(bybitPlace(engine(), { ...buy, category: 'spot' })).toMatchObject({
      ok: false,
      error: { retCode: 10001 },
    });
  });

  it('needs an orderId or orderLinkId to cancel, and words a missing order as 110001', () => {
    expect(bybitCancel(engine(), { category: 'linear', symbol: 'BTCUSDT' })).toMatchObject({
      ok: false,
      error: { retCode: 10001 },
    });
    expect(bybitCancel(engine(), { category: 'linear', symbol: 'BTCUSDT', orderLinkId: 'x' })).toMatchObject({
      ok: false,
      error: { retCode: 110001 },
    });
  });

  it('gives every batch item its own result and code, and refuses more than 20 items', () => {
    const outcome = bybitBatch(
      engine(),
      { category: 'linear', request: [buy, { ...buy, qty: 'x' }] },
      bybitPlace,
      7,
    );
    expect(outcome).toMatchObject({
      ok: true,
      retExtInfo: { list: [{ code: 0, msg: 'OK' }, { code: 10001 }] },
    });
    expect(
      bybitBatch(
        engine(),
        { category: 'linear', request: Array.from({ length: 21 }, () => buy) },
        bybitPlace,
        7,
      ),
    ).toMatchObject({ ok: false });
  });
});
