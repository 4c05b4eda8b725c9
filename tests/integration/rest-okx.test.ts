import { describe, expect, it, vi } from 'vitest';
import { OKX_ROUTES } from '../../src/exchanges/okx/endpoints';
import { createOkxRestClient, type OkxRestOptions } from '../../src/exchanges/okx/rest';
import { createOkxApi } from '../../src/exchanges/okx/rest-api';
import { createOkxExchangeRest } from '../../src/exchanges/okx/rest-exchange';
import { mapOkxFill } from '../../src/exchanges/okx/map';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { burst, fakeTimeDeps, useSimulator } from './rest-harness';

const SWAP = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

/** The OKX REST client, in Node, against the simulator: every call signed and sent for real. */

// Client and simulator share one fake time: server time, clock offsets and limit windows are exact.
const time = createSimFakeTime();
const { sim, admin } = useSimulator(11, time);

function options(overrides: Partial<OkxRestOptions['credentials']> = {}): OkxRestOptions {
  const { apiKey, secretKey, passphrase } = sim().accounts.okx;
  return {
    restBaseUrl: sim().url,
    credentials: { apiKey, secret: secretKey, passphrase, ...overrides },
    ...fakeTimeDeps(time),
  };
}

describe('OKX REST against the simulator', () => {
  it('reads public data: time, instruments, ticker, book and candles', async () => {
    const api = createOkxApi(createOkxRestClient(options()));
    expect((await api.getServerTime()).data).toBe(time.clock.now());
    const instruments = (await api.getInstruments({ instType: 'SWAP' })).data;
    expect(instruments.map((instrument) => instrument.instId)).toContain('BTC-USDT-SWAP');
    const [ticker] = (await api.getTicker('BTC-USDT-SWAP')).data;
    expect(ticker?.last).toMatch(/^\d+(\.\d+)?$/);
    // The price 24 h ago stays put for a day: the quote carries the ticker's open24h as sent.
    const quote = await createOkxExchangeRest(options()).getQuote({
      kind: 'perpetual',
      symbol: 'BTC-USDT-SWAP',
    });
    expect(quote?.open24h).toBe(ticker?.open24h);
    const [book] = (await api.getOrderBook({ instId: 'BTC-USDT-SWAP', sz: 5 })).data;
    expect(book?.bids.length).toBeGreaterThan(0);
    expect(
      (await api.getCandles({ instId: 'BTC-USDT-SWAP', bar: '1m', limit: 3 })).data.length,
    ).toBeGreaterThan(0);
  });

  it('reads the balance, account config and (empty) positions', async () => {
    const exchange = createOkxExchangeRest(options());
    const balance = await exchange.getBalance();
    // A Futures-mode account without a position: no account-level margin, no margin ratio ("").
    expect(balance).toMatchObject({ usedMarginUsd: undefined, marginRisk: undefined });
    expect(balance.coins.find((coin) => coin.coin === 'USDT')).toMatchObject({
      equity: expect.any(String) as unknown,
      usedMargin: '0',
      marginRisk: undefined,
    });
    const config = await exchange.getAccountConfig();
    expect(config.permissions).toMatchObject({ canRead: true, canTrade: true });
    expect(config.positionMode).toBe('one-way');
    expect(await exchange.getPositions()).toEqual([]);
  });

  it('places and cancels a resting limit order', async () => {
    const api = createOkxApi(createOkxRestClient(options()));
    const last = Number((await api.getTicker('BTC-USDT-SWAP')).data[0]?.last);
    const px = (Math.floor(last * 0.5 * 10) / 10).toFixed(1);
    const [placed] = (
      await api.placeOrder({
        instId: 'BTC-USDT-SWAP',
        tdMode: 'cross',
        side: 'buy',
        ordType: 'limit',
        px,
        sz: '1',
        clOrdId: 'perchrest1',
      })
    ).data;
    expect(placed).toMatchObject({ sCode: '0', clOrdId: 'perchrest1' });
    const exchange = createOkxExchangeRest(options());
    const [open] = await exchange.getOpenOrders({ instrument: SWAP });
    expect(open).toMatchObject({
      orderId: placed?.ordId,
      clientOrderId: 'perchrest1',
      // OKX (and the simulator) send prices back without trailing zeros: "32431.0" returns as "32431".
      price: String(Number(px)),
      size: '1',
      status: 'open',
    });
    const ack = await exchange.cancelOrder(SWAP, open?.orderId ?? '');
    expect(ack).toMatchObject({ orderId: placed?.ordId, code: '0' });
    expect(await exchange.getOpenOrders({ instrument: SWAP })).toEqual([]);
  });

  it('opens a position with a market order and closes it with close-position', async () => {
    const exchange = createOkxExchangeRest(options());
    const api = createOkxApi(createOkxRestClient(options()));
    const [placed] = (
      await api.placeOrder({
        instId: 'BTC-USDT-SWAP',
        tdMode: 'cross',
        side: 'buy',
        ordType: 'market',
        sz: '2',
      })
    ).data;
    const fills = (await api.getFills({ instId: 'BTC-USDT-SWAP', ordId: placed?.ordId ?? '' })).data.map(
      mapOkxFill,
    );
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((fill) => fill.orderId === placed?.ordId && fill.side === 'buy')).toBe(true);
    // The fills add up to the order: 2 contracts.
    expect(fills.reduce((sum, fill) => sum + Number(fill.size), 0)).toBe(2);
    const [position] = await exchange.getPositions();
    expect(position).toMatchObject({
      symbol: 'BTC-USDT-SWAP',
      side: 'long',
      sizeContracts: '2',
      sizeCoin: '0.02',
      positionMode: 'one-way',
    });
    await exchange.closePosition(position!);
    expect(await exchange.getPositions()).toEqual([]);
  });

  it('closes a hedge-mode short by its side, leaving the long open', async () => {
    await admin('position-mode', { exchange: 'okx', mode: 'hedge' });
    const exchange = createOkxExchangeRest(options());
    const api = createOkxApi(createOkxRestClient(options()));
    const order = { instId: 'BTC-USDT-SWAP', tdMode: 'cross', ordType: 'market', sz: '1' } as const;
    await api.placeOrder({ ...order, side: 'buy', posSide: 'long' });
    await api.placeOrder({ ...order, side: 'sell', posSide: 'short' });
    const short = (await exchange.getPositions()).find((position) => position.side === 'short');
    expect(short).toMatchObject({ positionMode: 'hedge', positionSlot: 'short' });
    await exchange.closePosition(short!);
    expect((await exchange.getPositions()).map((position) => position.side)).toEqual(['long']);
  });

  it('rejects a wrong signature as an AuthError with 50113', async () => {
    const client = createOkxRestClient(options({ secret: 'not-the-secret' }));
    await expect(client.call(OKX_ROUTES.getAccountBalance)).rejects.toMatchObject({
      name: 'AuthError',
      exchange: 'okx',
      code: '50113',
      httpStatus: 401,
      endpoint: 'GET /api/v5/account/balance',
    });
  });

  it('rejects trading with a read-only key as an AuthError with 50120, and reports the key as read-only', async () => {
    await admin('permissions', { exchange: 'okx', permission: 'read_only' });
    const exchange = createOkxExchangeRest(options());
    expect((await exchange.getAccountConfig()).permissions).toMatchObject({ canRead: true, canTrade: false });
    const api = createOkxApi(createOkxRestClient(options()));
    await expect(
      api.placeOrder({ instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' }),
    ).rejects.toMatchObject({ name: 'AuthError', code: '50120' });
  });

  it('rejects a stale timestamp with 50102, and signs with corrected time after a clock sync', async () => {
    await admin('faults', { clockSkewMs: 60_000 });
    const warnings: string[] = [];
    const client = createOkxRestClient({
      ...options(),
      logger: { warn: (message) => warnings.push(message) },
    });
    await expect(client.call(OKX_ROUTES.getAccountBalance)).rejects.toMatchObject({
      name: 'AuthError',
      code: '50102',
    });
    expect(await client.syncClock()).toBe(60_000);
    expect(warnings[0]).toContain('behind OKX server time');
    expect((await client.call(OKX_ROUTES.getAccountBalance)).httpStatus).toBe(200);
  });

  it('spreads a burst past the limit over windows, while a client with a limiter of its own gets 50011', async () => {
    const client = createOkxRestClient(options());
    // account/balance allows 10 per 2 s: 25 at once go 10, 10 and 5, none refused.
    const balances = burst(25, () => client.call(OKX_ROUTES.getAccountBalance));
    await vi.waitFor(() => {
      expect(balances.answered()).toBe(10);
    });
    // Another process on the same key does not share the budget: the exchange refuses it.
    await expect(createOkxRestClient(options()).call(OKX_ROUTES.getAccountBalance)).rejects.toMatchObject({
      name: 'RateLimitError',
      code: '50011',
      httpStatus: 429,
    });
    time.advance(2_100);
    await vi.waitFor(() => {
      expect(balances.answered()).toBe(20);
    });
    time.advance(2_100);
    const outcomes = await balances.all;
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });

  it('accepts demo requests (x-simulated-trading: 1) on the same key', async () => {
    const api = createOkxApi(createOkxRestClient({ ...options(), demoTrading: true }));
    expect((await api.getBalance()).data[0]?.details.length).toBeGreaterThan(0);
  });
});
