import { describe, expect, it } from 'vitest';
import advancePush from '../../../tests/fixtures/real/okx-algo-advance-push.json';
import pending from '../../../tests/fixtures/real/okx-algo-pending.json';
import algoPush from '../../../tests/fixtures/real/okx-orders-algo-push.json';
import type { Position } from '../model';
import { replayPushes } from '../transport/socket-fake.test-helper';
import { okxAmendRequest, okxStopOrTargetRequest, okxTrailRequest } from './protection-map';
import { groupOkxAlgoLegs, parseOkxAlgoPush } from './protection-parse';
import { OkxAlgoOrders } from './protection-schemas';
import { OkxPushParser } from './streams-parse';

function position(overrides: Partial<Position>): Position {
  return {
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    category: 'SWAP',
    instrumentKind: 'perpetual',
    side: 'long',
    sizeContracts: '3',
    sizeCoin: '0.03',
    entryPrice: '60000',
    markPrice: '60100',
    liquidationPrice: undefined,
    unrealisedPnl: undefined,
    leverage: '10',
    marginMode: 'cross',
    positionMode: 'one-way',
    positionSlot: 'one-way',
    updatedAt: undefined,
    ...overrides,
  };
}

const hedgeShort = { side: 'short', positionMode: 'hedge', positionSlot: 'short' } as const;

describe('OKX protection requests', () => {
  it.each([
    ['a linear swap, net mode', position({}), { side: 'sell', reduceOnly: true }],
    [
      'an inverse swap, short slot',
      position({ symbol: 'BTC-USD-SWAP', ...hedgeShort }),
      { side: 'buy', posSide: 'short' },
    ],
    [
      'a linear future, long slot, isolated',
      position({
        symbol: 'BTC-USDT-261225',
        instrumentKind: 'future',
        marginMode: 'isolated',
        positionMode: 'hedge',
        positionSlot: 'long',
      }),
      { side: 'sell', posSide: 'long', tdMode: 'isolated' },
    ],
    [
      'an inverse future, net mode short',
      position({ symbol: 'BTC-USD-261225', instrumentKind: 'future', side: 'short' }),
      { side: 'buy', reduceOnly: true },
    ],
  ] as const)('a whole-position stop on %s closes at market by closeFraction', (_, held, expected) => {
    const request = okxStopOrTargetRequest(
      held,
      { role: 'stop', triggerPrice: '57000', triggerBy: 'mark', size: undefined },
      false,
    );
    expect(request).toEqual({
      instId: held.symbol,
      tdMode: 'cross',
      ordType: 'conditional',
      closeFraction: '1',
      slTriggerPx: '57000',
      slOrdPx: '-1',
      slTriggerPxType: 'mark',
      ...expected,
    });
  });

  it('a second whole-position leg names the position’s size: OKX keeps one closeFraction order', () => {
    const request = okxStopOrTargetRequest(
      position({}),
      { role: 'target', triggerPrice: '63000', triggerBy: 'last', size: undefined },
      true,
    );
    expect(request).toMatchObject({ sz: '3', tpTriggerPx: '63000', tpOrdPx: '-1', tpTriggerPxType: 'last' });
    expect(request).not.toHaveProperty('closeFraction');
  });

  it('a partial leg sends its size; spot margin has no closeFraction, so its whole leg sends the size', () => {
    expect(
      okxStopOrTargetRequest(
        position({}),
        { role: 'target', triggerPrice: '63000', triggerBy: 'mark', size: '1' },
        false,
      ),
    ).toMatchObject({ sz: '1' });
    const margin = position({ symbol: 'BTC-USDT', instrumentKind: 'margin', sizeContracts: '0.5' });
    expect(
      okxStopOrTargetRequest(
        margin,
        { role: 'stop', triggerPrice: '57000', triggerBy: 'last', size: undefined },
        false,
      ),
    ).toMatchObject({ sz: '0.5' });
  });

  it('refuses spot holdings and options in words', () => {
    const leg = { role: 'stop', triggerPrice: '1', triggerBy: 'mark', size: undefined } as const;
    expect(() => okxStopOrTargetRequest(position({ instrumentKind: 'spot' }), leg, false)).toThrow(
      /spot holding/,
    );
    expect(() => okxStopOrTargetRequest(position({ instrumentKind: 'option' }), leg, false)).toThrow(
      /options/,
    );
  });

  it('trails by distance or ratio, not both', () => {
    expect(
      okxTrailRequest({ position: position(hedgeShort), ratio: '0.01', activationPrice: '59000' }),
    ).toEqual({
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      posSide: 'short',
      ordType: 'move_order_stop',
      sz: '3',
      callbackRatio: '0.01',
      activePx: '59000',
    });
    expect(() => okxTrailRequest({ position: position({}), distance: '5', ratio: '0.01' })).toThrow(
      /not both/,
    );
  });

  it('moves a target to a new trigger and size, still at market', () => {
    expect(
      okxAmendRequest(position({}), { id: '9', role: 'target', triggerBy: 'mark' }, '64000', '2'),
    ).toEqual({
      instId: 'BTC-USDT-SWAP',
      algoId: '9',
      newSz: '2',
      newTpTriggerPx: '64000',
      newTpOrdPx: '-1',
      newTpTriggerPxType: 'mark',
    });
  });
});

describe('OKX algo orders read back', () => {
  it('reads the published orders-algo push as a live target of the whole order size', () => {
    const events = replayPushes(new OkxPushParser(), [algoPush.payload]).events;
    expect(events).toEqual([
      {
        kind: 'protection',
        exchange: 'okx',
        symbol: 'BTC-USDC',
        instrumentKind: 'spot',
        positionSlot: 'one-way',
        ts: 1708679675245,
        status: 'live',
        rawStatus: 'live',
        leg: {
          id: '581878926302093312',
          role: 'target',
          triggerPrice: '1',
          triggerBy: 'last',
          size: '11',
          trailing: undefined,
        },
      },
    ]);
  });

  it('reads a trailing stop’s ratcheted trigger from algo-advance, and nothing from an iceberg order', () => {
    const [iceberg] = advancePush.payload.data;
    expect(parseOkxAlgoPush('algo-advance', [iceberg])).toEqual([]);
    const trail = {
      ...iceberg,
      instType: 'SWAP',
      instId: 'BTC-USDT-SWAP',
      ordType: 'move_order_stop',
      state: 'effective',
      callbackSpread: '500',
      moveTriggerPx: '61500',
    };
    expect(parseOkxAlgoPush('algo-advance', [trail])).toMatchObject([
      {
        status: 'triggered',
        rawStatus: 'effective',
        ts: 1630924295204,
        leg: {
          role: 'trailing',
          triggerPrice: '61500',
          trailing: { distance: '500', ratio: undefined, activationPrice: undefined },
        },
      },
    ]);
  });

  it.each([
    ['canceled', 'cancelled'],
    ['order_failed', 'failed'],
    ['partially_effective', 'triggered'],
  ] as const)('maps state %s to %s; an oco order is a stop and a target under one id', (state, status) => {
    const [row] = pending.payload.data;
    const oco = {
      ...row,
      ordType: 'oco',
      state,
      slTriggerPx: '50000',
      slTriggerPxType: 'mark',
      closeFraction: '1',
    };
    expect(parseOkxAlgoPush('orders-algo', [oco])).toMatchObject([
      {
        status,
        leg: { id: row?.algoId, role: 'stop', triggerPrice: '50000', triggerBy: 'mark', size: undefined },
      },
      {
        status,
        leg: { id: row?.algoId, role: 'target', triggerPrice: '10000', triggerBy: 'last', size: undefined },
      },
    ]);
  });

  it('groups the published pending list by instrument and slot', () => {
    expect(groupOkxAlgoLegs(OkxAlgoOrders.parse(pending.payload.data))).toEqual([
      {
        exchange: 'okx',
        symbol: 'BTC-USDT',
        instrumentKind: 'spot',
        positionSlot: 'one-way',
        legs: [
          {
            id: '1753184812254216192',
            role: 'target',
            triggerPrice: '10000',
            triggerBy: 'last',
            size: '10',
            trailing: undefined,
          },
        ],
      },
    ]);
  });
});
