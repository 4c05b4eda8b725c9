import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../model';
import { createCollectingParser } from '../transport/socket-fake.test-helper';
import { BybitPushParser } from './streams-parse';

const snapshot = {
  topic: 'tickers.BTCUSDT',
  type: 'snapshot',
  ts: 1000,
  data: {
    symbol: 'BTCUSDT',
    lastPrice: '95000.0',
    bid1Price: '94999.9',
    bid1Size: '1.5',
    ask1Price: '95000.1',
    ask1Size: '2.0',
    markPrice: '95000.2',
    fundingRate: '0.0001',
    openInterest: '26197.9',
  },
};
const delta = (ts: number, data: Record<string, unknown>) => ({
  topic: 'tickers.BTCUSDT',
  type: 'delta',
  ts,
  data: { symbol: 'BTCUSDT', ...data },
});
const tickers = (events: readonly StreamEvent[]) => events.filter((event) => event.kind === 'ticker');

/** A linear socket's parser that has had the snapshot. */
function afterSnapshot(parser = new BybitPushParser('linear')) {
  const collected = createCollectingParser(parser);
  collected.receive(snapshot);
  return collected;
}

describe('Bybit ticker merge', () => {
  it('keeps what each delta leaves out, through many deltas', () => {
    const parser = afterSnapshot();
    parser.receive(delta(1001, { lastPrice: '95001.0' }));
    parser.receive(delta(1002, { bid1Price: '95000.9', openInterestValue: '1765251164.62' }));
    parser.receive(delta(1003, { markPrice: '95001.5' }));
    expect(tickers(parser.events).at(-1)).toMatchObject({
      ts: 1003,
      last: '95001.0',
      bid: '95000.9',
      bidSize: '1.5',
      ask: '95000.1',
      askSize: '2.0',
      mark: '95001.5',
      fundingRate: '0.0001',
    });
  });

  it('starts again from a new snapshot: what it does not carry is no longer known', () => {
    const parser = afterSnapshot();
    parser.receive({ ...snapshot, ts: 2000, data: { symbol: 'BTCUSDT', lastPrice: '96000.0' } });
    const last = tickers(parser.events).at(-1);
    expect(last).toMatchObject({ ts: 2000, last: '96000.0', bid: undefined, mark: undefined });
    expect(last?.kind === 'ticker' ? last.fundingRate : 'not a ticker').toBeUndefined();
  });

  it('never changes an event it handed out: a listener may keep it', () => {
    const parser = afterSnapshot();
    parser.receive(delta(1001, { lastPrice: '95001.0' }));
    const held = tickers(parser.events);
    const asHeld = structuredClone(held);
    parser.receive(delta(1002, { lastPrice: '95002.0', bid1Price: '95001.9', markPrice: '95002.1' }));
    parser.receive({ ...snapshot, ts: 1003, data: { symbol: 'BTCUSDT', lastPrice: '97000.0' } });
    expect(held).toEqual(asHeld);
    expect(held[1]).not.toBe(tickers(parser.events).at(-1));
  });

  it('refuses a malformed delta with the words of its schema, and merges the next one over the state before it', () => {
    const parser = new BybitPushParser('linear');
    const collected = afterSnapshot(parser);
    expect(() => {
      collected.receive(delta(1001, { lastPrice: 95001, markPrice: '1' }));
    }).toThrow(/Bybit tickers push did not match the documented shape at "lastPrice"/);
    collected.receive(delta(1002, { bid1Size: '3.0' }));
    expect(tickers(collected.events).at(-1)).toMatchObject({
      ts: 1002,
      last: '95000.0',
      mark: '95000.2',
      bidSize: '3.0',
    });
  });

  it('gives a perpetual no greeks and no implied volatility, not even as empty fields', () => {
    const parser = afterSnapshot();
    const [event] = tickers(parser.events);
    expect(event).not.toHaveProperty('greeks');
    expect(event).not.toHaveProperty('markIv');
    expect(event).not.toHaveProperty('nextFundingTime');
  });

  it('keeps the next funding time through deltas that leave it out, follows one that moves it, and drops it with a snapshot without it', () => {
    const parser = afterSnapshot();
    parser.receive(delta(1001, { nextFundingTime: '1795910400000' }));
    parser.receive(delta(1002, { lastPrice: '95001.0' }));
    parser.receive(delta(1003, { nextFundingTime: '1795939200000' }));
    parser.receive(delta(1004, { nextFundingTime: '' }));
    parser.receive(delta(1005, { nextFundingTime: '1795968000000' }));
    parser.receive({ ...snapshot, ts: 1006 });
    const times = tickers(parser.events).map((event) => event.nextFundingTime ?? 'none');
    expect(times).toEqual([
      'none',
      1795910400000,
      1795910400000,
      1795939200000,
      'none',
      1795968000000,
      'none',
    ]);
  });
});
