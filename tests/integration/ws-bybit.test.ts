import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import type { BybitSocketKey } from '../../src/exchanges/bybit/hosts';
import { createBybitStreams } from '../../src/exchanges/bybit/streams';
import { createBybitWsTrade, type BybitWsTrade } from '../../src/exchanges/bybit/ws-trade';
import type { SocketTimings } from '../../src/exchanges/transport/socket-config';
import type { SocketGroup } from '../../src/exchanges/transport/socket-group';
import type { GroupEvent } from '../../src/exchanges/transport/socket-fake.test-helper';
import {
  EventLog,
  expectBooksStayValid,
  expectNothingSubscribedAcrossRetry,
  expectRecoveryFromSilentPongs,
  isLoginFailed,
  isSocket,
  isStream,
  nodeSocket,
  PingCounter,
  realClock,
  realTimers,
  simAdmin,
} from './ws-harness';

const SYMBOL = 'BTCUSDT';
const linear = (topic: string) => ({ topic, payload: { category: 'linear' } });

describe('Bybit sockets against the simulator', () => {
  let sim: RunningSimulator;
  let streams: SocketGroup<BybitSocketKey>;
  let trade: BybitWsTrade | undefined;
  let log: EventLog<BybitSocketKey>;

  async function start(rate = 0, timings: Partial<SocketTimings> = {}, createSocket = nodeSocket) {
    sim = await startSimulator({ rate });
    log = new EventLog();
    const { apiKey, apiSecret } = sim.accounts.bybit;
    streams = createBybitStreams({
      createSocket,
      clock: realClock,
      timers: realTimers,
      hosts: { wsBaseUrl: sim.wsUrl },
      credentials: { apiKey, secret: apiSecret },
      timings,
      ...log.listener,
    });
  }

  async function restart(rate: number, timings: Partial<SocketTimings> = {}, createSocket = nodeSocket) {
    streams.close();
    await sim.stop();
    await start(rate, timings, createSocket);
  }

  beforeEach(async () => {
    await start();
  });

  afterEach(async () => {
    trade?.dispose();
    trade = undefined;
    streams.close();
    await sim.stop();
  });

  const orderEvent = (orderId: string, status: string) => (e: GroupEvent<BybitSocketKey>) =>
    e.type === 'stream' &&
    e.event.kind === 'order' &&
    e.event.orderId === orderId &&
    e.event.status === status;

  it('streams live tickers on the spot and linear public sockets', async () => {
    streams.subscribe([
      { topic: `tickers.${SYMBOL}`, payload: { category: 'spot' } },
      linear(`tickers.${SYMBOL}`),
    ]);
    const spot = await log.waitFor(
      (e) => e.type === 'stream' && e.key === 'spotPublic' && e.event.kind === 'ticker',
      'a spot ticker',
    );
    const perp = await log.waitFor(
      (e) => e.type === 'stream' && e.key === 'linearPublic' && e.event.kind === 'ticker',
      'a linear ticker',
    );
    // One symbol, two instruments: each ticker names the kind of the socket's market.
    expect(spot).toMatchObject({ event: { exchange: 'bybit', symbol: SYMBOL, instrumentKind: 'spot' } });
    expect(perp).toMatchObject({ event: { exchange: 'bybit', symbol: SYMBOL, instrumentKind: 'perpetual' } });
    expect(log.errors()).toEqual([]);
  });

  it('streams live tickers on the inverse and option sockets, kept alive by heartbeats', async () => {
    const pings = new PingCounter((frame) => frame.includes('"ping"'));
    await restart(0, { pingIntervalMs: 200, pongTimeoutMs: 1_000 }, pings.createSocket);
    const option = sim.ctx.market.list('bybit').find((i) => i.category === 'option')?.symbol ?? '';
    expect(option).toMatch(/^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+-[CP]$/);
    streams.subscribe([
      linear(`tickers.${SYMBOL}`),
      { topic: 'tickers.BTCUSD', payload: { category: 'inverse' } },
      { topic: `tickers.${option}`, payload: { category: 'option' } },
    ]);
    const tickerOn = async (key: BybitSocketKey, symbol: string) => {
      const event = await log.waitFor(
        (e) => e.type === 'stream' && e.key === key && e.event.kind === 'ticker' && e.event.symbol === symbol,
        `a ${symbol} ticker on ${key}`,
      );
      return event.type === 'stream' && event.event.kind === 'ticker' ? event.event : undefined;
    };
    const [perp, inverse, call] = await Promise.all([
      tickerOn('linearPublic', SYMBOL),
      tickerOn('inversePublic', 'BTCUSD'),
      tickerOn('optionPublic', option),
    ]);
    expect(inverse).toMatchObject({
      exchange: 'bybit',
      symbol: 'BTCUSD',
      mark: expect.any(String) as unknown,
    });
    expect(Number(inverse?.last) / Number(perp?.last)).toBeCloseTo(1, 2);
    // The option ticker's mark is the Black–Scholes premium (a few thousand USDC), its index the BTC
    // price. The model's TickerEvent carries no greeks or IVs, so those are proven in sim's own tests.
    expect(call).toMatchObject({ exchange: 'bybit', symbol: option });
    expect(Number(call?.mark)).toBeGreaterThan(0);
    expect(Number(call?.mark)).toBeLessThan(Number(perp?.last) * 0.2);
    expect(Number(call?.index) / Number(perp?.last)).toBeCloseTo(1, 2);
    // Option pushes name the top of book bidPrice/askPrice (not bid1Price): the quote still has both sides.
    expect(Number(call?.bid)).toBeGreaterThan(0);
    expect(Number(call?.ask)).toBeGreaterThan(Number(call?.bid));
    // An instrument the simulator does not list is still reported as a rejected topic.
    streams.subscribe([{ topic: 'tickers.BTC-27DEC24-55000-P', payload: { category: 'option' } }]);
    await log.waitFor(
      (e) => e.type === 'socket' && e.key === 'optionPublic' && e.event.type === 'rejected',
      'the option reject',
    );
    // Six more heartbeats on every socket outlast the pong timeout: a missed pong would show by now.
    const from = log.events.length;
    await pings.waitForEach(6);
    for (const [key, symbol] of [
      ['inversePublic', 'BTCUSD'],
      ['optionPublic', option],
    ] as const) {
      expect(
        log.events.slice(from).some((e) => e.type === 'stream' && e.key === key && e.event.kind === 'ticker'),
        `${symbol} tickers keep flowing`,
      ).toBe(true);
    }
    expect(log.errors()).toEqual([]);
    expect(log.events.filter((e) => e.type === 'socket' && e.event.type === 'open')).toHaveLength(3);
  });

  it('places and cancels an order over the trade stream, confirmed by the private stream', async () => {
    streams.subscribe([linear(`tickers.${SYMBOL}`), { topic: 'order' }]);
    trade = createBybitWsTrade({ streams, clock: realClock, timers: realTimers });
    const ticker = await log.waitFor(isStream('ticker', SYMBOL), 'a ticker');
    const last = ticker.type === 'stream' && ticker.event.kind === 'ticker' ? Number(ticker.event.last) : NaN;
    await log.waitFor(isSocket('subscribed', 'private'), 'the order subscription');
    await log.waitFor(isSocket('authenticated', 'privateTrade'), 'the trade stream auth');
    const price = (Math.floor(last * 0.8 * 10) / 10).toFixed(1);
    const created = await trade.createOrder({
      category: 'linear',
      symbol: SYMBOL,
      side: 'Buy',
      orderType: 'Limit',
      qty: '0.001',
      price,
      orderLinkId: 'perchws1',
    });
    const { orderId } = created.data as { orderId: string };
    expect(created.data).toMatchObject({ orderLinkId: 'perchws1' });
    await log.waitFor(orderEvent(orderId, 'open'), 'the New order push');
    const cancelled = await trade.cancelOrder({ category: 'linear', symbol: SYMBOL, orderId });
    expect(cancelled.data).toMatchObject({ orderId });
    await log.waitFor(orderEvent(orderId, 'cancelled'), 'the Cancelled order push');
  });

  it('pushes order, execution, position and wallet updates after a market order', async () => {
    streams.subscribe([
      { topic: 'order' },
      { topic: 'execution' },
      { topic: 'position' },
      { topic: 'wallet' },
    ]);
    trade = createBybitWsTrade({ streams, clock: realClock, timers: realTimers });
    await log.waitFor(isSocket('subscribed', 'private'), 'the private subscriptions');
    await log.waitFor(isSocket('authenticated', 'privateTrade'), 'the trade stream auth');
    const from = log.events.length;
    const created = await trade.createOrder({
      category: 'linear',
      symbol: SYMBOL,
      side: 'Sell',
      orderType: 'Market',
      qty: '0.002',
    });
    const { orderId } = created.data as { orderId: string };
    await log.waitFor(orderEvent(orderId, 'filled'), 'the Filled order push', 10_000, from);
    await log.waitFor(
      (e) => e.type === 'stream' && e.event.kind === 'execution' && e.event.orderId === orderId,
      'the execution',
      10_000,
      from,
    );
    await log.waitFor(
      (e) => e.type === 'stream' && e.event.kind === 'position' && e.event.side === 'short',
      'the short position',
      10_000,
      from,
    );
    await log.waitFor(isStream('wallet'), 'the wallet push', 10_000, from);
  });

  it('recovers after the simulator drops every socket: authenticates, resubscribes, data flows', async () => {
    streams.subscribe([linear(`tickers.${SYMBOL}`), { topic: 'position' }]);
    await log.waitFor(isStream('ticker', SYMBOL), 'a ticker before the drop');
    await log.waitFor(isSocket('authenticated', 'private'), 'the first auth');
    expect((await simAdmin(sim, 'drop-sockets')).dropped).toBeGreaterThanOrEqual(2);
    const from = log.events.length;
    await log.waitFor(isSocket('authenticated', 'private'), 'the second auth', 10_000, from);
    await log.waitFor(
      (e) => e.type === 'socket' && e.key === 'private' && e.event.type === 'subscribed',
      'the private resubscribe',
      10_000,
      from,
    );
    await log.waitFor(isStream('ticker', SYMBOL), 'a ticker after the drop', 10_000, from);
    trade = createBybitWsTrade({ streams, clock: realClock, timers: realTimers });
    await log.waitFor(isSocket('authenticated', 'privateTrade'), 'the trade stream auth', 10_000, from);
    await trade.createOrder({
      category: 'linear',
      symbol: SYMBOL,
      side: 'Buy',
      orderType: 'Market',
      qty: '0.001',
    });
    await log.waitFor(isStream('position'), 'a position push after the drop', 10_000, from);
  });

  it('reports a refused auth and subscribes nothing on that socket', async () => {
    await simAdmin(sim, 'faults', { refuseLogins: true });
    streams.subscribe([{ topic: 'position' }]);
    const refused = await log.waitFor((e) => isLoginFailed(e) && e.key === 'private', 'the refused auth');
    await expectNothingSubscribedAcrossRetry(log, refused);
  });

  it('replaces a socket whose pongs stop and resubscribes on the new one', async () => {
    await restart(0, { pingIntervalMs: 300, pongTimeoutMs: 300 });
    streams.subscribe([linear(`tickers.${SYMBOL}`)]);
    await expectRecoveryFromSilentPongs(sim, log, 'linearPublic', SYMBOL);
  });

  it('keeps an orderbook.50 book consistent over 10,000 updates', async () => {
    await restart(4_000);
    streams.subscribe([linear(`orderbook.50.${SYMBOL}`)]);
    await expectBooksStayValid(log, 10_000);
  }, 30_000);
});
