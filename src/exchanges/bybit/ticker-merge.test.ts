import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../model';
import { createCollectingParser } from '../transport/socket-fake.test-helper';
import { BYBIT_TICKER_TEXTS, type BybitTicker } from './schemas';
import { BybitPushParser } from './streams-parse';
import { bybitTickerEvent } from './map';

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

/** A small seeded generator: the same pushes every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Texts a field may take, "" and "0" (no value, no price) among them. */
const VALUES = ['', '0', '1.5', '95000.1', '0.0001', '1795910400000', '2e-3'];

describe('Bybit ticker deltas', () => {
  it('hand out, push after push, the event a full mapping of the merged fields gives', () => {
    const random = seeded(26);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const parser = createCollectingParser(new BybitPushParser('option'));
    let merged: Record<string, string> = {};
    for (let push = 0; push < 400; push++) {
      const snapshot = push === 0 || random() < 0.05;
      const data: Record<string, string> = { symbol: 'BTC-29NOV26-95000-C' };
      const fields = snapshot ? BYBIT_TICKER_TEXTS.length : 1 + Math.floor(random() * 3);
      for (let i = 0; i < fields; i++) data[pick(BYBIT_TICKER_TEXTS)] = pick(VALUES);
      merged = snapshot ? data : { ...merged, ...data };
      parser.receive({
        topic: 'tickers.BTC-29NOV26-95000-C',
        type: snapshot ? 'snapshot' : 'delta',
        ts: push,
        data,
      });
      const whole = bybitTickerEvent(merged as BybitTicker, push, 'option');
      expect(parser.events.at(-1)).toStrictEqual(whole);
    }
  });

  it('takes what a delta leaves out from the event before, and keeps the bid size a zero bid hid', () => {
    const parser = afterSnapshot();
    parser.receive(delta(1001, { bid1Price: '0' }));
    parser.receive(delta(1002, { ask1Size: '4.0' }));
    parser.receive(delta(1003, { bid1Price: '94998.0' }));
    const [first, noBid, askSize, bidBack] = tickers(parser.events);
    expect(noBid).toMatchObject({ bid: undefined, bidSize: undefined, ask: '95000.1', last: '95000.0' });
    expect(askSize).toMatchObject({ bid: undefined, bidSize: undefined, askSize: '4.0', mark: '95000.2' });
    // The size the snapshot sent, which no delta since has moved.
    expect(bidBack).toMatchObject({ bid: '94998.0', bidSize: '1.5', askSize: '4.0' });
    expect(first).toMatchObject({ bid: '94999.9', bidSize: '1.5' });
  });
});
