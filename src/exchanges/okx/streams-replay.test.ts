import { describe, expect, it } from 'vitest';
import recording from '../../../tests/fixtures/ws/okx-sim-recording.json';
import type { StreamEvent } from '../model';
import { OkxPushParser } from './streams-parse';

/** Frames recorded from the simulator (tests/fixtures/ws/okx-sim-recording.json), replayed through the parser. */
function replay(frames: readonly unknown[]): { events: StreamEvent[]; resubscribes: number } {
  const parser = new OkxPushParser();
  const events: StreamEvent[] = [];
  let resubscribes = 0;
  for (const frame of frames) {
    const result = parser.handle(frame);
    events.push(...(result?.events ?? []));
    resubscribes += result?.resubscribe.length ?? 0;
  }
  return { events, resubscribes };
}

describe('OKX recorded simulator frames', () => {
  it('keeps the books book checksum-valid through a snapshot and 300 updates', () => {
    const { events, resubscribes } = replay(recording.books);
    expect(resubscribes).toBe(0);
    expect(events).toHaveLength(recording.books.length);
    expect(events.every((event) => event.kind === 'book')).toBe(true);
  });

  it('notices when one recorded update is altered', () => {
    const tampered = structuredClone(recording.books);
    const update = tampered[5]?.data[0];
    if (update === undefined) throw new Error('recording too short');
    // A new best ask lands in the top 25 levels the checksum covers.
    update.asks.unshift(['2.5', '1', '0', '1']);
    const { events, resubscribes } = replay(tampered);
    expect(resubscribes).toBe(1);
    expect(events[5]).toMatchObject({ kind: 'book-resync', problem: 'checksum' });
  });

  it('turns the private pushes after a market buy into order, fill, position and account events', () => {
    const { events } = replay(recording.private);
    const order = events.find((event) => event.kind === 'order');
    expect(order).toMatchObject({ clientOrderId: 'simrec1', status: 'filled', side: 'buy', filledSize: '3' });
    expect(events.find((event) => event.kind === 'execution')).toMatchObject({
      clientOrderId: 'simrec1',
      size: '3',
    });
    expect(events.find((event) => event.kind === 'position')).toMatchObject({
      symbol: 'BTC-USDT-SWAP',
      side: 'long',
      sizeContracts: '3',
    });
    expect(events.filter((event) => event.kind === 'wallet')).toHaveLength(2);
  });

  it('reads the recorded tickers', () => {
    const { events } = replay(recording.tickers);
    expect(events.map((event) => event.kind)).toEqual(['ticker', 'ticker', 'ticker']);
  });
});
