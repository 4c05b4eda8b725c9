import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import type { OkxSocketKey } from '../../src/exchanges/okx/hosts';
import { createOkxStreams } from '../../src/exchanges/okx/streams';
import { createOkxWsTrade, type OkxWsTrade } from '../../src/exchanges/okx/ws-trade';
import type { SocketTimings } from '../../src/exchanges/transport/socket-config';
import type { SocketGroup } from '../../src/exchanges/transport/socket-group';
import {
  EventLog,
  expectBooksStayValid,
  expectNothingSubscribedAcrossRetry,
  expectRecoveryFromSilentPongs,
  isLoginFailed,
  isSocket,
  isStream,
  nodeSocket,
  realClock,
  realTimers,
  simAdmin,
} from './ws-harness';

const SWAP = 'BTC-USDT-SWAP';

describe('OKX sockets against the simulator', () => {
  let sim: RunningSimulator;
  let streams: SocketGroup<OkxSocketKey>;
  let trade: OkxWsTrade | undefined;
  let log: EventLog<OkxSocketKey>;

  async function start(rate = 0, timings: Partial<SocketTimings> = {}) {
    sim = await startSimulator({ rate });
    log = new EventLog();
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    streams = createOkxStreams({
      createSocket: nodeSocket,
      clock: realClock,
      timers: realTimers,
      hosts: { wsBaseUrl: sim.wsUrl },
      credentials: { apiKey, secret: secretKey, passphrase },
      timings,
      ...log.listener,
    });
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

  it('streams live tickers on the public socket and candles on the business socket', async () => {
    streams.subscribe([
      { topic: 'tickers', payload: { instId: SWAP } },
      { topic: 'tickers', payload: { instId: 'BTC-USDT' } },
      { topic: 'candle1m', payload: { instId: SWAP } },
    ]);
    const ticker = await log.waitFor(isStream('ticker', SWAP), 'an OKX ticker');
    const spot = await log.waitFor(isStream('ticker', 'BTC-USDT'), 'an OKX spot ticker');
    const candle = await log.waitFor(isStream('candle', SWAP), 'an OKX candle');
    expect(ticker).toMatchObject({
      key: 'public',
      event: { exchange: 'okx', symbol: SWAP, instrumentKind: 'perpetual' },
    });
    expect(spot).toMatchObject({ event: { symbol: 'BTC-USDT', instrumentKind: 'spot' } });
    expect(ticker.type === 'stream' && ticker.event.kind === 'ticker' ? ticker.event.last : '').toMatch(
      /^\d+(\.\d+)?$/,
    );
    expect(candle).toMatchObject({ key: 'business', event: { interval: '1m' } });
    expect(log.errors()).toEqual([]);
  });

  it('streams mark-price candles with no volume, as OKX sends them', async () => {
    streams.subscribe([{ topic: 'mark-price-candle1m', payload: { instId: SWAP } }]);
    const pushed = await log.waitFor(isStream('candle', SWAP), 'an OKX mark-price candle');
    const candles = pushed.type === 'stream' && pushed.event.kind === 'candle' ? pushed.event.candles : [];
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.every((candle) => candle.volume === undefined)).toBe(true);
    expect(candles[0]?.close).toMatch(/^\d+(\.\d+)?$/);
    expect(log.errors()).toEqual([]);
  });

  it('logs in on the private socket and pushes account data', async () => {
    streams.subscribe([{ topic: 'account' }]);
    await log.waitFor(isSocket('authenticated', 'private'), 'the OKX login');
    await log.waitFor(isStream('wallet'), 'an OKX account push');
  });

  it('places and cancels an order over WS trading, confirmed by the private stream', async () => {
    streams.subscribe([
      { topic: 'tickers', payload: { instId: SWAP } },
      { topic: 'orders', payload: { instType: 'ANY' } },
    ]);
    trade = createOkxWsTrade({ streams, timers: realTimers });
    const ticker = await log.waitFor(isStream('ticker', SWAP), 'an OKX ticker');
    const last = ticker.type === 'stream' && ticker.event.kind === 'ticker' ? Number(ticker.event.last) : NaN;
    await log.waitFor(isSocket('subscribed', 'private'), 'the orders subscription');
    const px = (Math.floor(last * 0.8 * 10) / 10).toFixed(1);
    const placed = await trade.placeOrder({
      instId: SWAP,
      tdMode: 'cross',
      side: 'buy',
      ordType: 'limit',
      px,
      sz: '1',
      clOrdId: 'perchws1',
    });
    const ordId = placed.data[0]?.ordId ?? '';
    expect(placed.data[0]).toMatchObject({ sCode: '0', clOrdId: 'perchws1' });
    await log.waitFor(
      (e) =>
        e.type === 'stream' &&
        e.event.kind === 'order' &&
        e.event.orderId === ordId &&
        e.event.status === 'open',
      'the open order push',
    );
    const cancelled = await trade.cancelOrder({ instId: SWAP, ordId });
    expect(cancelled.data[0]).toMatchObject({ sCode: '0', ordId });
    await log.waitFor(
      (e) =>
        e.type === 'stream' &&
        e.event.kind === 'order' &&
        e.event.orderId === ordId &&
        e.event.status === 'cancelled',
      'the cancelled order push',
    );
  });

  it('pushes order, fill and position updates after a market order', async () => {
    streams.subscribe([
      { topic: 'orders', payload: { instType: 'ANY' } },
      { topic: 'positions', payload: { instType: 'ANY' } },
    ]);
    trade = createOkxWsTrade({ streams, timers: realTimers });
    await log.waitFor(
      (e) =>
        e.type === 'socket' &&
        e.event.type === 'subscribed' &&
        e.event.topics.some((t) => t.topic === 'positions'),
      'the positions subscription',
    );
    const from = log.events.length;
    const placed = await trade.placeOrder({
      instId: SWAP,
      tdMode: 'cross',
      side: 'buy',
      ordType: 'market',
      sz: '2',
    });
    const ordId = placed.data[0]?.ordId ?? '';
    await log.waitFor(
      (e) =>
        e.type === 'stream' &&
        e.event.kind === 'order' &&
        e.event.orderId === ordId &&
        e.event.status === 'filled',
      'the filled order push',
      10_000,
      from,
    );
    await log.waitFor(
      (e) => e.type === 'stream' && e.event.kind === 'execution' && e.event.orderId === ordId,
      'the fill',
      10_000,
      from,
    );
    await log.waitFor(
      (e) =>
        e.type === 'stream' &&
        e.event.kind === 'position' &&
        e.event.symbol === SWAP &&
        e.event.side === 'long',
      'the long position',
      10_000,
      from,
    );
  });

  it('keeps the update time of a balance_and_position position', async () => {
    streams.subscribe([{ topic: 'balance_and_position' }]);
    trade = createOkxWsTrade({ streams, timers: realTimers });
    await log.waitFor(isSocket('subscribed', 'private'), 'the balance_and_position subscription');
    const from = log.events.length;
    await trade.placeOrder({ instId: SWAP, tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' });
    const pushed = await log.waitFor(
      (e) => e.type === 'stream' && e.event.kind === 'position' && e.event.symbol === SWAP,
      'a balance_and_position position',
      10_000,
      from,
    );
    const position = pushed.type === 'stream' && pushed.event.kind === 'position' ? pushed.event : undefined;
    expect(position?.updatedAt).toBeGreaterThan(0);
  });

  it('recovers after the simulator drops every socket: logs in, resubscribes, data flows', async () => {
    streams.subscribe([{ topic: 'tickers', payload: { instId: SWAP } }, { topic: 'account' }]);
    await log.waitFor(isStream('ticker', SWAP), 'a ticker before the drop');
    await log.waitFor(isSocket('authenticated', 'private'), 'the first login');
    expect((await simAdmin(sim, 'drop-sockets')).dropped).toBeGreaterThanOrEqual(2);
    const from = log.events.length;
    await log.waitFor(
      (e) => e.type === 'socket' && e.event.type === 'open' && e.event.reconnected && e.key === 'private',
      'the private reconnect',
      10_000,
      from,
    );
    await log.waitFor(isSocket('authenticated', 'private'), 'the second login', 10_000, from);
    await log.waitFor((e) => isSocket('subscribed', 'public')(e), 'the public resubscribe', 10_000, from);
    await log.waitFor(isStream('ticker', SWAP), 'a ticker after the drop', 10_000, from);
    await log.waitFor(isStream('wallet'), 'an account push after the drop', 10_000, from);
  });

  it('reconnects on the 64008 maintenance notice and keeps the data flowing', async () => {
    streams.subscribe([{ topic: 'tickers', payload: { instId: SWAP } }]);
    await log.waitFor(isStream('ticker', SWAP), 'a ticker before the notice');
    const from = log.events.length;
    await simAdmin(sim, 'okx-notice');
    await log.waitFor(
      (e) => e.type === 'socket' && e.event.type === 'error' && e.event.code === '64008',
      'the notice',
      10_000,
      from,
    );
    await log.waitFor(
      (e) => e.type === 'socket' && e.event.type === 'open' && e.event.reconnected,
      'the planned reconnect',
      10_000,
      from,
    );
    await log.waitFor(isStream('ticker', SWAP), 'a ticker after the reconnect', 10_000, log.events.length);
  });

  it('detects a wrong book checksum from the server and rebuilds the book from a fresh snapshot', async () => {
    streams.subscribe([{ topic: 'books', payload: { instId: SWAP } }]);
    await log.waitFor(isStream('book', SWAP), 'a first book');
    await simAdmin(sim, 'bad-checksum');
    const resync = await log.waitFor(isStream('book-resync', SWAP), 'the resync', 10_000);
    expect(resync).toMatchObject({ event: { problem: 'checksum' } });
    const from = log.events.indexOf(resync);
    await log.waitFor(isStream('book', SWAP), 'a rebuilt book', 10_000, from);
  });

  it('reports a refused login with the OKX code and subscribes nothing on that socket', async () => {
    await simAdmin(sim, 'faults', { refuseLogins: true });
    streams.subscribe([{ topic: 'account' }]);
    const failed = await log.waitFor(isLoginFailed, 'the refused login');
    expect(failed).toMatchObject({
      key: 'private',
      event: { code: expect.stringMatching(/^600\d\d$/) as unknown },
    });
    await expectNothingSubscribedAcrossRetry(log, failed);
    expect(log.stream('wallet')).toEqual([]);
  });

  it('replaces a socket whose pongs stop and resubscribes on the new one', async () => {
    streams.close();
    await sim.stop();
    await start(0, { pingIntervalMs: 300, pongTimeoutMs: 300 });
    streams.subscribe([{ topic: 'tickers', payload: { instId: SWAP } }]);
    await expectRecoveryFromSilentPongs(sim, log, 'public', SWAP);
  });

  it('keeps a books book checksum-valid over 10,000 updates', async () => {
    streams.close();
    await sim.stop();
    await start(4_000);
    streams.subscribe([{ topic: 'books', payload: { instId: SWAP } }]);
    await expectBooksStayValid(log, 10_000);
  }, 30_000);
});
