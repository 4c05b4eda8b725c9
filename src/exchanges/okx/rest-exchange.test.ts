import { describe, expect, it } from 'vitest';
import {
  createFakeFetch,
  createManualTime,
  fakeResponse,
  type RecordedRequest,
} from '../transport/http-fake.test-helper';
import type { InstrumentKind } from '../model';
import { createOkxExchangeRest } from './rest-exchange';

const SWAP = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

const ANSWERS: Record<string, unknown[]> = {
  '/api/v5/public/instruments': [
    {
      instType: 'SWAP',
      instId: 'BTC-USDT-SWAP',
      instFamily: 'BTC-USDT',
      settleCcy: 'USDT',
      ctVal: '0.01',
      ctMult: '1',
      ctType: 'linear',
      tickSz: '0.1',
      lotSz: '1',
      minSz: '1',
      state: 'live',
    },
  ],
  '/api/v5/account/positions': [
    {
      instType: 'SWAP',
      instId: 'BTC-USDT-SWAP',
      mgnMode: 'isolated',
      posSide: 'long',
      pos: '7',
      avgPx: '30000',
      markPx: '30000',
      upl: '0',
      lever: '5',
    },
  ],
  '/api/v5/market/ticker': [{ instId: 'BTC-USDT-SWAP', last: '30000', ts: '1' }],
  '/api/v5/public/funding-rate': [
    {
      instId: 'BTC-USDT-SWAP',
      fundingRate: '0.0001',
      fundingTime: '28800000',
      nextFundingTime: '57600000',
      ts: '1',
    },
  ],
  '/api/v5/market/books': [{ bids: [['29999', '1', '0', '1']], asks: [['30001', '2', '0', '1']], ts: '2' }],
  '/api/v5/account/balance': [{ totalEq: '100', details: [] }],
  '/api/v5/account/config': [{ uid: '9', posMode: 'long_short_mode', perm: 'read_only,trade' }],
  '/api/v5/trade/orders-pending': [
    {
      instId: 'BTC-USDT-SWAP',
      ordId: '5',
      clOrdId: 'mine',
      side: 'sell',
      ordType: 'limit',
      px: '40000',
      sz: '3',
      state: 'live',
    },
  ],
  '/api/v5/trade/cancel-order': [{ ordId: '5', clOrdId: 'mine', sCode: '0', sMsg: '' }],
  '/api/v5/trade/close-position': [{ instId: 'BTC-USDT-SWAP', posSide: 'long', clOrdId: 'close-1', tag: '' }],
};

function route(request: RecordedRequest) {
  const path = new URL(request.url).pathname;
  return fakeResponse(200, { code: '0', msg: '', data: ANSWERS[path] ?? [] });
}

function setup() {
  const time = createManualTime();
  const fake = createFakeFetch(route);
  const credentials = { apiKey: 'k', secret: 's', passphrase: 'p' };
  return {
    fake,
    exchange: createOkxExchangeRest({ credentials, fetch: fake.fetch, timers: time, clock: time }),
  };
}

describe('OKX exchange', () => {
  it('maps positions with their size in coin, fetching each instrument type once', async () => {
    const { fake, exchange } = setup();
    const [position] = await exchange.getPositions();
    await exchange.getPositions();
    expect(position).toMatchObject({
      side: 'long',
      sizeContracts: '7',
      sizeCoin: '0.07',
      marginMode: 'isolated',
      positionMode: 'hedge',
    });
    expect(fake.requests.filter((request) => request.url.includes('/public/instruments'))).toHaveLength(1);
  });

  it('keeps an instrument list, and fetches it again when asked to refresh', async () => {
    const { fake, exchange } = setup();
    const instrumentRequests = () =>
      fake.requests.filter((request) => request.url.includes('/public/instruments')).length;
    await exchange.getInstruments('perpetual');
    await exchange.getInstruments('perpetual');
    expect(instrumentRequests()).toBe(1);
    await exchange.getInstruments('perpetual', { refresh: true });
    await exchange.getInstruments('perpetual');
    expect(instrumentRequests()).toBe(2);
  });

  it('fetches the instruments again once when a position names a contract listed since', async () => {
    const { fake, exchange } = setup();
    await exchange.getPositions();
    const [btcSwap] = ANSWERS['/api/v5/public/instruments'] as Record<string, string>[];
    const [btcPosition] = ANSWERS['/api/v5/account/positions'] as Record<string, string>[];
    const newSwap = { ...btcSwap, instId: 'NEW-USDT-SWAP', instFamily: 'NEW-USDT', ctVal: '10' };
    const newPosition = { ...btcPosition, instId: 'NEW-USDT-SWAP', pos: '3' };
    const listed = (request: RecordedRequest) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v5/public/instruments')
        return fakeResponse(200, { code: '0', msg: '', data: [btcSwap, newSwap] });
      if (path === '/api/v5/account/positions')
        return fakeResponse(200, { code: '0', msg: '', data: [btcPosition, newPosition] });
      return route(request);
    };
    fake.reply(listed);
    const positions = await exchange.getPositions();
    await exchange.getPositions();
    expect(positions.map((position) => [position.symbol, position.sizeCoin])).toEqual([
      ['BTC-USDT-SWAP', '0.07'],
      ['NEW-USDT-SWAP', '30'],
    ]);
    expect(fake.requests.filter((request) => request.url.includes('/public/instruments'))).toHaveLength(2);
  });

  it('fetches the instruments only once per call when a position names an unknown contract', async () => {
    const { fake, exchange } = setup();
    const [btcPosition] = ANSWERS['/api/v5/account/positions'] as Record<string, string>[];
    fake.reply((request) =>
      new URL(request.url).pathname === '/api/v5/account/positions'
        ? fakeResponse(200, { code: '0', msg: '', data: [{ ...btcPosition, instId: 'GONE-USDT-SWAP' }] })
        : route(request),
    );
    const [position] = await exchange.getPositions();
    expect(position?.sizeCoin).toBeUndefined();
    expect(fake.requests.filter((request) => request.url.includes('/public/instruments'))).toHaveLength(2);
  });

  it('closes a hedge-mode position with its margin mode and side', async () => {
    const { fake, exchange } = setup();
    const [position] = await exchange.getPositions();
    const ack = await exchange.closePosition(position!, 'close-1');
    expect(fake.requests.at(-1)?.init.body).toBe(
      '{"instId":"BTC-USDT-SWAP","mgnMode":"isolated","posSide":"long","clOrdId":"close-1"}',
    );
    expect(ack).toMatchObject({ exchange: 'okx', clientOrderId: 'close-1', code: '0' });
  });

  it('closes a net-mode position without a side', async () => {
    const { fake, exchange } = setup();
    const [position] = await exchange.getPositions();
    await exchange.closePosition({
      ...position!,
      positionMode: 'one-way',
      positionSlot: 'one-way',
      marginMode: 'cross',
    });
    expect(fake.requests.at(-1)?.init.body).toBe('{"instId":"BTC-USDT-SWAP","mgnMode":"cross"}');
  });

  it('lists open orders by instrument and cancels one', async () => {
    const { fake, exchange } = setup();
    const [order] = await exchange.getOpenOrders({ instrument: SWAP });
    expect(fake.requests.at(-1)?.url).toBe(
      'https://www.okx.com/api/v5/trade/orders-pending?instType=SWAP&instId=BTC-USDT-SWAP',
    );
    expect(order).toMatchObject({ orderId: '5', side: 'sell', price: '40000', status: 'open' });
    const ack = await exchange.cancelOrder(SWAP, '5');
    expect(fake.requests.at(-1)?.init.body).toBe('{"instId":"BTC-USDT-SWAP","ordId":"5"}');
    expect(ack).toEqual({ exchange: 'okx', orderId: '5', clientOrderId: 'mine', code: '0', message: '' });
  });

  it('reports an empty answer where one item is promised as an invalid response', async () => {
    const { fake, exchange } = setup();
    fake.reply(fakeResponse(200, { code: '0', msg: '', data: [] }));
    await expect(exchange.getBook(SWAP)).rejects.toMatchObject({
      name: 'InvalidResponseError',
      message: 'GET /api/v5/market/books returned an invalid response (HTTP 200): data is empty',
    });
  });

  it('reads quotes, books, balance and account config', async () => {
    const { exchange } = setup();
    const ref = SWAP;
    // A perpetual's quote carries its funding: the rate and when it settles (fundingTime).
    expect(await exchange.getQuote(ref)).toMatchObject({
      last: '30000',
      ts: 1,
      fundingRate: '0.0001',
      nextFundingTime: 28_800_000,
    });
    expect(await exchange.getBook(ref, 5)).toMatchObject({ bids: [['29999', '1']], asks: [['30001', '2']] });
    expect((await exchange.getBalance()).totalEquityUsd).toBe('100');
    expect((await exchange.getAccountConfig()).permissions.canTrade).toBe(true);
    expect((await exchange.getInstruments('perpetual'))[0]?.contractValue).toBe('0.01');
  });

  it('lists every instrument type the account holds unless a kind is asked for', async () => {
    const { fake, exchange } = setup();
    await exchange.getPositions();
    await exchange.getOpenOrders({ kind: 'option' });
    const urls = fake.requests.map((request) => request.url);
    expect(urls).toContain('https://www.okx.com/api/v5/account/positions');
    expect(urls.at(-1)).toBe('https://www.okx.com/api/v5/trade/orders-pending?instType=OPTION');
  });

  it('reads every page of open orders, older pages after the last order id', async () => {
    const { fake, exchange } = setup();
    const order = (ordId: string) => ({ ...(ANSWERS['/api/v5/trade/orders-pending'] as object[])[0], ordId });
    fake.reply(
      fakeResponse(200, {
        code: '0',
        msg: '',
        data: Array.from({ length: 100 }, (_, i) => order(String(200 - i))),
      }),
      fakeResponse(200, { code: '0', msg: '', data: [order('7')] }),
    );
    const orders = await exchange.getOpenOrders();
    expect(orders).toHaveLength(101);
    expect(fake.requests.at(-1)?.url).toBe('https://www.okx.com/api/v5/trade/orders-pending?after=101');
  });

  it('refuses a kind OKX does not have, naming the valid ones', async () => {
    const { exchange } = setup();
    await expect(exchange.getInstruments('swap' as InstrumentKind)).rejects.toThrow(
      'OKX has no instrument kind "swap". Valid choices: spot, margin, perpetual, future, option.',
    );
  });
});
