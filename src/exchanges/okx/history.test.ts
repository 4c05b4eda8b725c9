import { describe, expect, it } from 'vitest';
import { mapOkxClosedPosition } from './history';
import { mapOkxOrder } from './map';
import { OkxClosedPositions, OkxOrders } from './schemas';

/**
 * A positions-history row with the fields of OKX's field table
 * (https://www.okx.com/docs-v5/en/#trading-account-rest-api-get-positions-history), empty strings where the
 * table says a field may be "" (triggerPx, uly for a USDT swap); values made up in OKX's number style.
 */
const row = (type: string) => ({
  instType: 'SWAP',
  instId: 'BTC-USDT-SWAP',
  mgnMode: 'cross',
  type,
  cTime: '1654177169995',
  uTime: '1654177174419',
  openAvgPx: '29783.8999999995535393',
  closeAvgPx: '29786.5999999789081085',
  posId: '452587086133239818',
  openMaxPos: '1',
  closeTotalPos: '1',
  realizedPnl: '0.001',
  fee: '-0.0001',
  fundingFee: '0',
  liqPenalty: '0',
  pnl: '0.0011',
  pnlRatio: '0.000906447858888',
  posSide: 'long',
  lever: '10',
  direction: 'long',
  triggerPx: '',
  uly: '',
  ccy: 'USDT',
});

describe('OKX closed positions (positions-history)', () => {
  it('reads a whole close, its id from the position and the close time', () => {
    const [parsed] = OkxClosedPositions.parse([row('2')]);
    expect(parsed && mapOkxClosedPosition(parsed)).toEqual({
      exchange: 'okx',
      symbol: 'BTC-USDT-SWAP',
      instrumentKind: 'perpetual',
      positionSlot: 'long',
      id: '452587086133239818-1654177174419',
      closedAt: 1654177174419,
      reason: 'unknown',
      whole: true,
      closePrice: '29786.5999999789081085',
      size: '1',
      realisedPnl: '0.001',
    });
  });

  it.each([
    ['1', 'unknown', false],
    ['3', 'liquidation', true],
    ['4', 'liquidation', false],
    ['5', 'adl', false],
    ['6', 'adl', true],
  ] as const)('type %s is %s, whole %s', (type, reason, whole) => {
    const [parsed] = OkxClosedPositions.parse([row(type)]);
    expect(parsed && mapOkxClosedPosition(parsed)).toMatchObject({ reason, whole });
  });
});

describe('OKX order origin (category, source)', () => {
  /** An order row as the order list pages give it, with "" for what does not apply. */
  const origin = (fields: Record<string, string>) =>
    mapOkxOrder(
      OkxOrders.parse([
        {
          instType: 'SWAP',
          instId: 'BTC-USDT-SWAP',
          ordId: '680800019749904384',
          clOrdId: '',
          side: 'sell',
          ordType: 'market',
          px: '',
          sz: '1',
          accFillSz: '1',
          avgPx: '29000',
          state: 'filled',
          category: 'normal',
          source: '',
          algoId: '',
          tpTriggerPx: '',
          slTriggerPx: '',
          ...fields,
        },
      ])[0]!,
    ).origin;

  it.each([
    [{ category: 'normal' }, 'trader'],
    [{ category: 'full_liquidation' }, 'liquidation'],
    [{ category: 'partial_liquidation' }, 'liquidation'],
    [{ category: 'adl' }, 'adl'],
    [{ category: 'twap' }, undefined],
    [{ category: 'normal', source: '7', algoId: '681096944655273984' }, 'stop'],
    [{ category: 'normal', source: '7', tpTriggerPx: '31000' }, 'target'],
    [{ category: 'normal', source: '25' }, 'trailing'],
    [{ category: '' }, undefined],
  ])('%o is %s', (fields, expected) => {
    expect(origin(fields)).toBe(expected);
  });
});
