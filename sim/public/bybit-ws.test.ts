import { describe, expect, it } from 'vitest';
import { createSimFakeTime } from '../server/fake-time.test-helper';
import { useSimulator } from '../server/sim-harness.test-helper';
import { followBybitBook } from './bybit-book.test-helper';

type Json = Record<string, unknown>;
const isOp =
  (op: string) =>
  (_: string, json: unknown): boolean =>
    (json as Json | undefined)?.op === op;
const isTopic =
  (topic: string) =>
  (_: string, json: unknown): boolean =>
    (json as Json | undefined)?.topic === topic;

// Idle disconnects are proven on fake time in sim/server/idle-sockets.test.ts.
const harness = useSimulator({ seed: 41, tickMs: 20 });
const open = harness.open;

describe('Bybit public WebSocket', () => {
  it("answers ping in each stream's own shape", async () => {
    const spot = await open('/v5/public/spot');
    spot.send({ op: 'ping' });
    const spotPong = (await spot.next()).json as Json;
    expect(spotPong).toMatchObject({ success: true, ret_msg: 'pong', op: 'ping' });
    expect(spotPong).not.toHaveProperty('req_id');
    const linear = await open('/v5/public/linear');
    linear.send({ req_id: 'p1', op: 'ping' });
    expect((await linear.next()).json).toMatchObject({
      success: true,
      ret_msg: 'pong',
      req_id: 'p1',
      op: 'ping',
      conn_id: expect.any(String) as unknown,
    });
    const option = await open('/v5/public/option');
    option.send({ op: 'ping' });
    const optionPong = (await option.next()).json as { op: string; args: string[] };
    expect(optionPong.op).toBe('pong');
    expect(Number(optionPong.args[0])).toBeGreaterThan(1_600_000_000_000);
  });

  it('acks a spot subscribe with ret_msg "subscribe" and a linear one with an empty ret_msg', async () => {
    const spot = await open('/v5/public/spot');
    spot.send({ req_id: 's1', op: 'subscribe', args: ['tickers.BTCUSDT'] });
    expect((await spot.next(isOp('subscribe'))).json).toMatchObject({
      success: true,
      ret_msg: 'subscribe',
      req_id: 's1',
      op: 'subscribe',
    });
    const linear = await open('/v5/public/linear');
    linear.send({ op: 'subscribe', args: ['tickers.BTCUSDT'] });
    expect((await linear.next(isOp('subscribe'))).json).toMatchObject({
      success: true,
      ret_msg: '',
      req_id: '',
      op: 'subscribe',
    });
    const snapshot = (await linear.next(isTopic('tickers.BTCUSDT'))).json as { type: string; data: Json };
    expect(snapshot.type).toBe('snapshot');
    expect(snapshot.data).toMatchObject({
      symbol: 'BTCUSDT',
      markPrice: expect.any(String) as unknown,
      prevPrice24h: expect.stringMatching(/^\d+(\.\d+)?$/) as unknown,
    });
    const delta = (await linear.next(isTopic('tickers.BTCUSDT'))).json as {
      type: string;
      data: Json;
      cs: number;
    };
    expect(delta.type).toBe('delta');
    expect(delta.data.symbol).toBe('BTCUSDT');
    expect(Object.keys(delta.data).length).toBeLessThan(Object.keys(snapshot.data).length);
    // Like Bybit, a delta leaves out what did not change: the price 24 h ago stays the snapshot's.
    expect(delta.data).not.toHaveProperty('prevPrice24h');
  });

  it('rejects 11 topics in one spot subscribe with "args size >10"', async () => {
    const spot = await open('/v5/public/spot');
    const topics = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']
      .flatMap((s) => [`tickers.${s}`, `publicTrade.${s}`, `orderbook.1.${s}`, `orderbook.50.${s}`])
      .slice(0, 11);
    spot.send({ op: 'subscribe', args: topics });
    expect((await spot.next(isOp('subscribe'))).json).toMatchObject({
      success: false,
      ret_msg: 'args size >10',
      op: 'subscribe',
    });
    spot.send({ op: 'subscribe', args: topics.slice(0, 10) });
    expect((await spot.next(isOp('subscribe'))).json).toMatchObject({ success: true });
  });

  it('accepts more than 10 topics on the linear stream', async () => {
    const linear = await open('/v5/public/linear');
    const topics = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].flatMap((s) => [
      `tickers.${s}`,
      `publicTrade.${s}`,
      `orderbook.1.${s}`,
      `kline.1.${s}`,
    ]);
    linear.send({ op: 'subscribe', args: topics });
    expect((await linear.next(isOp('subscribe'))).json).toMatchObject({ success: true });
  });

  it('rejects an unknown topic, an unknown depth and an unknown symbol', async () => {
    const linear = await open('/v5/public/linear');
    linear.send({ op: 'subscribe', args: ['candles.1.BTCUSDT'] });
    expect((await linear.next(isOp('subscribe'))).json).toMatchObject({
      success: false,
      ret_msg: 'Invalid topic :[candles.1.BTCUSDT]',
    });
    linear.send({ op: 'subscribe', args: ['orderbook.40.BTCUSDT'] });
    expect((await linear.next(isOp('subscribe'))).json).toMatchObject({
      success: false,
      ret_msg: 'Invalid topic :[orderbook.40.BTCUSDT]',
    });
    linear.send({ op: 'subscribe', args: ['tickers.DOGEUSDT'] });
    expect((await linear.next(isOp('subscribe'))).json).toMatchObject({
      success: false,
      ret_msg: 'Invalid symbol :[tickers.DOGEUSDT]',
    });
  });

  it('answers option subscribes with COMMAND_RESP listing failed topics', async () => {
    const option = await open('/v5/public/option');
    option.send({ op: 'subscribe', args: ['orderbook.25.BTC-27DEC24-55000-P'] });
    expect((await option.next()).json).toMatchObject({
      success: false,
      type: 'COMMAND_RESP',
      data: { failTopics: ['orderbook.25.BTC-27DEC24-55000-P'], successTopics: [] },
    });
  });

  it('sends an orderbook.50 snapshot then deltas that keep a client book at 50 uncrossed levels, u counting up', async () => {
    const linear = await open('/v5/public/linear');
    linear.send({ op: 'subscribe', args: ['orderbook.50.ETHUSDT'] });
    await followBybitBook(linear, 'orderbook.50.ETHUSDT', 50, 40);
  });

  it('sends orderbook.1 as snapshots only', async () => {
    const spot = await open('/v5/public/spot');
    spot.send({ op: 'subscribe', args: ['orderbook.1.SOLUSDT'] });
    for (let i = 0; i < 5; i++) {
      const message = (await spot.next(isTopic('orderbook.1.SOLUSDT'))).json as {
        type: string;
        data: { b: unknown[]; a: unknown[] };
      };
      expect(message.type).toBe('snapshot');
      expect(message.data.b).toHaveLength(1);
      expect(message.data.a).toHaveLength(1);
    }
  });

  it('pushes public trades and klines', async () => {
    const linear = await open('/v5/public/linear');
    linear.send({ op: 'subscribe', args: ['publicTrade.BTCUSDT', 'kline.1.BTCUSDT'] });
    const trade = (await linear.next(isTopic('publicTrade.BTCUSDT'))).json as { data: Json[] };
    expect(trade.data[0]).toMatchObject({
      s: 'BTCUSDT',
      S: expect.stringMatching(/^(Buy|Sell)$/) as unknown,
      T: expect.any(Number) as unknown,
    });
    const kline = (await linear.next(isTopic('kline.1.BTCUSDT'))).json as { data: Json[] };
    expect(kline.data[0]).toMatchObject({ interval: '1', confirm: false });
  });

  it('stays silent on ping while the silentPings fault is on', async () => {
    const linear = await open('/v5/public/linear');
    harness.sim().ctx.faults.silentPings = true;
    linear.send({ op: 'ping' });
    linear.send({ op: 'subscribe', args: ['nope'] });
    const first = (await linear.next()).json;
    harness.sim().ctx.faults.silentPings = false;
    expect(first).toMatchObject({ success: false, op: 'subscribe' });
  });
});

describe('Bybit level-1 book on a still market', () => {
  // Fake time, and a heartbeat slower than the test: the book does not move unless something trades.
  const time = createSimFakeTime();
  const still = useSimulator({ seed: 42, tickMs: 600_000, clock: time.clock, timers: time.timers });

  it('repeats the orderbook.1 snapshot with the same u 3 s after the last one, not before', async () => {
    const linear = await still.open('/v5/public/linear');
    linear.send({ op: 'subscribe', args: ['orderbook.1.BTCUSDT'] });
    const first = (await linear.next(isTopic('orderbook.1.BTCUSDT'))).json as {
      type: string;
      ts: number;
      data: { u: number; b: unknown[] };
    };
    time.advance(2_999);
    linear.send({ op: 'ping' });
    const early = await linear.upTo(isOp('ping'));
    expect(early.filter((m) => isTopic('orderbook.1.BTCUSDT')(m.text, m.json))).toEqual([]);
    // The repeat is checked every 500 ms.
    time.advance(501);
    const again = (await linear.next(isTopic('orderbook.1.BTCUSDT'))).json as typeof first;
    expect(again.type).toBe('snapshot');
    expect(again.data.u).toBe(first.data.u);
    expect(again.data.b).toEqual(first.data.b);
    expect(again.ts - first.ts).toBeGreaterThanOrEqual(3_000);
    expect(again.ts - first.ts).toBeLessThanOrEqual(3_500);
  });
});
