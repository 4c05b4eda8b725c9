import { beforeEach, describe, expect, it, vi } from 'vitest';
import bybitFrames from '../../tests/fixtures/ws/bybit-frames.json';
import okxFrames from '../../tests/fixtures/ws/okx-frames.json';
import { createBybitStreams } from './bybit/streams';
import type { StreamEvent } from './model';
import { createOkxStreams } from './okx/streams';
import {
  type GroupEvent,
  acceptLoginSocket,
  useFakeSockets,
  fakeStreamOptions,
  type FakeSocketRig,
} from './transport/socket-fake.test-helper';
import type { SocketEvent, TopicRequest } from './transport/socket-types';

const HOSTS = { wsBaseUrl: 'ws://127.0.0.1:9' };

type Group = {
  subscribe(topics: readonly TopicRequest[]): void;
  unsubscribe(topics: readonly TopicRequest[]): void;
};

/** One exchange's socket group on fake sockets, with recorded frames for what every exchange does. */
interface StreamsCase {
  create(rig: FakeSocketRig, onEvent: (event: GroupEvent<string>) => void, credentials: boolean): Group;
  readonly ping: string;
  readonly book: TopicRequest;
  /** The socket that carries `book`. */
  readonly bookSocket: string;
  readonly bookSnapshot: object;
  readonly bookUpdate: object;
  /** An update whose sequence does not follow bookSnapshot. */
  readonly bookGap: object;
  /** The unsubscribe and subscribe that ask for a fresh snapshot of `book`. */
  readonly resubscribe: readonly object[];
  readonly badPush: object;
  readonly privateTopic: TopicRequest;
  /** The private socket's path and its login for the test credentials at 2024-01-01 (docs/protocol.md "Worked vectors"). */
  readonly privatePath: string;
  readonly loginVector: string;
  readonly loginOk: object;
  /** The subscribe sent once logged in. */
  readonly privateSubscribe: object;
  readonly loginFailed: object;
  /** What the login-failed error event says. */
  readonly loginFailure: object;
}

const cases: Record<'okx' | 'bybit', StreamsCase> = {
  okx: {
    create: (rig, onEvent, credentials) =>
      createOkxStreams({
        ...fakeStreamOptions(rig, onEvent),
        hosts: HOSTS,
        ...(credentials
          ? { credentials: { apiKey: 'test-key', secret: 'test-secret', passphrase: 'test-pass' } }
          : {}),
      }),
    ping: 'ping',
    book: { topic: 'books', payload: { instId: 'BTC-USDT-SWAP' } },
    bookSocket: 'public',
    bookSnapshot: okxFrames.booksSnapshot,
    bookUpdate: okxFrames.booksUpdate,
    bookGap: okxFrames.booksUpdateGap,
    resubscribe: [
      { id: '2', op: 'unsubscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] },
      { id: '3', op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] },
    ],
    badPush: { arg: { channel: 'tickers', instId: 'X' }, data: [{ instId: 'X' }] },
    privateTopic: { topic: 'orders', payload: { instType: 'ANY' } },
    privatePath: '/ws/v5/private',
    // Vector O3: the timestamp in seconds.
    loginVector:
      '{"op":"login","args":[{"apiKey":"test-key","passphrase":"test-pass","timestamp":"1704067200","sign":"k1dFp1IMROdMPFI4SAuHu+0K4I5MDSYKEd1sG9AHudM="}]}',
    loginOk: okxFrames.loginOk,
    privateSubscribe: { id: '1', op: 'subscribe', args: [{ channel: 'orders', instType: 'ANY' }] },
    loginFailed: okxFrames.loginFailed,
    loginFailure: { code: '60009', message: 'OKX private socket login failed: 60009 Login failed.' },
  },
  bybit: {
    create: (rig, onEvent, credentials) =>
      createBybitStreams({
        ...fakeStreamOptions(rig, onEvent),
        hosts: HOSTS,
        ...(credentials ? { credentials: { apiKey: 'test-key', secret: 'test-secret' } } : {}),
      }),
    ping: '{"op":"ping"}',
    book: { topic: 'orderbook.50.BTCUSDT', payload: { category: 'linear' } },
    bookSocket: 'linearPublic',
    bookSnapshot: bybitFrames.bookSnapshot,
    bookUpdate: bybitFrames.bookDelta,
    bookGap: bybitFrames.bookDeltaStale,
    resubscribe: [
      { req_id: '2', op: 'unsubscribe', args: ['orderbook.50.BTCUSDT'] },
      { req_id: '3', op: 'subscribe', args: ['orderbook.50.BTCUSDT'] },
    ],
    badPush: { topic: 'tickers.BTCUSDT', type: 'snapshot', ts: 1, data: { lastPrice: '1' } },
    privateTopic: { topic: 'order' },
    privatePath: '/v5/private',
    // Vector B3: expires = now + the 5 s recv window.
    loginVector:
      '{"req_id":"private-auth","op":"auth","args":["test-key",1704067205000,"0a3955527cd3e9bf71ec111c7921f28d88515ddc9cc0652c1852cb2e0a3ec512"]}',
    loginOk: bybitFrames.authOk,
    privateSubscribe: { req_id: '1', op: 'subscribe', args: ['order'] },
    loginFailed: bybitFrames.authFailed,
    loginFailure: { code: '', message: 'Bybit private socket login failed: Params Error' },
  },
};

describe.each(['okx', 'bybit'] as const)('%s streams', (exchange) => {
  const spec = cases[exchange];
  const rig = useFakeSockets();
  let events: GroupEvent<string>[];

  beforeEach(() => {
    events = [];
  });

  const streams = (credentials = false) => spec.create(rig, (event) => events.push(event), credentials);
  const streamEvents = (): StreamEvent[] => events.flatMap((e) => (e.type === 'stream' ? [e.event] : []));
  const socketEvents = (): SocketEvent[] => events.flatMap((e) => (e.type === 'socket' ? [e.event] : []));

  /** A group subscribed to the book, its socket open. */
  function openBook() {
    const group = streams();
    group.subscribe([spec.book]);
    rig.time.advance(0);
    const socket = rig.sockets.last();
    socket.open();
    return { group, socket };
  }

  it('pings every 10 s in the exchange’s own shape', () => {
    const { socket } = openBook();
    rig.time.advance(9_999);
    expect(socket.sent).not.toContain(spec.ping);
    rig.time.advance(1);
    expect(socket.sent.at(-1)).toBe(spec.ping);
  });

  it('turns a snapshot and an update into book events', () => {
    const { socket } = openBook();
    socket.receive(spec.bookSnapshot);
    socket.receive(spec.bookUpdate);
    expect(streamEvents().map((event) => event.kind)).toEqual(['book', 'book']);
  });

  it('hands each model event on with the key of the socket it came on', () => {
    const { socket } = openBook();
    socket.receive(spec.bookSnapshot);
    socket.receive(spec.bookUpdate);
    const streamed = events.filter((event) => event.type === 'stream');
    expect(streamed.map(({ key, event }) => [key, event.kind])).toEqual([
      [spec.bookSocket, 'book'],
      [spec.bookSocket, 'book'],
    ]);
  });

  it('reports a broken sequence and resubscribes for a fresh snapshot, then shows the new book', () => {
    const { socket } = openBook();
    socket.receive(spec.bookSnapshot);
    const sentBefore = socket.sent.length;
    socket.receive(spec.bookGap);
    expect(streamEvents().at(-1)).toMatchObject({ kind: 'book-resync', exchange, problem: 'gap' });
    expect(socket.sentJson().slice(sentBefore)).toEqual(spec.resubscribe);
    const before = streamEvents().length;
    socket.receive(spec.bookUpdate);
    expect(streamEvents()).toHaveLength(before);
    socket.receive(spec.bookSnapshot);
    expect(streamEvents().at(-1)).toMatchObject({ kind: 'book', exchange });
  });

  it('forgets a book once it is unsubscribed', () => {
    const { group, socket } = openBook();
    socket.receive(spec.bookSnapshot);
    group.unsubscribe([spec.book]);
    const before = streamEvents().length;
    socket.receive(spec.bookUpdate);
    expect(streamEvents()).toHaveLength(before);
  });

  it('closes the socket once its last topic is unsubscribed, and opens a new one for the next topic', () => {
    const { group, socket } = openBook();
    group.unsubscribe([spec.book]);
    expect(socket.closedWith).toBeDefined();
    rig.time.advance(10_000);
    group.subscribe([spec.book]);
    rig.time.advance(0);
    expect(rig.sockets.last()).not.toBe(socket);
  });

  it('reports a push that breaks the documented shape as unparseable, and keeps streaming', () => {
    const { socket } = openBook();
    socket.receive(spec.badPush);
    expect(socketEvents().at(-1)).toMatchObject({ type: 'error', reason: 'unparseable' });
    socket.receive(spec.bookSnapshot);
    expect(streamEvents().at(-1)).toMatchObject({ kind: 'book' });
  });

  it('logs in with the documented signature, then subscribes the private topics', async () => {
    streams(true).subscribe([spec.privateTopic]);
    const socket = await acceptLoginSocket(rig);
    expect(socket.url).toBe(`ws://127.0.0.1:9${spec.privatePath}`);
    expect(socket.sent).toEqual([spec.loginVector]);
    socket.receive(spec.loginOk);
    expect(socket.sentJson().at(-1)).toEqual(spec.privateSubscribe);
  });

  it('reports a refused login and subscribes nothing', async () => {
    streams(true).subscribe([spec.privateTopic]);
    const socket = await acceptLoginSocket(rig);
    socket.receive(spec.loginFailed);
    expect(socketEvents()).toContainEqual({ type: 'error', reason: 'login-failed', ...spec.loginFailure });
    expect(socket.sent).toHaveLength(1);
  });

  it('refuses to log in without key and secret, in the SDKs’ words', async () => {
    streams().subscribe([spec.privateTopic]);
    rig.time.advance(0);
    rig.sockets.last().open();
    await vi.waitFor(() => {
      expect(socketEvents()).toContainEqual(
        expect.objectContaining({
          reason: 'missing-credentials',
          message: 'Cannot auth - missing api or secret in config',
        }),
      );
    });
    expect(rig.sockets.last().sent).toEqual([]);
  });
});
