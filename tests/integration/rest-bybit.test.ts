import { describe, expect, it, vi } from 'vitest';
import { BYBIT_ROUTES } from '../../src/exchanges/bybit/endpoints';
import { createBybitRestClient, type BybitRestOptions } from '../../src/exchanges/bybit/rest';
import { createBybitApi } from '../../src/exchanges/bybit/rest-api';
import { createBybitExchangeRest } from '../../src/exchanges/bybit/rest-exchange';
import { uploadP2PChatFile } from '../../src/exchanges/bybit/rest-upload';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { burst, fakeTimeDeps, useSimulator } from './rest-harness';

const LINEAR = { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' } as const;

/** The Bybit REST client, in Node, against the simulator: every call signed and sent for real. */

// Client and simulator share one fake time: server time, clock offsets and limit windows are exact.
const time = createSimFakeTime();
const { sim, admin } = useSimulator(12, time);

function options(secret?: string): BybitRestOptions {
  const { apiKey, apiSecret } = sim().accounts.bybit;
  return {
    restBaseUrl: sim().url,
    credentials: { apiKey, secret: secret ?? apiSecret },
    ...fakeTimeDeps(time),
  };
}

describe('Bybit REST against the simulator', () => {
  it('reads public data: time, instruments, ticker, book and candles, with rate-limit info', async () => {
    const api = createBybitApi(createBybitRestClient(options()));
    expect((await api.getServerTime()).data).toBe(time.clock.now());
    const instruments = await api.getInstruments({ category: 'linear' });
    expect(instruments.data.list.map((instrument) => instrument.symbol)).toContain('BTCUSDT');
    expect(instruments.rateLimit).toMatchObject({
      limit: expect.any(Number) as unknown,
      remaining: expect.any(Number) as unknown,
    });
    const [ticker] = (await api.getTickers({ category: 'linear', symbol: 'BTCUSDT' })).data.list;
    expect(ticker?.lastPrice).toMatch(/^\d+(\.\d+)?$/);
    // The price 24 h ago stays put for a day: the quote carries the ticker's prevPrice24h as sent.
    const quote = await createBybitExchangeRest(options()).getQuote({ kind: 'perpetual', symbol: 'BTCUSDT' });
    expect(quote?.open24h).toBe(ticker?.prevPrice24h);
    expect(
      (await api.getOrderBook({ category: 'linear', symbol: 'BTCUSDT', limit: 5 })).data.b.length,
    ).toBeGreaterThan(0);
    expect(
      (await api.getKlines({ category: 'linear', symbol: 'BTCUSDT', interval: '1', limit: 3 })).data.list
        .length,
    ).toBeGreaterThan(0);
  });

  it('reads the wallet, key permissions and (empty) positions', async () => {
    const exchange = createBybitExchangeRest(options());
    const usdt = (await exchange.getBalance()).coins.find((coin) => coin.coin === 'USDT');
    expect(usdt?.equity).toBeDefined();
    // A unified account sends availableToWithdraw "": the available is the account's, in USD, not the coin's.
    const api = createBybitApi(createBybitRestClient(options()));
    const [account] = (await api.getWalletBalance({ accountType: 'UNIFIED' })).data.list;
    expect(account?.coin.find((coin) => coin.coin === 'USDT')?.availableToWithdraw).toBe('');
    expect(usdt?.available).toBeUndefined();
    expect(await exchange.getBalance()).toMatchObject({
      availableUsd: account?.totalAvailableBalance,
      usedMarginUsd: '0',
      maintenanceMarginUsd: '0',
      marginRisk: { kind: 'maintenance-margin-rate', value: '0' },
    });
    expect((await exchange.getAccountConfig()).permissions).toMatchObject({ canRead: true, canTrade: true });
    expect(await exchange.getPositions()).toEqual([]);
  });

  it('places and cancels a resting limit order', async () => {
    const api = createBybitApi(createBybitRestClient(options()));
    const last = Number(
      (await api.getTickers({ category: 'linear', symbol: 'BTCUSDT' })).data.list[0]?.lastPrice,
    );
    const price = (Math.floor(last * 0.5 * 10) / 10).toFixed(1);
    const placed = await api.placeOrder({
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      qty: '0.01',
      price,
    });
    expect(placed.rateLimit?.limit).toBe(10);
    const exchange = createBybitExchangeRest(options());
    const [open] = await exchange.getOpenOrders({ instrument: LINEAR });
    // Bybit sends avgPrice "0" for an unfilled order: no average price yet.
    expect(open).toMatchObject({
      orderId: placed.data.orderId,
      side: 'buy',
      status: 'open',
      averagePrice: undefined,
      sizeUnit: 'base',
    });
    expect(Number(open?.price)).toBe(Number(price));
    const ack = await exchange.cancelOrder(LINEAR, placed.data.orderId);
    expect(ack.orderId).toBe(placed.data.orderId);
    expect(await exchange.getOpenOrders({ instrument: LINEAR })).toEqual([]);
  });

  it('opens a position and closes it with a reduce-only market order', async () => {
    const exchange = createBybitExchangeRest(options());
    const api = createBybitApi(createBybitRestClient(options()));
    await api.placeOrder({
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      qty: '0.02',
    });
    const [position] = await exchange.getPositions();
    expect(position).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'short',
      positionSlot: 'one-way',
      positionMode: 'one-way',
    });
    // The exchange's decimal string is kept as sent ("0.020"); linear sizes are already in coin.
    expect(Number(position?.sizeContracts)).toBe(0.02);
    expect(position?.sizeCoin).toBe(position?.sizeContracts);
    await exchange.closePosition(position!);
    expect(await exchange.getPositions()).toEqual([]);
    await expect(exchange.closePosition(position!)).rejects.toMatchObject({
      name: 'ExchangeError',
      code: '110017',
    });
  });

  it('closes a hedge-mode long in its own slot, leaving the short open', async () => {
    await admin('position-mode', { exchange: 'bybit', mode: 'hedge' });
    const exchange = createBybitExchangeRest(options());
    const api = createBybitApi(createBybitRestClient(options()));
    const order = { category: 'linear', symbol: 'BTCUSDT', orderType: 'Market', qty: '0.01' } as const;
    await api.placeOrder({ ...order, side: 'Buy', positionIdx: 1 });
    await api.placeOrder({ ...order, side: 'Sell', positionIdx: 2 });
    const long = (await exchange.getPositions()).find((position) => position.side === 'long');
    expect(long).toMatchObject({ positionMode: 'hedge', positionSlot: 'long' });
    await exchange.closePosition(long!);
    expect((await exchange.getPositions()).map((position) => position.side)).toEqual(['short']);
  });

  it('rejects a wrong signature as an AuthError with 10004', async () => {
    const client = createBybitRestClient(options('not-the-secret'));
    await expect(
      client.call(BYBIT_ROUTES.getAccountWalletBalance, { accountType: 'UNIFIED' }),
    ).rejects.toMatchObject({
      name: 'AuthError',
      exchange: 'bybit',
      code: '10004',
      endpoint: 'GET /v5/account/wallet-balance',
    });
  });

  it('rejects trading with a read-only key as an AuthError with 10005, and reports the key as read-only', async () => {
    await admin('permissions', { exchange: 'bybit', permission: 'read_only' });
    const exchange = createBybitExchangeRest(options());
    expect((await exchange.getAccountConfig()).permissions).toMatchObject({ canRead: true, canTrade: false });
    const api = createBybitApi(createBybitRestClient(options()));
    await expect(
      api.placeOrder({
        category: 'linear',
        symbol: 'BTCUSDT',
        side: 'Buy',
        orderType: 'Market',
        qty: '0.01',
      }),
    ).rejects.toMatchObject({ name: 'AuthError', code: '10005' });
  });

  it('rejects a stale timestamp with 10002, and signs with corrected time after a clock sync', async () => {
    await admin('faults', { clockSkewMs: 60_000 });
    const client = createBybitRestClient(options());
    const wallet = () => client.call(BYBIT_ROUTES.getAccountWalletBalance, { accountType: 'UNIFIED' });
    await expect(wallet()).rejects.toMatchObject({ name: 'AuthError', code: '10002' });
    expect(await client.syncClock()).toBe(60_000);
    expect((await wallet()).httpStatus).toBe(200);
  });

  it('spreads a burst past the limit over windows, while a client with a limiter of its own gets 10006', async () => {
    const client = createBybitRestClient(options());
    const cancel = (from = client) =>
      from.call(BYBIT_ROUTES.postOrderCancel, { category: 'linear', symbol: 'BTCUSDT', orderId: 'none' });
    // order/cancel allows 10 per second: 25 at once go 10, 10 and 5.
    const cancels = burst(25, () => cancel());
    await vi.waitFor(() => {
      expect(cancels.answered()).toBe(10);
    });
    // Another process on the same key does not share the budget: the exchange refuses it.
    await expect(cancel(createBybitRestClient(options()))).rejects.toMatchObject({
      name: 'RateLimitError',
      code: '10006',
    });
    time.advance(1_100);
    await vi.waitFor(() => {
      expect(cancels.answered()).toBe(20);
    });
    time.advance(1_100);
    const reasons = (await cancels.all).map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as { name: string }) : undefined,
    );
    // Every one reached the exchange and was refused for what it asked (no such order), none for the rate.
    expect(reasons.map((reason) => reason?.name)).toEqual(Array<string>(25).fill('ExchangeError'));
  });

  it('uploads a P2P chat file from a Uint8Array, signed over the multipart bytes', async () => {
    const client = createBybitRestClient(options());
    const result = await uploadP2PChatFile(client, {
      fileBuffer: new TextEncoder().encode('hello'),
      fileName: 'a.png',
    });
    expect(result.data.url).not.toBe('');
  });
});
