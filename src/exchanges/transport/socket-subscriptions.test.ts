import { describe, expect, it } from 'vitest';
import { SubscriptionRegistry } from './socket-subscriptions';

const topic = (name: string) => ({ topic: name });
const limits = (maxTopics: number) => ({ maxTopics, maxArgsLength: 1_000, argLength: () => 1 });
const ack = (fields: {
  requestId?: string;
  acceptedKeys?: string[];
  rejectedKeys?: string[];
  ok?: boolean;
}) => ({
  kind: 'ack' as const,
  op: 'subscribe' as const,
  ok: fields.ok ?? true,
  code: '',
  message: '',
  ...fields,
});

describe('SubscriptionRegistry', () => {
  it('wants each topic once', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(10));
    expect(registry.want([topic('a'), topic('b')])).toHaveLength(2);
    expect(registry.want([topic('a'), topic('c')])).toEqual([topic('c')]);
    expect(registry.wantedTopics()).toEqual([topic('a'), topic('b'), topic('c')]);
  });

  it('settles a request one echoed topic at a time (OKX acks each arg)', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(10));
    const [batch] = registry.prepare('subscribe', [topic('a'), topic('b')]);
    expect(registry.settle(ack({ requestId: batch!.id, acceptedKeys: ['a'] }))).toEqual({
      op: 'subscribe',
      accepted: [topic('a')],
      rejected: [],
    });
    expect(registry.isPending(batch!.id)).toBe(true);
    registry.settle(ack({ requestId: batch!.id, acceptedKeys: ['b'] }));
    expect(registry.isPending(batch!.id)).toBe(false);
  });

  it('matches an ack without an id by the topics it names', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(1));
    registry.want([topic('a'), topic('b')]);
    registry.prepare('subscribe', [topic('a'), topic('b')]);
    expect(registry.settle(ack({ acceptedKeys: ['b'], rejectedKeys: ['a'] }))).toEqual({
      op: 'subscribe',
      accepted: [topic('b')],
      rejected: [topic('a')],
    });
    expect(registry.wantedTopics()).toEqual([topic('b')]);
  });

  it('settles the oldest request of the same op with an ack naming neither id nor topics (Bybit private)', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(1));
    registry.want([topic('a'), topic('b')]);
    const [first, second] = registry.prepare('subscribe', [topic('a'), topic('b')]);
    expect(registry.settle(ack({}))).toEqual({ op: 'subscribe', accepted: [topic('a')], rejected: [] });
    expect(registry.isPending(first!.id)).toBe(false);
    expect(registry.isPending(second!.id)).toBe(true);
    expect(registry.wantedTopics()).toEqual([topic('a'), topic('b')]);
  });

  it('ignores an ack it cannot match', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(10));
    expect(registry.settle(ack({ requestId: '99' }))).toBeUndefined();
    expect(registry.settle(ack({}))).toBeUndefined();
  });

  it('reports an expired request once and forgets in-flight requests when the socket goes', () => {
    const registry = new SubscriptionRegistry((t) => t.topic, limits(10));
    const [first] = registry.prepare('subscribe', [topic('a')]);
    expect(registry.expire(first!.id)?.rejected).toEqual([topic('a')]);
    expect(registry.expire(first!.id)).toBeUndefined();
    const [second] = registry.prepare('unsubscribe', [topic('b')]);
    registry.clearPending();
    expect(registry.isPending(second!.id)).toBe(false);
  });
});
