import { beforeEach, describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/okx-frames.json';
import type { StreamEvent } from '../model';
import {
  type GroupEvent,
  acceptLoginSocket,
  useFakeSockets,
  fakeStreamOptions,
  type FakeSocket,
} from '../transport/socket-fake.test-helper';
import type { SocketEvent } from '../transport/socket-types';
import type { OkxSocketKey } from './hosts';
import { classifyOkxFrame, createOkxStreams, okxSocketKeyForChannel } from './streams';

const CREDENTIALS = { apiKey: 'test-key', secret: 'test-secret', passphrase: 'test-pass' };
const ticker = { topic: 'tickers', payload: { instId: 'BTC-USDT-SWAP' } };
const book = { topic: 'books', payload: { instId: 'BTC-USDT-SWAP' } };

describe('OKX streams', () => {
  const rig = useFakeSockets();
  let events: GroupEvent<OkxSocketKey>[];

  beforeEach(() => {
    events = [];
  });

  function streams(credentials?: typeof CREDENTIALS | { apiKey: string }) {
    return createOkxStreams({
      ...fakeStreamOptions(rig, (event) => events.push(event)),
      hosts: { wsBaseUrl: 'ws://127.0.0.1:9' },
      ...(credentials === undefined ? {} : { credentials }),
    });
  }

  const streamEvents = (): StreamEvent[] => events.flatMap((e) => (e.type === 'stream' ? [e.event] : []));
  const socketEvents = (): SocketEvent[] => events.flatMap((e) => (e.type === 'socket' ? [e.event] : []));

  function openPublic(): FakeSocket {
    const group = streams();
    group.subscribe([ticker, book]);
    rig.time.advance(0);
    const socket = rig.sockets.last();
    socket.open();
    return socket;
  }

  it('puts each channel on the socket docs/protocol.md "OKX hosts" names', () => {
    expect(okxSocketKeyForChannel('tickers')).toBe('public');
    expect(okxSocketKeyForChannel('books')).toBe('public');
    expect(okxSocketKeyForChannel('candle1H')).toBe('business');
    expect(okxSocketKeyForChannel('mark-price-candle1m')).toBe('business');
    expect(okxSocketKeyForChannel('orders-algo')).toBe('business');
    expect(okxSocketKeyForChannel('grid-orders-spot')).toBe('business');
    expect(okxSocketKeyForChannel('public-block-trades')).toBe('business');
    expect(okxSocketKeyForChannel('orders')).toBe('private');
    expect(okxSocketKeyForChannel('positions')).toBe('private');
  });

  it('opens one socket per key at the real paths and subscribes with OKX args', () => {
    const group = streams();
    group.subscribe([ticker, { topic: 'candle1m', payload: { instId: 'BTC-USDT-SWAP' } }]);
    rig.time.advance(0);
    expect(rig.sockets.all.map((s) => s.url).sort()).toEqual([
      'ws://127.0.0.1:9/ws/v5/business',
      'ws://127.0.0.1:9/ws/v5/public',
    ]);
    const publicSocket = rig.sockets.all.find((s) => s.url.endsWith('/public'))!;
    publicSocket.open();
    expect(publicSocket.sentJson()).toEqual([
      { id: '1', op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT-SWAP' }] },
    ]);
  });

  it('uses the demo socket hosts in demo trading', () => {
    createOkxStreams({ ...fakeStreamOptions(rig), hosts: { demoTrading: true } }).subscribe([
      ticker,
      { topic: 'candle1m', payload: { instId: 'BTC-USDT-SWAP' } },
    ]);
    rig.time.advance(0);
    expect(rig.sockets.all.map((s) => s.url).sort()).toEqual([
      'wss://wspap.okx.com:8443/ws/v5/business?brokerId=9999',
      'wss://wspap.okx.com:8443/ws/v5/public',
    ]);
  });

  it('splits a subscribe so no request carries more than 64 KB of args', () => {
    const group = streams();
    const many = Array.from({ length: 2000 }, (_, i) => ({
      topic: 'tickers',
      payload: { instId: `COIN${i}-USDT-SWAP` },
    }));
    group.subscribe(many);
    rig.time.advance(0);
    rig.sockets.last().open();
    const sent = rig.sockets.last().sentJson() as { args: unknown[] }[];
    expect(sent.map((frame) => frame.args.length).reduce((a, b) => a + b, 0)).toBe(2000);
    expect(sent.length).toBeGreaterThan(1);
    for (const frame of sent) expect(JSON.stringify(frame.args).length).toBeLessThanOrEqual(64 * 1024);
  });

  it('accepts the bare text "pong" as the answer to its ping', () => {
    const socket = openPublic();
    rig.time.advance(10_000);
    socket.receive('pong');
    rig.time.advance(2_000);
    expect(socketEvents().filter((e) => e.type === 'error')).toEqual([]);
  });

  it('matches the echoed arg to its request', () => {
    const socket = openPublic();
    socket.receive(frames.subscribeAck);
    expect(socketEvents()).toContainEqual({ type: 'subscribed', topics: [ticker] });
  });

  it('reports a topic the server rejects with its code', () => {
    const group = streams();
    const bad = { topic: 'nope', payload: { instId: 'BTC-USDT' } };
    group.subscribe([bad]);
    rig.time.advance(0);
    rig.sockets.last().open();
    rig.sockets.last().receive({ ...frames.subscribeError, id: '1' });
    expect(socketEvents()).toContainEqual(
      expect.objectContaining({ type: 'rejected', topics: [bad], code: '60018' }),
    );
  });

  it('classifies the 64008 notice as a planned reconnect', () => {
    expect(classifyOkxFrame(frames.notice64008)).toMatchObject({
      kind: 'reconnect-notice',
      code: '64008',
    });
    const socket = openPublic();
    socket.receive(frames.notice64008);
    rig.time.advance(0);
    expect(rig.sockets.all).toHaveLength(2);
    // The old socket goes once the new one is open (socket-manager.test.ts has the whole handover).
    expect(socket.closedWith).toBeUndefined();
    rig.sockets.last().open();
    expect(socket.closedWith).toBeDefined();
  });

  it('ignores informational events', () => {
    expect(classifyOkxFrame(frames.connCount)).toEqual({ kind: 'ignore' });
  });

  describe('push parsing (recorded frames)', () => {
    it('resubscribes for a fresh snapshot when the checksum does not match', () => {
      const socket = openPublic();
      socket.receive(frames.booksSnapshot);
      socket.receive(frames.booksUpdate);
      const sentBefore = socket.sent.length;
      socket.receive(frames.booksUpdateBadChecksum);
      expect(streamEvents().at(-1)).toMatchObject({ kind: 'book-resync', problem: 'checksum' });
      expect(socket.sentJson().slice(sentBefore - socket.sent.length)).toEqual([
        { id: '2', op: 'unsubscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] },
        { id: '3', op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] },
      ]);
      socket.receive(frames.booksUpdate);
      expect(streamEvents().at(-1)?.kind).toBe('book-resync');
      socket.receive(frames.booksSnapshot);
      expect(streamEvents().at(-1)?.kind).toBe('book');
    });
  });

  describe('business socket', () => {
    it('streams candles on the business socket without credentials or a login', () => {
      const group = streams();
      group.subscribe([{ topic: 'candle1m', payload: { instId: 'BTC-USDT-SWAP' } }]);
      rig.time.advance(0);
      const socket = rig.sockets.last();
      socket.open();
      expect(socket.url).toBe('ws://127.0.0.1:9/ws/v5/business');
      expect(socket.sentJson()).toEqual([
        { id: '1', op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT-SWAP' }] },
      ]);
      expect(socketEvents().filter((e) => e.type === 'error')).toEqual([]);
    });

    it('logs the business socket in when it carries algo orders', async () => {
      const group = streams(CREDENTIALS);
      group.subscribe([
        { topic: 'candle1m', payload: { instId: 'BTC-USDT-SWAP' } },
        { topic: 'orders-algo', payload: { instType: 'ANY' } },
      ]);
      const socket = await acceptLoginSocket(rig);
      expect(socket.url).toBe('ws://127.0.0.1:9/ws/v5/business');
      expect(socket.sentJson()[0]).toMatchObject({ op: 'login' });
      socket.receive(frames.loginOk);
      expect(socket.sentJson().at(-1)).toEqual({
        id: '1',
        op: 'subscribe',
        args: [
          { channel: 'candle1m', instId: 'BTC-USDT-SWAP' },
          { channel: 'orders-algo', instType: 'ANY' },
        ],
      });
    });
  });
});
