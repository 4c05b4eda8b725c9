import { beforeEach, describe, expect, it, vi } from 'vitest';
import frames from '../../../tests/fixtures/ws/bybit-frames.json';
import {
  type GroupEvent,
  acceptLoginSocket,
  useFakeSockets,
  fakeStreamOptions,
  type FakeSocket,
} from '../transport/socket-fake.test-helper';
import type { SocketEvent } from '../transport/socket-types';
import type { BybitSocketKey } from './hosts';
import { bybitSocketKeyForTopic, classifyBybitFrame, createBybitStreams } from './streams';

const CREDENTIALS = { apiKey: 'test-key', secret: 'test-secret' };
const linearTicker = { topic: 'tickers.BTCUSDT', payload: { category: 'linear' } };
const linearBook = { topic: 'orderbook.50.BTCUSDT', payload: { category: 'linear' } };
const linearTopic = (topic: string) => ({ topic, payload: { category: 'linear' } });

describe('Bybit streams', () => {
  const rig = useFakeSockets();
  let events: GroupEvent<BybitSocketKey>[];

  beforeEach(() => {
    events = [];
  });

  function streams(options: { credentials?: typeof CREDENTIALS; environment?: 'demo' } = {}) {
    return createBybitStreams({
      ...fakeStreamOptions(rig, (event) => events.push(event)),
      hosts:
        options.environment === undefined
          ? { wsBaseUrl: 'ws://127.0.0.1:9' }
          : { environment: options.environment },
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    });
  }

  const socketEvents = (): SocketEvent[] => events.flatMap((e) => (e.type === 'socket' ? [e.event] : []));

  function openLinear(): FakeSocket {
    streams().subscribe([linearTicker, linearBook]);
    rig.time.advance(0);
    const socket = rig.sockets.last();
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
    rig.time.advance(0);
    expect(rig.sockets.all.map((s) => s.url)).toEqual([
      'ws://127.0.0.1:9/v5/public/spot',
      'ws://127.0.0.1:9/v5/public/linear',
      'ws://127.0.0.1:9/v5/public/inverse',
      'ws://127.0.0.1:9/v5/public/option',
    ]);
  });

  it('uses the single demo private stream and mainnet public data in demo trading', () => {
    streams({ environment: 'demo', credentials: CREDENTIALS }).subscribe([{ topic: 'order' }, linearTicker]);
    rig.time.advance(0);
    expect(rig.sockets.all.map((s) => s.url).sort()).toEqual([
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
    rig.time.advance(0);
    for (const socket of rig.sockets.all) socket.open();
    const sizes = (socket: FakeSocket) =>
      socket.sentJson().map((frame) => (frame as { args: string[] }).args.length);
    expect(sizes(rig.sockets.all[0]!)).toEqual([10, 10, 5]);
    expect(sizes(rig.sockets.all[1]!)).toEqual([500, 1]);
  });

  it('keeps each request within 21,000 characters of args', () => {
    const group = streams();
    const long = Array.from({ length: 500 }, (_, i) =>
      linearTopic(`orderbook.1000.LONGSYMBOLNAME${i}USDT0000000000000`),
    );
    group.subscribe(long);
    rig.time.advance(0);
    rig.sockets.last().open();
    const sent = rig.sockets.last().sentJson() as { args: string[] }[];
    expect(sent.length).toBeGreaterThan(1);
    for (const frame of sent) expect(JSON.stringify(frame.args).length).toBeLessThanOrEqual(21_000);
  });

  it('accepts every documented pong shape', () => {
    for (const pong of [frames.pongSpot, frames.pongOption, frames.pongPrivate, frames.pongTrade]) {
      expect(classifyBybitFrame(pong)).toEqual({ kind: 'pong' });
    }
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
    expect(classifyBybitFrame(frames.optionCommandResp)).toMatchObject({
      kind: 'ack',
      op: 'subscribe',
      rejectedKeys: ['tickers.NOPE-1JAN00-1-C'],
      acceptedKeys: ['orderbook.100.BTC-27DEC24-55000-P'],
    });
  });

  it("shows the product's label for a Bybit WS code beside the exchange's own message", () => {
    expect(
      classifyBybitFrame({ retCode: 10003, retMsg: 'Too many sessions under the same UID', op: 'auth' }),
    ).toEqual({
      kind: 'login',
      ok: false,
      code: '10003',
      message: 'API signature or authentication failed (Bybit: Too many sessions under the same UID)',
    });
    expect(classifyBybitFrame({ retCode: 10004, retMsg: 'Invalid sign', op: 'auth' })).toMatchObject({
      code: '10004',
      message: 'Invalid sign',
    });
  });

  it('hands a push on as its model event, refuses a malformed one in words, and blames a throwing listener, not the frame', () => {
    const delivered: string[] = [];
    createBybitStreams({
      ...fakeStreamOptions<BybitSocketKey>(rig, (event) => {
        events.push(event);
        if (event.type !== 'stream' || event.event.kind !== 'ticker') return;
        if (event.event.last === 'boom') throw new Error('listener bug');
        delivered.push(event.event.last ?? '');
      }),
      hosts: { wsBaseUrl: 'ws://127.0.0.1:9' },
    }).subscribe([linearTicker]);
    rig.time.advance(0);
    const socket = rig.sockets.last();
    socket.open();
    const ticker = (lastPrice: unknown) => ({
      topic: 'tickers.BTCUSDT',
      type: 'snapshot',
      ts: 1,
      data: { symbol: 'BTCUSDT', lastPrice },
    });
    socket.receive(ticker('95000.0'));
    socket.receive(ticker(95001));
    socket.receive(ticker('boom'));
    socket.receive(ticker('95002.0'));
    expect(delivered).toEqual(['95000.0', '95002.0']);
    const errors = socketEvents().flatMap((event) => (event.type === 'error' ? [event] : []));
    expect(errors.map(({ reason }) => reason)).toEqual(['unparseable', 'handler-error']);
    expect(errors[0]?.message).toMatch(
      /Bybit tickers push did not match the documented shape at "lastPrice"/,
    );
    expect(errors[1]?.message).toBe(
      'Bybit linear public socket: a listener failed on a message: listener bug',
    );
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
      const socket = await acceptLoginSocket(rig);
      return socket;
    }

    it('accepts the private ack that echoes no req_id and resubscribes after a reconnect', async () => {
      const socket = await authed();
      socket.receive(frames.authOk);
      socket.receive({ success: true, ret_msg: '', op: 'subscribe', conn_id: 'cejreaspqfh3sjdnldmg-p' });
      rig.time.advance(10_001);
      expect(socketEvents().filter((e) => e.type === 'rejected')).toEqual([]);
      expect(socketEvents()).toContainEqual({
        type: 'subscribed',
        topics: [
          { topic: 'order' },
          { topic: 'execution' },
          { topic: 'position' },
          { topic: 'wallet' },
          { topic: 'greeks' },
        ],
      });
      socket.serverClose();
      rig.time.advance(500);
      const next = rig.sockets.last();
      expect(next).not.toBe(socket);
      next.open();
      await vi.waitFor(() => {
        expect(next.sent).toHaveLength(1);
      });
      next.receive(frames.authOk);
      expect(next.sentJson().at(-1)).toMatchObject({
        op: 'subscribe',
        args: ['order', 'execution', 'position', 'wallet', 'greeks'],
      });
    });
  });
});
