import { expect } from 'vitest';
import type { TestSocket } from '../server/ws-client.test-helper';

interface BookMessage {
  type: string;
  data: { b: string[][]; a: string[][]; u: number; seq: number };
}

/**
 * Follows a Bybit `orderbook.{depth}` topic for `count` messages as a client would: a snapshot
 * first, then deltas with `u` + 1 (size "0" deletes a level), the book always `depth` levels a side
 * and uncrossed. `beforeEach` runs before every wait (e.g. a ping against a short idle timeout).
 */
export async function followBybitBook(
  socket: TestSocket,
  topic: string,
  depth: number,
  count: number,
  beforeEach: () => void = () => undefined,
): Promise<void> {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  let lastU = 0;
  for (let i = 0; i < count; i++) {
    beforeEach();
    const message = (
      await socket.next((_, json) => (json as { topic?: unknown } | undefined)?.topic === topic)
    ).json as BookMessage;
    expect(message.type).toBe(i === 0 ? 'snapshot' : 'delta');
    if (i > 0) expect(message.data.u).toBe(lastU + 1);
    lastU = message.data.u;
    for (const [side, levels] of [
      [bids, message.data.b],
      [asks, message.data.a],
    ] as const) {
      for (const [px = '', sz = ''] of levels) {
        if (sz === '0') side.delete(px);
        else side.set(px, sz);
      }
    }
    expect([bids.size, asks.size]).toEqual([depth, depth]);
    expect(Math.max(...[...bids.keys()].map(Number))).toBeLessThan(Math.min(...[...asks.keys()].map(Number)));
  }
}
