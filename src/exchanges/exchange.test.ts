import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createExchangeRig } from './exchange-fake.test-helper';
import { createExchange } from './exchange';
import type { Exchange, SocketStatusEvent, StreamRequest } from './exchange-types';
import type { ExchangeId, InstrumentRef, StreamEvent } from './model';
import { bybitLinearRow } from './bybit/instrument-fake.test-helper';
import { createFakeFetch, fakeResponse } from './transport/http-fake.test-helper';
import { createFakeSockets, type FakeSocket, type FakeSockets } from './transport/socket-fake.test-helper';
import { createFakeTime, type FakeTime } from './transport/time-fake.test-helper';

/** Per exchange: a linear perpetual, its public socket's path and key, and one ticker push for it. */
const CASES: Record<
  ExchangeId,
  { instrument: InstrumentRef; publicPath: string; publicKey: string; tickerPush: (last: string) => unknown }
> = {
  okx: {
    instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    publicPath: '/ws/v5/public',
    publicKey: 'public',
    tickerPush: (last) => ({
      arg: { channel: 'tickers', instId: 'BTC-USDT-SWAP' },
      data: [{ instType: 'SWAP', instId: 'BTC-USDT-SWAP', last, ts: '1' }],
    }),
  },
  bybit: {
    instrument: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
    publicPath: '/v5/public/linear',
    publicKey: 'linearPublic',
    tickerPush: (last) => ({
      topic: 'tickers.BTCUSDT',
      type: 'snapshot',
      ts: 1,
      data: { symbol: 'BTCUSDT', lastPrice: last },
    }),
  },
};

interface SentFrame {
  readonly op?: string;
}

describe.each(['okx', 'bybit'] as const)('%s Exchange streams', (id) => {
  const { instrument, publicPath, tickerPush } = CASES[id];
  const quote: StreamRequest = { kind: 'quote', instrument };
  let time: FakeTime;
  let sockets: FakeSockets;
  let exchange: Exchange;

  beforeEach(() => {
    ({ time, sockets, exchange } = createExchangeRig(id));
  });

  function publicSocket(): FakeSocket {
    time.advance(0);
    const socket = sockets.all.find((s) => s.url.endsWith(publicPath));
    if (socket === undefined) throw new Error(`no socket at ${publicPath}`);
    socket.open();
    return socket;
  }

  /** The subscribe or unsubscribe requests sent (one request may carry several topics). */
  const ops = (socket: FakeSocket, op: string) =>
    (socket.sentJson() as SentFrame[]).filter((frame) => frame.op === op);

  it('shares one subscription between two listeners of a topic and drops it with the last', () => {
    const first: StreamEvent[] = [];
    const second: StreamEvent[] = [];
    const stopFirst = exchange.streams.subscribe(quote, (event) => first.push(event));
    const stopSecond = exchange.streams.subscribe(quote, (event) => second.push(event));
    const socket = publicSocket();
    expect(ops(socket, 'subscribe')).toHaveLength(1);

    socket.receive(tickerPush('100'));
    expect(first.map((event) => event.kind === 'ticker' && event.last)).toEqual(['100']);
    expect(second).toHaveLength(1);

    stopFirst();
    time.advance(0);
    expect(ops(socket, 'unsubscribe')).toEqual([]);
    socket.receive(tickerPush('101'));
    expect([first.length, second.length]).toEqual([1, 2]);

    stopSecond();
    time.advance(0);
    expect(ops(socket, 'unsubscribe')).toHaveLength(1);
  });

  it('gives a listener only its own instrument', () => {
    const other: StreamEvent[] = [];
    const otherSymbol = id === 'okx' ? 'ETH-USDT-SWAP' : 'ETHUSDT';
    exchange.streams.subscribe(
      { kind: 'quote', instrument: { ...instrument, symbol: otherSymbol } },
      (event) => other.push(event),
    );
    exchange.streams.subscribe(quote, () => undefined);
    publicSocket().receive(tickerPush('100'));
    expect(other).toEqual([]);
  });

  it('hands pushes to a listener that came after the last one of its instrument left', () => {
    const stop = exchange.streams.subscribe(quote, () => undefined);
    const socket = publicSocket();
    stop();
    const later: StreamEvent[] = [];
    exchange.streams.subscribe(quote, (event) => later.push(event));
    socket.receive(tickerPush('102'));
    expect(later.map((event) => event.kind === 'ticker' && event.last)).toEqual(['102']);
  });

  it('reports socket state and the age of the last push from the injected clock', () => {
    const status: SocketStatusEvent[] = [];
    exchange.streams.onStatus((event) => status.push(event));
    exchange.streams.subscribe(quote, () => undefined);
    const socket = publicSocket();
    expect(status.flatMap((event) => (event.type === 'state' ? [event.state] : []))).toContain('connected');

    time.advance(1000);
    expect(status.at(-1)).toMatchObject({ type: 'data-age', ageMs: undefined });
    socket.receive(tickerPush('100'));
    time.advance(1000);
    // The push is timed against the socket it came on.
    expect(status.at(-1)).toMatchObject({ type: 'data-age', socket: CASES[id].publicKey, ageMs: 1000 });
    time.advance(2500);
    expect(status.at(-1)).toMatchObject({ type: 'data-age', ageMs: 3000 });
    socket.receive(tickerPush('101'));
    time.advance(500);
    expect(status.at(-1)).toMatchObject({ type: 'data-age', ageMs: 500 });
  });

  it('stops the data-age timer when the last status listener leaves', () => {
    const status: SocketStatusEvent[] = [];
    const stop = exchange.streams.onStatus((event) => status.push(event));
    exchange.streams.subscribe(quote, () => undefined);
    publicSocket();
    stop();
    const seen = status.length;
    time.advance(5000);
    expect(status.length).toBe(seen);
  });

  it('refuses an instrument kind the exchange does not have, naming the valid ones', () => {
    const bad = { kind: 'swap', symbol: 'X' } as unknown as InstrumentRef;
    expect(() => exchange.streams.subscribe({ kind: 'quote', instrument: bad }, () => undefined)).toThrow(
      /Valid (choices|kinds): spot, margin, perpetual, future, option\./,
    );
    expect(sockets.all).toEqual([]);
  });

  it('refuses a candle interval it does not stream, naming the valid ones', () => {
    const request = { kind: 'candles', instrument, interval: '7m' } as unknown as StreamRequest;
    expect(() => exchange.streams.subscribe(request, () => undefined)).toThrow(
      'has no candle interval "7m". Valid choices: 1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 6h, 12h, 1d, 1w, 1M.',
    );
  });
});

describe('bybit Exchange streams of a contract without its contract type', () => {
  const linearList = {
    retCode: 0,
    retMsg: 'OK',
    result: {
      category: 'linear',
      list: [bybitLinearRow('BTCUSDT')],
      nextPageCursor: '',
    },
    time: 1,
  };
  let time: FakeTime;
  let sockets: FakeSockets;
  let exchange: Exchange;

  beforeEach(() => {
    const empty = { retCode: 0, retMsg: 'OK', result: { list: [], nextPageCursor: '' }, time: 1 };
    const fake = createFakeFetch((request) =>
      fakeResponse(200, new URL(request.url).searchParams.get('category') === 'linear' ? linearList : empty),
    );
    ({ time, sockets, exchange } = createExchangeRig('bybit', { fetch: fake }));
  });

  it('subscribes on the socket of the category the instrument lists name', async () => {
    exchange.streams.subscribe(
      { kind: 'quote', instrument: { kind: 'perpetual', symbol: 'BTCUSDT' } },
      () => undefined,
    );
    await vi.waitFor(() => {
      time.advance(0);
      expect(sockets.all.map((socket) => socket.url)).toEqual(['ws://127.0.0.1:9/v5/public/linear']);
    });
  });

  it('subscribes nothing for a request stopped before the lookup answered', async () => {
    const stop = exchange.streams.subscribe(
      { kind: 'quote', instrument: { kind: 'perpetual', symbol: 'BTCUSDT' } },
      () => undefined,
    );
    stop();
    await exchange.rest.getInstruments('perpetual');
    await time.flush();
    time.advance(0);
    expect(sockets.all).toEqual([]);
  });

  it('reports a contract neither list names as a failed request', async () => {
    const status: SocketStatusEvent[] = [];
    exchange.streams.onStatus((event) => status.push(event));
    exchange.streams.subscribe(
      { kind: 'book', instrument: { kind: 'future', symbol: 'XRPUSDH26' } },
      () => undefined,
    );
    await vi.waitFor(() => {
      expect(status).toContainEqual({
        type: 'error',
        socket: '',
        reason: 'request-failed',
        message: 'Bybit lists no future "XRPUSDH26" among its linear or inverse contracts.',
      });
    });
  });
});

describe('bybit demo Exchange', () => {
  it('trades over REST with keys: demo has no trade stream, so no trade socket is opened', () => {
    const time = createFakeTime();
    const sockets = createFakeSockets();
    const exchange = createExchange({
      exchange: 'bybit',
      environment: 'demo',
      credentials: { apiKey: 'demo-key', secret: 'demo-secret' },
      fetch: createFakeFetch().fetch,
      createSocket: sockets.create,
      clock: time.clock,
      timers: time.timers,
    });
    time.advance(1_000);
    expect(exchange.trade.overSocket).toBe(false);
    expect(sockets.all).toEqual([]);
  });
});
