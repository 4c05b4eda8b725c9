import { describe, expect, it } from 'vitest';
import { useSimulator } from '../server/sim-harness.test-helper';
import { followBybitBook } from './bybit-book.test-helper';

type Json = Record<string, unknown>;
interface BookMessage {
  type: string;
  data: { b: string[][]; a: string[][] };
}
const isTopic =
  (topic: string) =>
  (_: string, json: unknown): boolean =>
    (json as Json | undefined)?.topic === topic;
const isAck = (_: string, json: unknown): boolean => (json as Json | undefined)?.type === 'COMMAND_RESP';
const decimalString: unknown = expect.stringMatching(/^-?\d+(\.\d+)?$/);

const harness = useSimulator({ seed: 43, tickMs: 20 });
const open = harness.open;

function optionSymbols(): { call: string; put: string } {
  const options = harness
    .sim()
    .ctx.market.list('bybit')
    .filter((i) => i.category === 'option');
  const symbol = (type: string) => options.find((i) => i.option?.type === type)?.symbol ?? '';
  return { call: symbol('Call'), put: symbol('Put') };
}

describe('Bybit inverse public stream', () => {
  it('sends tickers.BTCUSD as a snapshot, then deltas with cs, near the linear BTCUSDT price', async () => {
    const inverse = await open('/v5/public/inverse');
    const linear = await open('/v5/public/linear');
    inverse.send({ op: 'subscribe', args: ['tickers.BTCUSD'] });
    linear.send({ op: 'subscribe', args: ['tickers.BTCUSDT'] });
    expect((await inverse.next()).json).toMatchObject({ success: true, ret_msg: '', op: 'subscribe' });
    const snapshot = (await inverse.next(isTopic('tickers.BTCUSD'))).json as { type: string; data: Json };
    const perp = (await linear.next(isTopic('tickers.BTCUSDT'))).json as { data: Json };
    expect(snapshot.type).toBe('snapshot');
    expect(snapshot.data).toMatchObject({
      symbol: 'BTCUSD',
      markPrice: decimalString,
      fundingRate: decimalString,
    });
    expect(Number(snapshot.data.lastPrice) / Number(perp.data.lastPrice)).toBeCloseTo(1, 2);
    const delta = (await inverse.next(isTopic('tickers.BTCUSD'))).json as {
      type: string;
      cs: number;
      data: Json;
    };
    expect(delta.type).toBe('delta');
    expect(Number.isInteger(delta.cs)).toBe(true);
    expect(Object.keys(delta.data).length).toBeLessThan(Object.keys(snapshot.data).length);
  });

  it.each([1, 50, 200, 500])('keeps an orderbook.%i.BTCUSD book in whole USD contracts', async (depth) => {
    const inverse = await open('/v5/public/inverse');
    const topic = `orderbook.${depth}.BTCUSD`;
    inverse.send({ op: 'subscribe', args: [topic] });
    if (depth === 1) {
      const message = (await inverse.next(isTopic(topic))).json as BookMessage;
      expect([message.type, message.data.b.length, message.data.a.length]).toEqual(['snapshot', 1, 1]);
      expect(message.data.b[0]?.[1]).toMatch(/^\d+$/);
      return;
    }
    await followBybitBook(inverse, topic, depth, 10);
  });

  it('pushes publicTrade.BTCUSD with a tick direction', async () => {
    const inverse = await open('/v5/public/inverse');
    inverse.send({ op: 'subscribe', args: ['publicTrade.BTCUSD'] });
    const trade = (await inverse.next(isTopic('publicTrade.BTCUSD'))).json as { data: Json[] };
    expect(trade.data[0]).toMatchObject({
      s: 'BTCUSD',
      v: expect.stringMatching(/^\d+$/) as unknown,
      L: expect.stringMatching(/^(Plus|Minus)Tick$/) as unknown,
    });
  });
});

describe('Bybit option public stream', () => {
  it('acks with COMMAND_RESP and sends ticker snapshots with an id, IVs and greeks', async () => {
    const { call, put } = optionSymbols();
    const option = await open('/v5/public/option');
    option.send({ op: 'subscribe', args: [`tickers.${call}`, `tickers.${put}`] });
    expect((await option.next(isAck)).json).toMatchObject({
      success: true,
      type: 'COMMAND_RESP',
      data: { failTopics: [], successTopics: [`tickers.${call}`, `tickers.${put}`] },
    });
    for (let i = 0; i < 3; i++) {
      const message = (await option.next(isTopic(`tickers.${call}`))).json as Json & { data: Json };
      expect(message).toMatchObject({ type: 'snapshot', ts: expect.any(Number) as unknown });
      expect(message).not.toHaveProperty('cs');
      expect(message.id).toMatch(new RegExp(`^tickers\\.${call}-\\d+-\\d+$`));
      expect(message.data).toMatchObject({
        symbol: call,
        bidPrice: decimalString,
        bidIv: decimalString,
        askPrice: decimalString,
        askIv: decimalString,
        markPrice: decimalString,
        markPriceIv: '0.5000',
        underlyingPrice: decimalString,
        delta: decimalString,
        gamma: decimalString,
        vega: decimalString,
        theta: decimalString,
        change24h: decimalString,
      });
      expect(message.data).not.toHaveProperty('bid1Price');
    }
    const putTicker = (await option.next(isTopic(`tickers.${put}`))).json as { data: Json };
    expect(Number(putTicker.data.delta)).toBeLessThan(0);
  });

  it.each([25, 100])('keeps an orderbook.%i book of an option', async (depth) => {
    const { put } = optionSymbols();
    const option = await open('/v5/public/option');
    option.send({ op: 'subscribe', args: [`orderbook.${depth}.${put}`] });
    await followBybitBook(option, `orderbook.${depth}.${put}`, depth, 5);
  });

  it('lists depths options do not have among failTopics', async () => {
    const { call } = optionSymbols();
    const option = await open('/v5/public/option');
    option.send({ op: 'subscribe', args: [`orderbook.50.${call}`] });
    expect((await option.next(isAck)).json).toMatchObject({
      success: false,
      data: { failTopics: [`orderbook.50.${call}`], successTopics: [] },
    });
  });
});
