import { describe, expect, it } from 'vitest';
import { useSimulator } from '../server/sim-harness.test-helper';
import type { TestSocket } from '../server/ws-client.test-helper';

const harness = useSimulator({ seed: 43, rate: 2_000 });

async function seqGap(body: object): Promise<Response> {
  return fetch(`${harness.sim().url}/__sim/seq-gap`, { method: 'POST', body: JSON.stringify(body) });
}

type SeqNumbers = { readonly previous: number; readonly current: number } | undefined;

/**
 * Follows a book for 10 messages, asks for the gap, reads on until the fault has fired, then up to the
 * answer of a ping (which comes after every push already queued). Returns how each message's sequence
 * number followed the one before it (`previous` minus the last `current`).
 */
async function stepsAcrossGap(
  socket: TestSocket,
  read: (json: unknown) => SeqNumbers,
  fault: {
    readonly exchange: 'okx' | 'bybit';
    readonly ping: unknown;
    readonly isPong: (json: unknown) => boolean;
  },
): Promise<number[]> {
  const numbers: NonNullable<SeqNumbers>[] = [];
  const take = (json: unknown) => {
    const found = read(json);
    if (found !== undefined) numbers.push(found);
  };
  while (numbers.length < 10) take((await socket.next((_, json) => read(json) !== undefined)).json);
  expect((await seqGap({ exchange: fault.exchange })).status).toBe(200);
  const { faults } = harness.sim().ctx;
  while (fault.exchange === 'okx' ? faults.okxSeqGap : faults.bybitSeqGap)
    take((await socket.next((_, json) => read(json) !== undefined)).json);
  socket.send(fault.ping);
  for (const { json } of await socket.upTo((_, json) => fault.isPong(json))) take(json);
  return numbers.slice(1).map((item, i) => item.previous - (numbers[i]?.current ?? Number.NaN));
}

describe('the sequence gap fault (/__sim/seq-gap)', () => {
  it("makes the next OKX books update's prevSeqId one past the last seqId, once", async () => {
    const socket = await harness.open('/ws/v5/public');
    socket.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] });
    // An update's prevSeqId equals the last seqId (step 0), but for the gap's (step 1).
    const steps = await stepsAcrossGap(
      socket,
      (json) => {
        const push = (json as { data?: { seqId?: number; prevSeqId?: number }[] } | undefined)?.data?.[0];
        if (push?.seqId === undefined || push.prevSeqId === undefined) return undefined;
        return { previous: push.prevSeqId, current: push.seqId };
      },
      { exchange: 'okx', ping: 'ping', isPong: (json) => json === undefined },
    );
    expect(steps.filter((step) => step !== 0)).toEqual([1]);
    expect(steps.indexOf(1)).toBeGreaterThanOrEqual(9);
    expect(harness.sim().ctx.faults.okxSeqGap).toBe(false);
  });

  it('makes the next Bybit orderbook delta skip one update id, once', async () => {
    const socket = await harness.open('/v5/public/linear');
    socket.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT'] });
    const steps = await stepsAcrossGap(
      socket,
      (json) => {
        const message = json as { topic?: string; data?: { u?: number } } | undefined;
        const u = message?.topic === 'orderbook.50.BTCUSDT' ? message.data?.u : undefined;
        return u === undefined ? undefined : { previous: u, current: u };
      },
      {
        exchange: 'bybit',
        ping: { op: 'ping' },
        isPong: (json) => (json as { ret_msg?: string } | undefined)?.ret_msg === 'pong',
      },
    );
    expect(steps.filter((step) => step !== 1)).toEqual([2]);
    expect(steps.indexOf(2)).toBeGreaterThanOrEqual(9);
    expect(harness.sim().ctx.faults.bybitSeqGap).toBe(false);
  });

  it('refuses an unknown exchange, naming the valid ones', async () => {
    const answer = await seqGap({ exchange: 'binance' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: '"exchange" must be one of "okx", "bybit"' });
  });
});
