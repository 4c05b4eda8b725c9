import { describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/okx-frames.json';
import type { StreamEvent } from '../model';
import { createCollectingParser } from '../transport/socket-fake.test-helper';
import { OkxPushParser } from './streams-parse';

const [recorded] = frames.tickers.data;
const tickerPush = (fields: Record<string, unknown>) => ({
  ...frames.tickers,
  data: [{ ...recorded, ...fields }],
});
const tickers = (events: readonly StreamEvent[]) => events.filter((event) => event.kind === 'ticker');

describe('OKX tickers over the quote of the other channels', () => {
  it('keeps mark, funding and its settlement time through every tickers push', () => {
    const parser = createCollectingParser(new OkxPushParser());
    parser.receive(frames.markPrice);
    parser.receive(frames.fundingRate);
    parser.receive(tickerPush({ last: '41010.0', ts: '1704067200300' }));
    parser.receive(tickerPush({ last: '41011.0', ts: '1704067200400' }));
    const last = tickers(parser.events).at(-1);
    expect(last).toMatchObject({
      ts: 1704067200400,
      last: '41011.0',
      mark: '41005.2',
      fundingRate: '0.0001',
    });
    expect(last).toHaveProperty('nextFundingTime');
  });

  it('keeps the value before where a tickers push sends a field empty', () => {
    const parser = createCollectingParser(new OkxPushParser());
    parser.receive(tickerPush({ bidPx: '41000.0', bidSz: '3' }));
    parser.receive(tickerPush({ bidPx: '', bidSz: '', last: '41012.0' }));
    expect(tickers(parser.events).at(-1)).toMatchObject({ last: '41012.0', bid: '41000.0', bidSize: '3' });
  });

  it('never changes an event it handed out: a listener may keep it', () => {
    const parser = createCollectingParser(new OkxPushParser());
    parser.receive(tickerPush({ last: '41010.0' }));
    const held = tickers(parser.events);
    const asHeld = structuredClone(held);
    parser.receive(frames.markPrice);
    parser.receive(tickerPush({ last: '41020.0', askPx: '41020.1' }));
    expect(held).toEqual(asHeld);
  });

  it('refuses a malformed tickers push with the words of its schema, and keeps the quote before it', () => {
    const parser = new OkxPushParser();
    const collected = createCollectingParser(parser);
    collected.receive(tickerPush({ last: '41010.0' }));
    expect(() => {
      collected.receive(tickerPush({ last: 41011 }));
    }).toThrow(/OKX tickers push did not match the documented shape at "0.last"/);
    collected.receive(tickerPush({ askSz: '7', last: '' }));
    expect(tickers(collected.events).at(-1)).toMatchObject({ last: '41010.0', askSize: '7' });
  });
});
