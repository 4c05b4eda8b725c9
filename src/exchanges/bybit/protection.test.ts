import { describe, expect, it } from 'vitest';
import { UnsupportedError } from '../errors';
import type { Position } from '../model';
import type { ProtectionLeg } from '../protection-types';
import {
  createFakeFetch,
  createManualTime,
  fakeResponse,
  type RecordedRequest,
} from '../transport/http-fake.test-helper';
import { createBybitInstruments } from './instruments';
import { bybitLinearRow } from './instrument-fake.test-helper';
import { createBybitProtection } from './protection';
import { createBybitRestClient } from './rest';
import { createBybitApi } from './rest-api';

/** A long one-way BTCUSDT position whose row sent no breakeven price. */
const ENTRY_ONLY: Position = {
  exchange: 'bybit',
  symbol: 'BTCUSDT',
  category: 'linear',
  instrumentKind: 'perpetual',
  side: 'long',
  sizeContracts: '0.5',
  sizeCoin: '0.5',
  entryPrice: '60000',
  markPrice: '61234.5',
  liquidationPrice: undefined,
  unrealisedPnl: undefined,
  leverage: '10',
  marginMode: 'cross',
  positionMode: 'one-way',
  positionSlot: 'one-way',
  updatedAt: undefined,
};
const position = (overrides: Partial<Position> = {}): Position => ({
  ...ENTRY_ONLY,
  breakEvenPrice: '60030.1',
  ...overrides,
});

const hedgeShortInverse = position({
  symbol: 'BTCUSD',
  category: 'inverse',
  side: 'short',
  positionMode: 'hedge',
  positionSlot: 'short',
});

const partialLeg: ProtectionLeg = {
  id: 'c3a1-partial',
  role: 'stop',
  triggerPrice: '59000',
  triggerBy: 'mark',
  size: '0.2',
  trailing: undefined,
};
const fullTarget: ProtectionLeg = { ...partialLeg, id: 'full-target', role: 'target', size: undefined };

function route(request: RecordedRequest) {
  const url = new URL(request.url);
  const results: Record<string, unknown> = {
    '/v5/market/instruments-info': {
      category: url.searchParams.get('category'),
      list: url.searchParams.get('category') === 'linear' ? [bybitLinearRow('BTCUSDT')] : [],
      nextPageCursor: '',
    },
    '/v5/order/amend': { orderId: 'c3a1-partial', orderLinkId: '' },
    '/v5/order/cancel': { orderId: 'c3a1-partial', orderLinkId: '' },
  };
  return fakeResponse(200, { retCode: 0, retMsg: 'OK', result: results[url.pathname] ?? {}, time: 7 });
}

function setup() {
  const time = createManualTime();
  const fake = createFakeFetch(route);
  const api = createBybitApi(
    createBybitRestClient({
      credentials: { apiKey: 'k', secret: 's' },
      fetch: fake.fetch,
      timers: time,
      clock: time,
    }),
  );
  const protection = createBybitProtection({ api, instruments: createBybitInstruments(api) });
  const last = () => {
    const request = fake.requests.at(-1);
    return {
      path: new URL(request?.url ?? '').pathname,
      body: JSON.parse(String(request?.init.body)) as unknown,
    };
  };
  return { protection, last };
}

/** What every Full-mode body for the one-way BTCUSDT position starts with. */
const FULL_ONE_WAY = { category: 'linear', symbol: 'BTCUSDT', positionIdx: 0, tpslMode: 'Full' };

describe('Bybit protection requests', () => {
  it('sets a whole-position stop on a one-way linear position, by mark unless told', async () => {
    const { protection, last } = setup();
    const ack = await protection.protect({ position: position(), role: 'stop', triggerPrice: '58000' });
    expect(last()).toEqual({
      path: '/v5/position/trading-stop',
      body: {
        ...FULL_ONE_WAY,
        stopLoss: '58000',
        slTriggerBy: 'MarkPrice',
      },
    });
    expect(ack).toEqual({ exchange: 'bybit', legId: 'full-stop', code: '0', message: '' });
  });

  it('adds a partial target on a hedge short inverse position, closing at market when it fires', async () => {
    const { protection, last } = setup();
    const ack = await protection.protect({
      position: hedgeShortInverse,
      role: 'target',
      triggerPrice: '50000',
      triggerBy: 'last',
      size: '100',
    });
    expect(last().body).toEqual({
      category: 'inverse',
      symbol: 'BTCUSD',
      positionIdx: 2,
      tpslMode: 'Partial',
      takeProfit: '50000',
      tpTriggerBy: 'LastPrice',
      tpSize: '100',
      tpOrderType: 'Market',
    });
    // trading-stop answers an empty result: a partial leg's order id is only seen on the stream.
    expect(ack.legId).toBeUndefined();
  });

  it('names the hedge long slot 1', async () => {
    const { protection, last } = setup();
    await protection.protect({
      position: position({ positionMode: 'hedge', positionSlot: 'long' }),
      role: 'target',
      triggerPrice: '70000',
      triggerBy: 'index',
    });
    expect(last().body).toMatchObject({ positionIdx: 1, tpslMode: 'Full', tpTriggerBy: 'IndexPrice' });
  });

  it('moves a Full leg over trading-stop and a Partial leg with order/amend', async () => {
    const { protection, last } = setup();
    await protection.move({ position: position(), leg: fullTarget, triggerPrice: '71000' });
    expect(last()).toEqual({
      path: '/v5/position/trading-stop',
      body: {
        ...FULL_ONE_WAY,
        takeProfit: '71000',
        tpTriggerBy: 'MarkPrice',
      },
    });
    const ack = await protection.move({
      position: position(),
      leg: partialLeg,
      triggerPrice: '59500',
      size: '0.3',
    });
    expect(last()).toEqual({
      path: '/v5/order/amend',
      body: {
        category: 'linear',
        symbol: 'BTCUSDT',
        orderId: 'c3a1-partial',
        triggerPrice: '59500',
        qty: '0.3',
      },
    });
    expect(ack.legId).toBe('c3a1-partial');
  });

  it('cancels a Full leg with "0" and a Partial leg with order/cancel', async () => {
    const { protection, last } = setup();
    await protection.cancel(position(), fullTarget);
    expect(last().body).toEqual({
      category: 'linear',
      symbol: 'BTCUSDT',
      positionIdx: 0,
      tpslMode: 'Full',
      takeProfit: '0',
    });
    await protection.cancel(position(), partialLeg);
    expect(last()).toEqual({
      path: '/v5/order/cancel',
      body: { category: 'linear', symbol: 'BTCUSDT', orderId: 'c3a1-partial' },
    });
  });

  it('moves the whole-position stop to the breakeven price, else the entry price', async () => {
    const { protection, last } = setup();
    await protection.breakeven(position());
    expect(last().body).toMatchObject({ tpslMode: 'Full', stopLoss: '60030.1' });
    await protection.breakeven(ENTRY_ONLY);
    expect(last().body).toMatchObject({ stopLoss: '60000' });
  });

  it('trails by a distance, and turns a ratio into one off the mark on the tick size', async () => {
    const { protection, last } = setup();
    await protection.trail({ position: position(), distance: '250', activationPrice: '62000' });
    expect(last().body).toEqual({
      category: 'linear',
      symbol: 'BTCUSDT',
      positionIdx: 0,
      tpslMode: 'Full',
      trailingStop: '250',
      activePrice: '62000',
    });
    // 1 % of 61234.5 is 612.345: 612.3 on a 0.1 tick.
    const ack = await protection.trail({ position: position(), ratio: '0.01' });
    expect(last().body).toMatchObject({ trailingStop: '612.3' });
    expect(ack.legId).toBe('full-trailing');
  });

  it('refuses a ratio without a mark price, and spot or option positions, in words', async () => {
    const { protection } = setup();
    await expect(
      protection.trail({ position: position({ markPrice: undefined }), ratio: '0.01' }),
    ).rejects.toThrow(/price distance only/);
    await expect(
      protection.protect({
        position: position({ category: 'option', instrumentKind: 'option' }),
        role: 'stop',
        triggerPrice: '1',
      }),
    ).rejects.toThrow(
      new UnsupportedError(
        'Bybit keeps stops on linear and inverse contracts only; BTCUSDT is in its option market.',
      ),
    );
  });
});
