import { beforeEach, describe, expect, it } from 'vitest';
import { createConnectionBudget } from './socket-budget';
import { createFakeSockets, createFakeTime, type FakeSockets, type FakeTime } from './socket-fake';
import { SocketManager } from './socket-manager';
import type { ClassifiedFrame, SocketEvent, SocketHooks, TopicRequest } from './socket-types';

/** A minimal JSON protocol standing in for an exchange. */
function testHooks(overrides: Partial<SocketHooks> = {}): SocketHooks {
  return {
    label: 'Test socket',
    url: 'wss://test.invalid/ws',
    maxTopicsPerRequest: 3,
    maxArgsLength: 1_000,
    argLength: (topic) => topic.topic.length,
    pingFrame: () => 'ping',
    topicKey: (topic) => topic.topic,
    subscriptionFrame: (op, topics, requestId) =>
      JSON.stringify({ op, id: requestId, args: topics.map((t) => t.topic) }),
    classify: (text): ClassifiedFrame => {
      if (text === 'pong') return { kind: 'pong' };
      const frame = JSON.parse(text) as Record<string, unknown>;
      const code = typeof frame.code === 'string' ? frame.code : '';
      if (frame.event === 'login') return { kind: 'login', ok: code === '0', code, message: 'login' };
      if (frame.event === 'notice') return { kind: 'reconnect-notice', code, message: 'upgrade soon' };
      if (frame.event === 'subscribe' || frame.event === 'unsubscribe') {
        return {
          kind: 'ack',
          op: frame.event,
          requestId: String(frame.id),
          ok: code === '0',
          code,
          message: 'ack',
        };
      }
      return { kind: 'data', frame };
    },
    ...overrides,
  };
}

const topics = (...names: string[]): TopicRequest[] => names.map((topic) => ({ topic }));

describe('SocketManager', () => {
  let time: FakeTime;
  let sockets: FakeSockets;
  let events: SocketEvent[];

  beforeEach(() => {
    time = createFakeTime();
    sockets = createFakeSockets();
    events = [];
  });

  function manager(
    hooks = testHooks(),
    budget = createConnectionBudget({ attempts: 100, windowMs: 1000 }, time.clock),
  ) {
    return new SocketManager({
      hooks,
      createSocket: sockets.create,
      clock: time.clock,
      timers: time.timers,
      budget,
      random: () => 0,
      onEvent: (event) => events.push(event),
    });
  }

  const states = () => events.flatMap((event) => (event.type === 'state' ? [event.state] : []));
  const errors = () => events.flatMap((event) => (event.type === 'error' ? [event] : []));

  /** Subscribe frames (op + args) sent on one socket. */
  const requests = (index: number) =>
    sockets.all[index]!.sentJson().map((frame) => {
      const { op, args } = frame as { op: string; args: string[] };
      return { op, args };
    });

  function connected(m: SocketManager) {
    m.connect();
    time.advance(0);
    sockets.last().open();
    return sockets.last();
  }

  it('walks initial -> connecting -> connected on the first open', () => {
    const m = manager();
    expect(m.state).toBe('initial');
    connected(m);
    expect(states()).toEqual(['connecting', 'connected']);
    expect(sockets.last().url).toBe('wss://test.invalid/ws');
  });

  it('closes deliberately through closing to initial and never reconnects', () => {
    const m = manager();
    const socket = connected(m);
    m.close();
    expect(m.state).toBe('closing');
    socket.serverClose(1000, 'bye');
    time.advance(60_000);
    expect(states()).toEqual(['connecting', 'connected', 'closing', 'initial']);
    expect(sockets.all).toHaveLength(1);
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('finishes a deliberate close even when the socket never confirms it', () => {
    const m = manager();
    connected(m);
    m.close();
    time.advance(5_000);
    expect(m.state).toBe('initial');
  });

  it('reconnects 500 ms after the server closes the socket', () => {
    const m = manager();
    connected(m).serverClose(1006, 'gone');
    expect(m.state).toBe('reconnecting');
    expect(errors()[0]).toMatchObject({ reason: 'closed-by-server', code: '1006' });
    time.advance(499);
    expect(sockets.all).toHaveLength(1);
    time.advance(1);
    expect(sockets.all).toHaveLength(2);
    sockets.last().open();
    expect(m.state).toBe('connected');
    expect(events).toContainEqual({ type: 'open', reconnected: true });
  });

  it('backs off exponentially up to the cap and resets after a healthy connection', () => {
    const m = manager();
    connected(m);
    const gaps: number[] = [];
    for (let drop = 0; drop < 8; drop++) {
      sockets.last().serverClose();
      const before = sockets.all.length;
      let waited = 0;
      while (sockets.all.length === before) {
        time.advance(100);
        waited += 100;
      }
      gaps.push(waited);
      sockets.last().open();
    }
    expect(gaps).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    time.advance(10_000);
    sockets.last().serverClose();
    time.advance(500);
    expect(sockets.all).toHaveLength(10);
  });

  it('shortens each backoff by its jitter', () => {
    const jittered = new SocketManager({
      hooks: testHooks(),
      createSocket: sockets.create,
      clock: time.clock,
      timers: time.timers,
      budget: createConnectionBudget({ attempts: 100, windowMs: 1000 }, time.clock),
      random: () => 0.5,
      onEvent: () => undefined,
    });
    jittered.connect();
    time.advance(0);
    sockets.last().open();
    sockets.last().serverClose();
    time.advance(500);
    sockets.last().open();
    sockets.last().serverClose();
    time.advance(899);
    expect(sockets.all).toHaveLength(2);
    time.advance(1);
    expect(sockets.all).toHaveLength(3);
  });

  it('marks a connect that hangs for 15 s as stuck (error), tears it down and retries', () => {
    const m = manager();
    m.connect();
    time.advance(14_999);
    expect(m.state).toBe('connecting');
    time.advance(1);
    expect(states()).toEqual(['connecting', 'error']);
    expect(errors()[0]?.reason).toBe('stuck');
    expect(sockets.all[0]!.closedWith).toBeDefined();
    time.advance(500);
    expect(m.state).toBe('reconnecting');
    expect(sockets.all).toHaveLength(2);
    sockets.last().open();
    expect(m.state).toBe('connected');
  });

  it('marks a reconnect that hangs for 15 s as stuck too', () => {
    const m = manager();
    connected(m).serverClose();
    time.advance(500 + 15_000);
    expect(states().slice(-2)).toEqual(['reconnecting', 'error']);
  });

  it('pings every 10 s and keeps a socket that answers', () => {
    const m = manager();
    const socket = connected(m);
    for (let beat = 0; beat < 3; beat++) {
      time.advance(10_000);
      socket.receive('pong');
    }
    expect(socket.sent.filter((text) => text === 'ping')).toHaveLength(3);
    expect(m.state).toBe('connected');
    expect(sockets.all).toHaveLength(1);
  });

  it('replaces a socket whose pong is missing for 2 s', () => {
    const m = manager();
    const socket = connected(m);
    time.advance(10_000 + 1_999);
    expect(m.state).toBe('connected');
    time.advance(1);
    expect(errors()[0]?.reason).toBe('pong-timeout');
    expect(socket.closedWith).toBeDefined();
    expect(m.state).toBe('reconnecting');
    time.advance(500);
    expect(sockets.all).toHaveLength(2);
  });

  it('reconnects at once on a maintenance notice without waiting for the server to close', () => {
    const m = manager();
    const socket = connected(m);
    socket.receive({ event: 'notice', code: '64008' });
    expect(socket.closedWith).toBeDefined();
    expect(m.state).toBe('reconnecting');
    time.advance(0);
    expect(sockets.all).toHaveLength(2);
    expect(errors()[0]).toMatchObject({ code: '64008' });
  });

  it('reports an unparseable message as an error event and keeps going', () => {
    const m = manager();
    const socket = connected(m);
    expect(() => {
      socket.receive('{not json');
    }).not.toThrow();
    expect(errors()[0]?.reason).toBe('unparseable');
    socket.receive({ hello: 1 });
    expect(events.at(-1)).toEqual({ type: 'data', frame: { hello: 1 } });
  });

  it('reports a listener that throws on a message instead of throwing into the socket', () => {
    const m = new SocketManager({
      hooks: testHooks(),
      createSocket: sockets.create,
      clock: time.clock,
      timers: time.timers,
      budget: createConnectionBudget({ attempts: 100, windowMs: 1000 }, time.clock),
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'data') throw new Error('listener bug');
      },
    });
    const socket = connected(m);
    expect(() => {
      socket.receive({ hello: 1 });
    }).not.toThrow();
    expect(errors().at(-1)).toMatchObject({
      reason: 'handler-error',
      message: 'Test socket: a listener failed on a message: listener bug',
    });
  });

  it('sends subscriptions in batches no larger than the exchange limit', () => {
    const m = manager();
    connected(m);
    m.subscribe(topics('a', 'b', 'c', 'd', 'e', 'f', 'g'));
    expect(requests(0).map((r) => r.args)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('also splits requests whose args would be too long', () => {
    const m = manager();
    connected(m);
    m.subscribe(topics('x'.repeat(600), 'y'.repeat(600)));
    expect(requests(0).map((r) => r.args.length)).toEqual([1, 1]);
  });

  it('matches acks to requests and reports a rejected topic', () => {
    const m = manager();
    const socket = connected(m);
    m.subscribe(topics('good'));
    m.subscribe(topics('bad'));
    socket.receive({ event: 'subscribe', id: 2, code: '60018' });
    socket.receive({ event: 'subscribe', id: 1, code: '0' });
    expect(events).toContainEqual({
      type: 'rejected',
      op: 'subscribe',
      topics: topics('bad'),
      code: '60018',
      message: 'ack',
    });
    expect(events).toContainEqual({ type: 'subscribed', topics: topics('good') });
    expect(m.wantedTopics()).toEqual(topics('good'));
  });

  it('stops waiting for an ack once it has arrived', () => {
    const m = manager();
    const socket = connected(m);
    const before = time.pendingTimers();
    m.subscribe(topics('a'));
    socket.receive({ event: 'subscribe', id: 1, code: '0' });
    expect(time.pendingTimers()).toBe(before);
  });

  it('reports topics whose ack never arrives', () => {
    const m = manager();
    connected(m);
    m.subscribe(topics('silent'));
    time.advance(10_000);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'rejected', topics: topics('silent'), code: 'timeout' }),
    );
  });

  it('after a reconnect resubscribes exactly what is still wanted', () => {
    const m = manager();
    const socket = connected(m);
    m.subscribe(topics('a', 'b', 'c'));
    m.unsubscribe(topics('b'));
    socket.serverClose();
    time.advance(500);
    sockets.last().open();
    expect(requests(1)).toEqual([{ op: 'subscribe', args: ['a', 'c'] }]);
  });

  it('queues subscriptions made while disconnected and sends them on open', () => {
    const m = manager();
    m.subscribe(topics('x'));
    expect(m.state).toBe('connecting');
    time.advance(0);
    sockets.last().open();
    expect(requests(0)).toEqual([{ op: 'subscribe', args: ['x'] }]);
  });

  it('resubscribes a topic on request so the exchange sends a fresh snapshot', () => {
    const m = manager();
    connected(m);
    m.subscribe(topics('book'));
    m.resubscribe(topics('book'));
    expect(requests(0).map((r) => r.op)).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  });

  describe('with a login', () => {
    const login = () => Promise.resolve(JSON.stringify({ op: 'login' }));

    it('logs in on connect and subscribes only after the login succeeds', async () => {
      const m = manager(testHooks({ login }));
      m.subscribe(topics('orders'));
      time.advance(0);
      const socket = sockets.last();
      socket.open();
      await time.flush();
      expect(requests(0)).toEqual([{ op: 'login', args: undefined }]);
      socket.receive({ event: 'login', code: '0' });
      expect(events).toContainEqual({ type: 'authenticated' });
      expect(requests(0).at(-1)).toEqual({ op: 'subscribe', args: ['orders'] });
    });

    it('reports a failed login with the exchange code and sends no private subscription', async () => {
      const m = manager(testHooks({ login }));
      m.subscribe(topics('orders'));
      time.advance(0);
      const socket = sockets.last();
      socket.open();
      await time.flush();
      socket.receive({ event: 'login', code: '60009' });
      expect(errors()).toContainEqual(expect.objectContaining({ reason: 'login-failed', code: '60009' }));
      expect(requests(0).map((r) => r.op)).toEqual(['login']);
      expect(m.ready).toBe(false);
      expect(m.send('{"op":"order"}')).toBe(false);
    });

    it('reports missing credentials as an error event', async () => {
      const m = manager(
        testHooks({
          login: () => Promise.reject(new Error('Cannot auth - missing api or secret in config')),
        }),
      );
      connected(m);
      await time.flush();
      expect(errors()).toContainEqual(
        expect.objectContaining({
          reason: 'missing-credentials',
          message: 'Cannot auth - missing api or secret in config',
        }),
      );
    });

    it('logs in again and resubscribes after a reconnect', async () => {
      const m = manager(testHooks({ login }));
      m.subscribe(topics('orders'));
      time.advance(0);
      sockets.last().open();
      await time.flush();
      sockets.last().receive({ event: 'login', code: '0' });
      sockets.last().serverClose();
      time.advance(500);
      sockets.last().open();
      await time.flush();
      sockets.last().receive({ event: 'login', code: '0' });
      expect(requests(1)).toEqual([
        { op: 'login', args: undefined },
        { op: 'subscribe', args: ['orders'] },
      ]);
    });

    it('treats a login without a reply as failed and reconnects', async () => {
      const m = manager(testHooks({ login }));
      connected(m);
      await time.flush();
      time.advance(10_000);
      expect(errors()).toContainEqual(expect.objectContaining({ reason: 'login-timeout' }));
      expect(m.state).toBe('reconnecting');
    });
  });

  it('waits for the shared connection budget before reconnecting', () => {
    const budget = createConnectionBudget({ attempts: 2, windowMs: 10_000 }, time.clock);
    const m = manager(testHooks(), budget);
    connected(m).serverClose();
    time.advance(500);
    sockets.last().serverClose();
    time.advance(5_000);
    expect(sockets.all).toHaveLength(2);
    time.advance(5_000);
    expect(sockets.all).toHaveLength(3);
  });
});
