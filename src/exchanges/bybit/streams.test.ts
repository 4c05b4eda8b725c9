import { beforeEach, describe, expect, it, vi } from 'vitest';
import frames from '../../../tests/fixtures/ws/bybit-frames.json';
import type { StreamEvent } from '../model';
import {
  createFakeSockets,
  createFakeTime,
  type FakeSocket,
  type FakeSockets,
  type FakeTime,
} from '../transport/socket-fake';
import type { GroupEvent } from '../transport/socket-group';
import type { SocketEvent } from '../transport/socket-types';
import type { BybitSocketKey } from './hosts';
import { bybitSocketKeyForTopic, classifyBybitFrame, createBybitStreams } from './streams';

const CREDENTIALS = { apiKey: 'test-key', secret: 'test-secret' };
const linearTicker = { topic: 'tickers.BTCUSDT', payload: { category: 'linear' } };
const linearBook = { topic: 'orderbook.50.BTCUSDT', payload: { category: 'linear' } };
const linearTopic = (topic: string) => ({ topic, payload: { category: 'linear' } });

describe('Bybit streams', () => {
  let time: FakeTime;
  let sockets: FakeSockets;
  let events: GroupEvent<BybitSocketKey>[];

  beforeEach(() => {
    time = createFakeTime(1_704_067_200_000);
    sockets = createFakeSockets();
    events = [];
  });

  function streams(options: { credentials?: typeof CREDENTIALS; environment?: 'demo' } = {}) {
    return createBybitStreams({
      createSocket: sockets.create,
      clock: time.clock,
      timers: time.timers,
      hosts:
        options.environment === undefined
          ? { wsBaseUrl: 'ws://127.0.0.1:9' }
          : { environment: options.environment },
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      random: () => 0,
      onEvent: (event) => events.push(event),
    });
  }

  const streamEvents = (): StreamEvent[] => events.flatMap((e) => (e.type === 'stream' ? [e.event] : []));
  const socketEvents = (): SocketEvent[] => events.flatMap((e) => (e.type === 'socket' ? [e.event] : []));

  function openLinear(): FakeSocket {
    streams().subscribe([linearTicker, linearBook]);
    time.advance(0);
    const socket = sockets.last();
    socket.open();
    return socket;
  }

  it('routes public topics by category and private topics (with variants) to the private stream', () => {
    expect(bybitSocketKeyForTopic({ topic: 'tickers.BTCUSDT', payload: { category: 'spot' } })).toBe(
      'spotPublic',
    );
    expect(bybitSocketKeyForTopic({ topic: 'tickers.BTCUSD', payload: { category: 'inverse' } })).toBe(
      'inversePublic',
    );
    expect(
      bybitSocketKeyForTopic({ topic: 'tickers.BTC-27DEC24-55000-P', payload: { category: 'option' } }),
    ).toBe('optionPublic');
    expect(bybitSocketKeyForTopic({ topic: 'tickers.BTCUSDT' })).toBe('linearPublic');
    for (const topic of ['order', 'order.linear', 'execution.fast', 'position.inverse', 'wallet', 'greeks']) {
      expect(bybitSocketKeyForTopic({ topic })).toBe('private');
    }
  });

  it('opens the documented paths', () => {
    streams().subscribe([
      { topic: 'tickers.BTCUSDT', payload: { category: 'spot' } },
      linearTicker,
      { topic: 'tickers.BTCUSD', payload: { category: 'inverse' } },
      { topic: 'tickers.BTC-27DEC24-55000-P', payload: { category: 'option' } },
    ]);
    time.advance(0);
    expect(sockets.all.map((s) => s.url)).toEqual([
      'ws://127.0.0.1:9/v5/public/spot',
      'ws://127.0.0.1:9/v5/public/linear',
      'ws://127.0.0.1:9/v5/public/inverse',
      'ws://127.0.0.1:9/v5/public/option',
    ]);
  });

  it('uses the single demo private stream and mainnet public data in demo trading', () => {
    streams({ environment: 'demo', credentials: CREDENTIALS }).subscribe([{ topic: 'order' }, linearTicker]);
    time.advance(0);
    expect(sockets.all.map((s) => s.url).sort()).toEqual([
      'wss://stream-demo.bybit.com/v5/private',
      'wss://stream.bybit.com/v5/public/linear',
    ]);
  });

  it('batches 10 topics per subscribe on spot and 500 elsewhere', () => {
    const symbols = Array.from({ length: 501 }, (_, i) => `S${i}USDT`);
    const group = streams();
    group.subscribe(
      symbols.slice(0, 25).map((s) => ({ topic: `tickers.${s}`, payload: { category: 'spot' } })),
    );
    group.subscribe(symbols.map((s) => ({ topic: `tickers.${s}`, payload: { category: 'linear' } })));
    time.advance(0);
    for (const socket of sockets.all) socket.open();
    const sizes = (socket: FakeSocket) =>
      socket.sentJson().map((frame) => (frame as { args: string[] }).args.length);
    expect(sizes(sockets.all[0]!)).toEqual([10, 10, 5]);
    expect(sizes(sockets.all[1]!)).toEqual([500, 1]);
  });

  it('keeps each request within 21,000 characters of args', () => {
    const group = streams();
    const long = Array.from({ length: 500 }, (_, i) =>
      linearTopic(`orderbook.1000.LONGSYMBOLNAME${i}USDT0000000000000`),
    );
    group.subscribe(long);
    time.advance(0);
    sockets.last().open();
    const sent = sockets.last().sentJson() as { args: string[] }[];
    expect(sent.length).toBeGreaterThan(1);
    for (const frame of sent) expect(JSON.stringify(frame.args).length).toBeLessThanOrEqual(21_000);
  });

  it('pings with {"op":"ping"} and accepts every documented pong shape', () => {
    for (const pong of [frames.pongSpot, frames.pongOption, frames.pongPrivate, frames.pongTrade]) {
      expect(classifyBybitFrame(JSON.stringify(pong))).toEqual({ kind: 'pong' });
    }
    const socket = openLinear();
    time.advance(10_000);
    expect(socket.sent.at(-1)).toBe('{"op":"ping"}');
  });

  it('matches acks by req_id and reports a rejected topic with the server message', () => {
    const socket = openLinear();
    socket.receive(frames.subscribeFailed);
    expect(socketEvents()).toContainEqual({
      type: 'rejected',
      op: 'subscribe',
      topics: [linearTicker, linearBook],
      code: '',
      message: 'error:handler not found,topic:nope.BTCUSDT',
    });
  });

  it('reads the option stream acks that name failed topics', () => {
    expect(classifyBybitFrame(JSON.stringify(frames.optionCommandResp))).toMatchObject({
      kind: 'ack',
      op: 'subscribe',
      rejectedKeys: ['tickers.NOPE-1JAN00-1-C'],
      acceptedKeys: ['orderbook.100.BTC-27DEC24-55000-P'],
    });
  });

  it("shows the product's label for a Bybit WS code beside the exchange's own message", () => {
    expect(
      classifyBybitFrame(
        JSON.stringify({ retCode: 10003, retMsg: 'Too many sessions under the same UID', op: 'auth' }),
      ),
    ).toEqual({
      kind: 'login',
      ok: false,
      code: '10003',
      message: 'API signature or authentication failed (Bybit: Too many sessions under the same UID)',
    });
    expect(
      classifyBybitFrame(JSON.stringify({ retCode: 10004, retMsg: 'Invalid sign', op: 'auth' })),
    ).toMatchObject({ code: '10004', message: 'Invalid sign' });
  });

  describe('push parsing (recorded frames)', () => {
    it('merges ticker deltas into the last snapshot', () => {
      const socket = openLinear();
      socket.receive(frames.tickerSnapshot);
      socket.receive(frames.tickerDelta);
      expect(streamEvents().at(-1)).toEqual({
        kind: 'ticker',
        exchange: 'bybit',
        symbol: 'BTCUSDT',
        ts: 1704067200200,
        last: '41007.10',
        bid: '41007.00',
        bidSize: '1.100',
        ask: '41006.80',
        askSize: '0.812',
        mark: '41005.90',
        index: '41010.20',
        high24h: '41200.00',
        low24h: '40100.50',
        volume24h: '103200.400',
        fundingRate: '0.0001',
      });
    });

    it('turns trades and klines into events', () => {
      const socket = openLinear();
      socket.receive(frames.publicTrade);
      socket.receive(frames.kline);
      expect(streamEvents()).toEqual([
        {
          kind: 'trades',
          exchange: 'bybit',
          symbol: 'BTCUSDT',
          ts: 1704067200400,
          trades: [
            {
              id: '20f43950-d8dd-5b31-9112-a178eb6023af',
              price: '41006.80',
              size: '0.001',
              side: 'buy',
              ts: 1704067200398,
            },
          ],
        },
        {
          kind: 'candle',
          exchange: 'bybit',
          symbol: 'BTCUSDT',
          interval: '5',
          ts: 1704067200500,
          candles: [
            {
              start: 1704067200000,
              open: '41000.0',
              high: '41010.5',
              low: '40990.0',
              close: '41006.8',
              volume: '152.3',
              confirmed: false,
            },
          ],
        },
      ]);
    });

    it('applies book deltas on the snapshot', () => {
      const socket = openLinear();
      socket.receive(frames.bookSnapshot);
      socket.receive(frames.bookDelta);
      expect(streamEvents().at(-1)).toMatchObject({
        kind: 'book',
        bids: [
          ['41006.70', '2.500'],
          ['41006.60', '0.700'],
          ['41006.00', '0.300'],
        ],
        asks: [
          ['41006.80', '0.500'],
          ['41007.00', '4.000'],
          ['41008.00', '1.000'],
        ],
      });
    });

    it('resubscribes for a fresh snapshot when update ids go backwards', () => {
      const socket = openLinear();
      socket.receive(frames.bookSnapshot);
      socket.receive(frames.bookDeltaStale);
      expect(streamEvents().at(-1)).toMatchObject({ kind: 'book-resync', problem: 'gap' });
      expect(socket.sentJson().slice(-2)).toEqual([
        { req_id: '2', op: 'unsubscribe', args: ['orderbook.50.BTCUSDT'] },
        { req_id: '3', op: 'subscribe', args: ['orderbook.50.BTCUSDT'] },
      ]);
    });

    it('forgets a book once it is unsubscribed', () => {
      const group = streams();
      group.subscribe([linearBook]);
      time.advance(0);
      const socket = sockets.last();
      socket.open();
      socket.receive(frames.bookSnapshot);
      group.unsubscribe([linearBook]);
      const before = streamEvents().length;
      socket.receive(frames.bookDelta);
      expect(streamEvents()).toHaveLength(before);
    });

    it('treats u == 1 as a new snapshot', () => {
      const socket = openLinear();
      socket.receive(frames.bookSnapshot);
      socket.receive(frames.bookRestart);
      expect(streamEvents().at(-1)).toMatchObject({
        kind: 'book',
        bids: [['40000.00', '1.000']],
        asks: [['40001.00', '1.000']],
      });
    });
  });

  describe('private stream', () => {
    async function authed() {
      streams({ credentials: CREDENTIALS }).subscribe([
        { topic: 'order' },
        { topic: 'execution' },
        { topic: 'position' },
        { topic: 'wallet' },
        { topic: 'greeks' },
      ]);
      time.advance(0);
      const socket = sockets.last();
      socket.open();
      await vi.waitFor(() => {
        expect(socket.sent).toHaveLength(1);
      });
      return socket;
    }

    it('authenticates with expires = now + recv window and the documented signature (vector B3)', async () => {
      const socket = await authed();
      expect(socket.sent[0]).toBe(
        '{"req_id":"private-auth","op":"auth","args":["test-key",1704067205000,"0a3955527cd3e9bf71ec111c7921f28d88515ddc9cc0652c1852cb2e0a3ec512"]}',
      );
      socket.receive(frames.authOk);
      expect(socket.sentJson().at(-1)).toEqual({
        req_id: '1',
        op: 'subscribe',
        args: ['order', 'execution', 'position', 'wallet', 'greeks'],
      });
    });

    it('reports a failed auth and subscribes nothing', async () => {
      const socket = await authed();
      socket.receive(frames.authFailed);
      expect(socketEvents()).toContainEqual(
        expect.objectContaining({
          reason: 'login-failed',
          message: 'Bybit private socket login failed: Params Error',
        }),
      );
      expect(socket.sent).toHaveLength(1);
    });

    it('refuses to authenticate without key and secret', async () => {
      streams().subscribe([{ topic: 'order' }]);
      time.advance(0);
      sockets.last().open();
      await vi.waitFor(() => {
        expect(socketEvents()).toContainEqual(
          expect.objectContaining({
            reason: 'missing-credentials',
            message: 'Cannot auth - missing api or secret in config',
          }),
        );
      });
    });

    it('turns order, execution (and execution.fast), position, wallet and greeks pushes into events', async () => {
      const socket = await authed();
      socket.receive(frames.authOk);
      for (const frame of [
        frames.order,
        frames.execution,
        frames.executionFast,
        frames.position,
        frames.wallet,
        frames.greeks,
      ])
        socket.receive(frame);
      const list = streamEvents();
      expect(list.map((e) => e.kind)).toEqual([
        'order',
        'execution',
        'execution',
        'position',
        'wallet',
        'greeks',
      ]);
      expect(list[0]).toMatchObject({
        orderId: '5cf98598-39a7-459e-97bf-76ca765ee020',
        clientOrderId: 'perch1',
        side: 'sell',
        status: 'filled',
        filledSize: '0.010',
        reduceOnly: false,
      });
      expect(list[1]).toMatchObject({
        executionId: '7e2ae69c-4edf-5800-a352-893d52b446aa',
        price: '41006.70',
        fee: '0.2255',
        isMaker: false,
      });
      expect(list[2]).toMatchObject({ fee: '', size: '0.010' });
      expect(list[3]).toMatchObject({
        side: 'short',
        sizeContracts: '0.010',
        sizeCoin: '0.010',
        entryPrice: '41006.70',
        liquidationPrice: '45100.20',
        positionSlot: '0',
        marginMode: 'cross',
      });
      expect(list[4]).toMatchObject({
        totalEquityUsd: '10240.50',
        coins: [
          {
            coin: 'USDT',
            equity: '10240.50',
            available: '10199.30',
            walletBalance: '10240.49',
            unrealisedPnl: '0.008',
            usdValue: '10240.50',
          },
        ],
      });
      expect(list[5]).toMatchObject({ coin: 'ETH', delta: '0.06999986' });
    });
  });
});
