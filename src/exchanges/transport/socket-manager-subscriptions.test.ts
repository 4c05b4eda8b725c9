import { beforeEach, describe, expect, it } from 'vitest';
import { type ManagerRig, createManagerRig, topics } from './socket-test-rig.test-helper';

describe('SocketManager subscriptions', () => {
  let rig: ManagerRig;

  beforeEach(() => {
    rig = createManagerRig();
  });

  it('sends subscriptions in batches no larger than the exchange limit', () => {
    const m = rig.manager();
    rig.connected(m);
    m.subscribe(topics('a', 'b', 'c', 'd', 'e', 'f', 'g'));
    expect(rig.requests(0).map((r) => r.args)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('also splits requests whose args would be too long', () => {
    const m = rig.manager();
    rig.connected(m);
    m.subscribe(topics('x'.repeat(600), 'y'.repeat(600)));
    expect(rig.requests(0).map((r) => r.args.length)).toEqual([1, 1]);
  });

  it('matches acks to requests and reports a rejected topic', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    m.subscribe(topics('good'));
    m.subscribe(topics('bad'));
    socket.receive({ event: 'subscribe', id: 2, code: '60018' });
    socket.receive({ event: 'subscribe', id: 1, code: '0' });
    expect(rig.events).toContainEqual({
      type: 'rejected',
      op: 'subscribe',
      topics: topics('bad'),
      code: '60018',
      message: 'ack',
    });
    expect(rig.events).toContainEqual({ type: 'subscribed', topics: topics('good') });
    expect(m.wantedTopics()).toEqual(topics('good'));
  });

  it('stops waiting for an ack once it has arrived', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    const before = rig.time.pendingTimers();
    m.subscribe(topics('a'));
    socket.receive({ event: 'subscribe', id: 1, code: '0' });
    expect(rig.time.pendingTimers()).toBe(before);
  });

  it('reports topics whose ack never arrives', () => {
    const m = rig.manager();
    rig.connected(m);
    m.subscribe(topics('silent'));
    rig.time.advance(10_000);
    expect(rig.events).toContainEqual(
      expect.objectContaining({ type: 'rejected', topics: topics('silent'), code: 'timeout' }),
    );
  });

  it('after a reconnect resubscribes exactly what is still wanted', () => {
    const m = rig.manager();
    const socket = rig.connected(m);
    m.subscribe(topics('a', 'b', 'c'));
    m.unsubscribe(topics('b'));
    socket.serverClose();
    rig.time.advance(500);
    rig.sockets.last().open();
    expect(rig.requests(1)).toEqual([{ op: 'subscribe', args: ['a', 'c'] }]);
  });

  it('queues subscriptions made while disconnected and sends them on open', () => {
    const m = rig.manager();
    m.subscribe(topics('x'));
    expect(m.state).toBe('connecting');
    rig.time.advance(0);
    rig.sockets.last().open();
    expect(rig.requests(0)).toEqual([{ op: 'subscribe', args: ['x'] }]);
  });

  it('resubscribes a topic on request so the exchange sends a fresh snapshot', () => {
    const m = rig.manager();
    rig.connected(m);
    m.subscribe(topics('book'));
    m.resubscribe(topics('book'));
    expect(rig.requests(0).map((r) => r.op)).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  });
});
