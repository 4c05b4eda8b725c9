import { beforeEach, describe, expect, it } from 'vitest';
import { type ManagerRig, createManagerRig, testHooks, topics } from './socket-test-rig.test-helper';

describe('SocketManager with a login', () => {
  let rig: ManagerRig;

  beforeEach(() => {
    rig = createManagerRig();
  });

  const login = () => Promise.resolve(JSON.stringify({ op: 'login' }));

  /** A manager wanting 'orders' whose first socket has opened and sent its login. */
  async function openedWithLogin() {
    const m = rig.manager(testHooks({ login }));
    m.subscribe(topics('orders'));
    rig.time.advance(0);
    rig.sockets.last().open();
    await rig.time.flush();
    return m;
  }

  it('logs in on connect and subscribes only after the login succeeds', async () => {
    await openedWithLogin();
    const socket = rig.sockets.last();
    expect(rig.requests(0)).toEqual([{ op: 'login', args: undefined }]);
    socket.receive({ event: 'login', code: '0' });
    expect(rig.events).toContainEqual({ type: 'authenticated' });
    expect(rig.requests(0).at(-1)).toEqual({ op: 'subscribe', args: ['orders'] });
  });

  it('reports a failed login with the exchange code and sends no private subscription', async () => {
    const m = await openedWithLogin();
    const socket = rig.sockets.last();
    socket.receive({ event: 'login', code: '60009' });
    expect(rig.errors()).toContainEqual(expect.objectContaining({ reason: 'login-failed', code: '60009' }));
    expect(rig.requests(0).map((r) => r.op)).toEqual(['login']);
    expect(m.ready).toBe(false);
    expect(m.send('{"op":"order"}')).toBe(false);
  });

  it('reconnects after the backoff delay and logs in again when the exchange refuses the login', async () => {
    const m = await openedWithLogin();
    rig.sockets.last().receive({ event: 'login', code: '60006' });
    expect(m.state).toBe('reconnecting');
    rig.time.advance(499);
    expect(rig.sockets.all).toHaveLength(1);
    rig.time.advance(1);
    expect(rig.sockets.all).toHaveLength(2);
    rig.sockets.last().open();
    await rig.time.flush();
    expect(rig.requests(1)).toEqual([{ op: 'login', args: undefined }]);
    rig.sockets.last().receive({ event: 'login', code: '0' });
    expect(m.ready).toBe(true);
    expect(rig.requests(1).at(-1)).toEqual({ op: 'subscribe', args: ['orders'] });
  });

  it('backs off further while logins are refused, and starts over once one is accepted', async () => {
    await openedWithLogin();
    const refusedThenRetried = async (): Promise<number> => {
      rig.sockets.last().receive({ event: 'login', code: '60005' });
      const waited = rig.nextSocketAfter();
      rig.sockets.last().open();
      await rig.time.flush();
      return waited;
    };
    expect([await refusedThenRetried(), await refusedThenRetried(), await refusedThenRetried()]).toEqual([
      500, 1000, 2000,
    ]);
    rig.sockets.last().receive({ event: 'login', code: '0' });
    rig.sockets.last().serverClose();
    rig.time.advance(500);
    expect(rig.sockets.all).toHaveLength(5);
  });

  it('reports missing credentials as an error event', async () => {
    const m = rig.manager(
      testHooks({
        login: () => Promise.reject(new Error('Cannot auth - missing api or secret in config')),
      }),
    );
    rig.connected(m);
    await rig.time.flush();
    expect(rig.errors()).toContainEqual(
      expect.objectContaining({
        reason: 'missing-credentials',
        message: 'Cannot auth - missing api or secret in config',
      }),
    );
  });

  it('logs in again and resubscribes after a reconnect', async () => {
    await openedWithLogin();
    rig.sockets.last().receive({ event: 'login', code: '0' });
    rig.sockets.last().serverClose();
    rig.time.advance(500);
    rig.sockets.last().open();
    await rig.time.flush();
    rig.sockets.last().receive({ event: 'login', code: '0' });
    expect(rig.requests(1)).toEqual([
      { op: 'login', args: undefined },
      { op: 'subscribe', args: ['orders'] },
    ]);
  });

  describe('when only some topics need the login', () => {
    const needsLogin = (wanted: readonly { topic: string }[]) => wanted.some((t) => t.topic === 'orders');

    it('opens without a login while every wanted topic is public', async () => {
      const m = rig.manager(
        testHooks({ login: () => Promise.reject(new Error('no credentials')), needsLogin }),
      );
      m.subscribe(topics('candle1m'));
      rig.time.advance(0);
      rig.sockets.last().open();
      await rig.time.flush();
      expect(rig.requests(0)).toEqual([{ op: 'subscribe', args: ['candle1m'] }]);
      expect(rig.errors()).toEqual([]);
      expect(m.ready).toBe(true);
    });

    it('reopens and logs in once a topic that needs the login is wanted, then subscribes both', async () => {
      const m = rig.manager(testHooks({ login, needsLogin }));
      m.subscribe(topics('candle1m'));
      rig.time.advance(0);
      rig.sockets.last().open();
      m.subscribe(topics('orders'));
      expect(m.ready).toBe(false);
      rig.time.advance(0);
      expect(rig.sockets.all).toHaveLength(2);
      rig.sockets.last().open();
      await rig.time.flush();
      rig.sockets.last().receive({ event: 'login', code: '0' });
      expect(rig.requests(1)).toEqual([
        { op: 'login', args: undefined },
        { op: 'subscribe', args: ['candle1m', 'orders'] },
      ]);
    });
  });

  it('treats a login without a reply as failed and reconnects', async () => {
    const m = rig.manager(testHooks({ login }));
    rig.connected(m);
    await rig.time.flush();
    rig.time.advance(10_000);
    expect(rig.errors()).toContainEqual(expect.objectContaining({ reason: 'login-timeout' }));
    expect(m.state).toBe('reconnecting');
  });
});
