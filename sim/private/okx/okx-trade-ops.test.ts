import { describe, expect, it } from 'vitest';
import { FakeMarket } from '../../accounts/fake-market.test-helper.js';
import { SimAccount } from '../../accounts/sim-account.js';
import { TradingEngine } from '../../accounts/trading-engine.js';
import { okxCancel, okxOperationEnvelope, okxPlace } from './okx-trade-ops.js';

const engine = () => new TradingEngine(new SimAccount('okx', '1'), new FakeMarket(), () => 0);
const order = { instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' };

describe('OKX order operations', () => {
  it('echoes clOrdId and tag and reports success per item', () => {
    expect(okxPlace(engine(), { ...order, clOrdId: 'c1', tag: 't' }, '5')).toMatchObject({
      clOrdId: 'c1',
      tag: 't',
      ts: '5',
      sCode: '0',
    });
  });

  it('names a missing parameter with 50014 and a bad one with 51000', () => {
    expect(okxPlace(engine(), { ...order, tdMode: undefined }, '0')).toMatchObject({
      sCode: '50014',
      sMsg: 'Parameter tdMode can not be empty',
    });
    expect(okxPlace(engine(), { ...order, side: 'long' }, '0')).toMatchObject({
      sCode: '51000',
      sMsg: 'Parameter side error',
    });
    expect(okxPlace(engine(), { ...order, ordType: 'limit' }, '0')).toMatchObject({
      sCode: '50014',
      sMsg: 'Parameter px can not be empty',
    });
  });

  it('words a cancel of an unknown order as 51400', () => {
    expect(okxCancel(engine(), { instId: 'BTC-USDT-SWAP', ordId: '42' }, '0')).toMatchObject({
      sCode: '51400',
    });
  });

  it('sets the top-level code from the items: 0 all ok, 1 all failed, 2 partial', () => {
    const ok = { sCode: '0', sMsg: '' };
    const failed = { sCode: '51000', sMsg: 'x' };
    expect(okxOperationEnvelope([ok, ok]).code).toBe('0');
    expect(okxOperationEnvelope([failed]).code).toBe('1');
    expect(okxOperationEnvelope([ok, failed])).toMatchObject({
      code: '2',
      msg: 'Bulk operation partially succeeded',
    });
  });
});
