import { beforeEach, describe, expect, it } from 'vitest';
import { createConnectionBudget } from './socket-budget';
import { reconnectAllNow, SocketManager } from './socket-manager';
import { type ManagerRig, createManagerRig, testHooks, topics } from './socket-test-rig.test-helper';

describe('SocketManager lifecycle: states, reconnect, backoff, stuck, heartbeat', () => {
  let rig: ManagerRig;

  beforeEach(() => {
    rig = createManagerRig();
  });

  it('walks initial -> connecting -> connected on the first open', () => {
    const m = rig.manager();
    expect(m.state).toBe('initial');
    rig.connected(m);
    expect(rig.states()).toEqual(['connecting', 'connected']);
    expect(rig.sockets.last().url).toBe('wss://test.invalid/ws');
  });

  it('closes deliberately through closing to initial and never reconnects', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    m.close();
    expect(m.state).toBe('closing');
    socket.serverClose(1000, 'bye');
    rig.time.advance(60_000);
    expect(rig.states()).toEqual(['connecting', 'connected', 'closing', 'initial']);
    expect(rig.sockets.all).toHaveLength(1);
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('finishes a deliberate close even when the socket never confirms it', () => {
    const m = rig.manager();
    rig.connected(m);
    m.close();
    rig.time.advance(5_000);
    expect(m.state).toBe('initial');
  });

  it('opens again after a deliberate close when a subscribe arrives while it is closing', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    m.close();
    m.subscribe([{ topic: 'tickers' }]);
    socket.serverClose(1000, 'bye');
    expect(m.state).toBe('connecting');
    rig.time.advance(0);
    expect(rig.sockets.all).toHaveLength(2);
    rig.sockets.last().open();
    expect(rig.requests(1)).toEqual([{ op: 'subscribe', args: ['tickers'] }]);
  });

  it('forgets a reopen asked for while closing when close() is called again', () => {
    const m = rig.manager();
    rig.connected(m);
    m.close();
    m.connect();
    m.close();
    rig.time.advance(60_000);
    expect(m.state).toBe('initial');
    expect(rig.sockets.all).toHaveLength(1);
  });

  it('reconnects 500 ms after the server closes the socket', () => {
    const m = rig.manager();
    rig.connected(m).serverClose(1006, 'gone');
    expect(m.state).toBe('reconnecting');
    expect(rig.errors()[0]).toMatchObject({ reason: 'closed-by-server', code: '1006' });
    rig.time.advance(499);
    expect(rig.sockets.all).toHaveLength(1);
    rig.time.advance(1);
    expect(rig.sockets.all).toHaveLength(2);
    rig.sockets.last().open();
    expect(m.state).toBe('connected');
    expect(rig.events).toContainEqual({ type: 'open', reconnected: true });
  });

  it('backs off exponentially up to the cap and resets after a healthy connection', () => {
    const m = rig.manager();
    rig.connected(m);
    const gaps: number[] = [];
    for (let drop = 0; drop < 8; drop++) {
      rig.sockets.last().serverClose();
      gaps.push(rig.nextSocketAfter());
      rig.sockets.last().open();
    }
    expect(gaps).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    rig.time.advance(10_000);
    rig.sockets.last().serverClose();
    rig.time.advance(500);
    expect(rig.sockets.all).toHaveLength(10);
  });

  it('tries again at once, from the first backoff step, when told the network is back', () => {
    const m = rig.manager();
    rig.connected(m);
    for (let drop = 0; drop < 6; drop++) {
      const before = rig.sockets.all.length;
      rig.sockets.last().serverClose();
      while (rig.sockets.all.length === before) rig.time.advance(100);
    }
    // Six failures in: the next attempt waits 16 s.
    rig.sockets.last().serverClose();
    rig.time.advance(1_000);
    expect(rig.sockets.all).toHaveLength(7);

    reconnectAllNow([m]);
    rig.time.advance(0);

    expect(rig.sockets.all).toHaveLength(8);
    rig.sockets.last().serverClose();
    rig.time.advance(499);
    expect(rig.sockets.all).toHaveLength(8);
    rig.time.advance(1);
    expect(rig.sockets.all).toHaveLength(9);
  });

  it('leaves a connected socket, and one already trying, alone when told the network is back', () => {
    const m = rig.manager();
    rig.connected(m);
    reconnectAllNow([m]);
    rig.time.advance(0);
    expect(rig.sockets.all).toHaveLength(1);
    expect(m.state).toBe('connected');

    rig.sockets.last().serverClose();
    rig.time.advance(500);
    reconnectAllNow([m]);
    rig.time.advance(0);
    expect(rig.sockets.all).toHaveLength(2);
  });

  it('tries every socket sharing a budget again at once, whatever each one still had to wait', () => {
    const budget = createConnectionBudget({ attempts: 100, windowMs: 1_000 }, rig.time.clock);
    const far = rig.manager(testHooks(), budget);
    rig.connected(far);
    for (let drop = 0; drop < 6; drop++) {
      const before = rig.sockets.all.length;
      rig.sockets.last().serverClose();
      while (rig.sockets.all.length === before) rig.time.advance(100);
    }
    const farSocket = rig.sockets.last();
    const near = rig.manager(testHooks(), budget);
    const nearSocket = rig.connected(near);
    // The first waits 16 s; the second's 500 ms is queued behind it in the shared budget.
    farSocket.serverClose();
    nearSocket.serverClose();
    rig.time.advance(1_000);
    const before = rig.sockets.all.length;

    reconnectAllNow([far, near]);
    rig.time.advance(0);

    expect(rig.sockets.all).toHaveLength(before + 2);
  });

  it('shortens each backoff by its jitter', () => {
    rig.connected(rig.manager(testHooks(), undefined, () => 0.5)).serverClose();
    rig.time.advance(500);
    rig.sockets.last().open();
    rig.sockets.last().serverClose();
    rig.time.advance(899);
    expect(rig.sockets.all).toHaveLength(2);
    rig.time.advance(1);
    expect(rig.sockets.all).toHaveLength(3);
  });

  it('marks a connect that hangs for 15 s as stuck (error), tears it down and retries', () => {
    const m = rig.manager();
    m.connect();
    rig.time.advance(14_999);
    expect(m.state).toBe('connecting');
    rig.time.advance(1);
    expect(rig.states()).toEqual(['connecting', 'error']);
    expect(rig.errors()[0]?.reason).toBe('stuck');
    expect(rig.sockets.all[0]!.closedWith).toBeDefined();
    rig.time.advance(500);
    expect(m.state).toBe('reconnecting');
    expect(rig.sockets.all).toHaveLength(2);
    rig.sockets.last().open();
    expect(m.state).toBe('connected');
  });

  it('marks a reconnect that hangs for 15 s as stuck too', () => {
    const m = rig.manager();
    rig.connected(m).serverClose();
    rig.time.advance(500 + 15_000);
    expect(rig.states().slice(-2)).toEqual(['reconnecting', 'error']);
  });

  it('pings every 10 s and keeps a socket that answers', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    for (let beat = 0; beat < 3; beat++) {
      rig.time.advance(10_000);
      socket.receive('pong');
    }
    expect(socket.sent.filter((text) => text === 'ping')).toHaveLength(3);
    expect(m.state).toBe('connected');
    expect(rig.sockets.all).toHaveLength(1);
  });

  it('replaces a socket whose pong is missing for 2 s', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    rig.time.advance(10_000 + 1_999);
    expect(m.state).toBe('connected');
    rig.time.advance(1);
    expect(rig.errors()[0]?.reason).toBe('pong-timeout');
    expect(socket.closedWith).toBeDefined();
    expect(m.state).toBe('reconnecting');
    rig.time.advance(500);
    expect(rig.sockets.all).toHaveLength(2);
  });

  it('opens a new socket on a maintenance notice and drops the old one only once the new one is open', () => {
    const m = rig.manager();
    const old = rig.connected(m);
    m.subscribe(topics('tickers'));
    old.receive({ event: 'notice', code: '64008' });
    expect(rig.errors()[0]).toMatchObject({ code: '64008' });
    rig.time.advance(0);
    expect(rig.sockets.all).toHaveLength(2);
    // Until the new socket is open the old one is kept, and what it pushes still arrives.
    expect(old.closedWith).toBeUndefined();
    old.receive({ hello: 1 });
    expect(rig.events.at(-1)).toEqual({ type: 'data', frame: { hello: 1 } });
    rig.sockets.last().open();
    expect(old.closedWith).toBeDefined();
    expect(rig.requests(1)).toEqual([{ op: 'subscribe', args: ['tickers'] }]);
    expect(rig.events).toContainEqual({ type: 'open', reconnected: true });
    // Never reported down: the state stayed connected throughout.
    expect(rig.states()).toEqual(['connecting', 'connected']);
  });

  it('falls back to a plain reconnect when the new socket closes before it opens', () => {
    const m = rig.manager();
    const old = rig.connected(m);
    old.receive({ event: 'notice', code: '64008' });
    rig.time.advance(0);
    rig.sockets.last().serverClose(1006, 'refused');
    expect(old.closedWith).toBeDefined();
    expect(m.state).toBe('reconnecting');
    rig.time.advance(500);
    expect(rig.sockets.all).toHaveLength(3);
    rig.sockets.last().open();
    expect(m.state).toBe('connected');
  });

  it('starts the backoff over once a reconnected socket has its topics confirmed', () => {
    const m = rig.manager();
    m.subscribe(topics('tickers'));
    rig.time.advance(0);
    rig.sockets.last().open();
    const reconnectAfter = (): number => {
      rig.sockets.last().serverClose();
      const waited = rig.nextSocketAfter();
      rig.sockets.last().open();
      return waited;
    };
    expect([reconnectAfter(), reconnectAfter(), reconnectAfter()]).toEqual([500, 1000, 2000]);
    const frames = rig.sockets.last().sentJson() as { id: string }[];
    rig.sockets.last().receive({ event: 'subscribe', id: frames.at(-1)?.id, code: '0' });
    expect(reconnectAfter()).toBe(500);
  });

  it('reports an unparseable message as an error event and keeps going', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    expect(() => {
      socket.receive('{not json');
    }).not.toThrow();
    expect(rig.errors()[0]?.reason).toBe('unparseable');
    socket.receive({ hello: 1 });
    expect(rig.events.at(-1)).toEqual({ type: 'data', frame: { hello: 1 } });
  });

  it('reports a listener that throws on a message instead of throwing into the socket', () => {
    const m = new SocketManager({
      hooks: testHooks(),
      createSocket: rig.sockets.create,
      clock: rig.time.clock,
      timers: rig.time.timers,
      budget: createConnectionBudget({ attempts: 100, windowMs: 1000 }, rig.time.clock),
      onEvent: (event) => {
        rig.events.push(event);
      },
      onData: () => {
        throw new Error('listener bug');
      },
    });
    const socket = rig.connected(m);
    expect(() => {
      socket.receive({ hello: 1 });
    }).not.toThrow();
    expect(rig.errors().at(-1)).toMatchObject({
      reason: 'handler-error',
      message: 'Test socket: a listener failed on a message: listener bug',
    });
  });

  it('waits for the shared connection budget before reconnecting', () => {
    const budget = createConnectionBudget({ attempts: 2, windowMs: 10_000 }, rig.time.clock);
    const m = rig.manager(testHooks(), budget);
    rig.connected(m).serverClose();
    rig.time.advance(500);
    rig.sockets.last().serverClose();
    rig.time.advance(5_000);
    expect(rig.sockets.all).toHaveLength(2);
    rig.time.advance(5_000);
    expect(rig.sockets.all).toHaveLength(3);
  });
});
