import { describe, expect, it } from 'vitest';
import recording from '../../../tests/fixtures/ws/bybit-sim-recording.json';
import { replayPushes } from '../transport/socket-fake';
import { BybitPushParser } from './streams-parse';

/** Frames recorded from the simulator, replayed through a fresh parser. */
const replay = (frames: readonly unknown[]) => replayPushes(new BybitPushParser(), frames);

describe('Bybit recorded simulator frames', () => {
  it('applies a snapshot and its deltas without a gap', () => {
    const { events, resubscribes } = replay(recording.books);
    expect(resubscribes).toBe(0);
    expect(events).toHaveLength(recording.books.length);
    const last = events.at(-1);
    expect(last?.kind === 'book' && last.bids.length > 0 && last.asks.length > 0).toBe(true);
  });

  it('asks for a fresh snapshot when a recorded delta is replayed twice', () => {
    const frames = [...recording.books.slice(0, 4), recording.books[3]];
    const { events, resubscribes } = replay(frames);
    expect(resubscribes).toBe(1);
    expect(events.at(-1)).toMatchObject({ kind: 'book-resync', problem: 'gap' });
  });

  it('turns the private pushes after a market sell into order, execution, position and wallet events', () => {
    const { events } = replay(recording.private);
    expect(events.map((event) => event.kind)).toEqual(['order', 'execution', 'position', 'wallet']);
    expect(events[0]).toMatchObject({
      clientOrderId: 'simrec2',
      status: 'filled',
      side: 'sell',
      filledSize: '0.003',
    });
    expect(events[2]).toMatchObject({ symbol: 'BTCUSDT', side: 'short', sizeContracts: '0.003' });
  });

  it('merges the recorded ticker snapshot and deltas', () => {
    const { events } = replay(recording.tickers);
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.kind === 'ticker' && event.last !== undefined)).toBe(true);
  });
});
