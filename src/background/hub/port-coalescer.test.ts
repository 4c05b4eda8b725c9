import { describe, expect, it } from 'vitest';
import type { HubPortMessage, PortQuote } from '../../contracts/ports';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createPortCoalescer, PORT_BURST } from './port-coalescer';

const INTERVAL_MS = 16;

const btc = (fields: Partial<PortQuote>): PortQuote => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol: 'BTCUSDT',
  ts: 1,
  ...fields,
});

function setUp() {
  const time = createFakeTime();
  const sent: HubPortMessage[] = [];
  const outbox = createPortCoalescer({
    ...time,
    intervalMs: INTERVAL_MS,
    send: (message) => sent.push(message),
    readAccount: () => undefined,
  });
  const lastPrices = () =>
    sent.flatMap((message) => (message.type === 'changes' ? message.quotes.map((quote) => quote.last) : []));
  return { time, sent, outbox, lastPrices };
}

describe('a port outbox', () => {
  it('sends the best bid and ask and the last price that follows them at once, not an interval apart', () => {
    const { outbox, lastPrices } = setUp();
    outbox.quote(btc({ bid: '100.0', ask: '100.2', last: '99.9' }));
    outbox.quote(btc({ bid: '100.0', ask: '100.2', last: '100.1' }));
    expect(lastPrices()).toEqual(['99.9', '100.1']);
  });

  it('paces a busy instrument to one message per interval, the latest value winning', () => {
    const { time, sent, outbox, lastPrices } = setUp();
    for (let i = 1; i <= 50; i++) outbox.quote(btc({ last: String(100 + i) }));
    expect(sent).toHaveLength(PORT_BURST);
    time.advance(INTERVAL_MS - 1);
    expect(sent).toHaveLength(PORT_BURST);
    time.advance(1);
    expect(lastPrices()).toEqual(['101', '102', '150']);
    // A second of changes every millisecond: one message per interval, never more.
    for (let ms = 1; ms <= 1_000; ms++) {
      outbox.quote(btc({ last: String(1_000 + ms) }));
      time.advance(1);
    }
    time.advance(INTERVAL_MS);
    expect(sent.length - 3).toBeLessThanOrEqual(Math.ceil(1_000 / INTERVAL_MS) + 1);
    expect(lastPrices().at(-1)).toBe('2000');
  });

  it('gets its room back after a quiet interval, up to the burst', () => {
    const { time, sent, outbox } = setUp();
    outbox.quote(btc({ last: '1' }));
    outbox.quote(btc({ last: '2' }));
    time.advance(10 * INTERVAL_MS);
    for (let i = 3; i <= 5; i++) outbox.quote(btc({ last: String(i) }));
    expect(sent).toHaveLength(2 + PORT_BURST);
  });

  it('counts a snapshot against the room, and sends nothing when nothing changed', () => {
    const { time, sent, outbox } = setUp();
    outbox.snapshot([btc({ last: '1' })], [], undefined);
    outbox.quote(btc({ last: '2' }));
    outbox.quote(btc({ last: '3' }));
    expect(sent.map((message) => message.type)).toEqual(['snapshot', 'changes']);
    time.advance(1_000);
    expect(sent.map((message) => message.type)).toEqual(['snapshot', 'changes', 'changes']);
    time.advance(1_000);
    expect(sent).toHaveLength(3);
  });

  it('sends the waiting change at once when the page says it has taken the last message', () => {
    const { time, sent, outbox, lastPrices } = setUp();
    for (let i = 1; i <= PORT_BURST; i++) outbox.quote(btc({ last: String(i) }));
    outbox.quote(btc({ last: '10' }));
    time.advance(1);
    expect(lastPrices()).toEqual(['1', '2']);

    outbox.taken();
    expect(lastPrices()).toEqual(['1', '2', '10']);
    // The interval's timer was given up: nothing goes out twice, nothing goes out empty.
    time.advance(1_000);
    expect(sent).toHaveLength(3);
  });

  it('keeps pace with a page that takes each message: every change goes out as it comes', () => {
    const { time, outbox, lastPrices } = setUp();
    for (let i = 1; i <= 20; i++) {
      outbox.quote(btc({ last: String(i) }));
      time.advance(2);
      outbox.taken();
    }
    expect(lastPrices()).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
  });

  it('still paces a page that never says it has taken a message', () => {
    const { time, outbox, lastPrices } = setUp();
    for (let i = 1; i <= 20; i++) {
      outbox.quote(btc({ last: String(i) }));
      time.advance(2);
    }
    // 40 ms of a change every 2 ms: the burst, then one message per 16 ms interval with the latest price.
    expect(lastPrices()).toEqual(['1', '2', '8', '16']);
  });

  it('sends nothing when the page has taken a message and nothing changed since', () => {
    const { time, sent, outbox } = setUp();
    outbox.quote(btc({ last: '1' }));
    outbox.taken();
    outbox.taken();
    time.advance(1_000);
    expect(sent).toHaveLength(1);
  });
});
