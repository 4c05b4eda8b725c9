import { describe, expect, it } from 'vitest';
import recording from '../../../tests/fixtures/ws/okx-sim-recording.json';
import { replayPushes } from '../transport/socket-fake';
import { OkxPushParser } from './streams-parse';

/** Frames recorded from the simulator, replayed through a fresh parser. */
const replay = (frames: readonly unknown[]) => replayPushes(new OkxPushParser(), frames);

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
