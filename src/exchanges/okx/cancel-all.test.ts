import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../transport/http-fake.test-helper';
import { createFakeFetch, createManualTime, fakeResponse } from '../transport/http-fake.test-helper';
import { okxCancelAll } from './cancel-all';
import { createOkxRestClient } from './rest';
import { createOkxApi } from './rest-api';
import { okxExchangeRest } from './rest-exchange';
import { createOkxInstruments } from './instruments';

/** One pending order and one pending stop, as OKX's orders-pending and orders-algo-pending pages show them. */
const PENDING_ORDER = {
  instType: 'SWAP',
  instId: 'BTC-USDT-SWAP',
  ordId: '12345689',
  clOrdId: 'oktswap6',
  side: 'buy',
  ordType: 'limit',
  px: '40000',
  sz: '1',
  accFillSz: '0',
  avgPx: '',
  state: 'live',
  cTime: '1695190491421',
  uTime: '1695190491421',
};
const PENDING_ALGO = {
  instType: 'SWAP',
  instId: 'BTC-USDT-SWAP',
  algoId: '1836489397437468672',
  algoClOrdId: '',
  ordType: 'conditional',
  state: 'live',
  side: 'sell',
  sz: '1',
  slTriggerPx: '50000',
  cTime: '1695190491421',
};

/** Answers each path with its body; cancel-batch-orders as the docs' example (one refused, code "1"). */
function setup(batchAnswer: unknown, algoAnswer: unknown) {
  const time = createManualTime();
  const answers: Record<string, (request: RecordedRequest) => unknown> = {
    '/api/v5/trade/orders-pending': () => ({ code: '0', msg: '', data: [PENDING_ORDER] }),
    '/api/v5/trade/orders-algo-pending': (request) => ({
      code: '0',
      msg: '',
      data: request.url.includes('ordType=conditional') ? [PENDING_ALGO] : [],
    }),
    '/api/v5/trade/cancel-batch-orders': () => batchAnswer,
    '/api/v5/trade/cancel-algos': () => algoAnswer,
  };
  const fake = createFakeFetch((request) => {
    const path = new URL(request.url).pathname;
    const answer = answers[path];
    if (answer === undefined) throw new Error(`unexpected ${path}`);
    return fakeResponse(200, answer(request));
  });
  const client = createOkxRestClient({
    credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
    fetch: fake.fetch,
    timers: time,
    clock: time,
  });
  const api = createOkxApi(client);
  return { fake, api, rest: okxExchangeRest({ client, api, instruments: createOkxInstruments(api) }) };
}

const bodyOf = (fake: { requests: RecordedRequest[] }, path: string): unknown =>
  JSON.parse(String(fake.requests.find((request) => request.url.includes(path))?.init.body));

describe('OKX cancel all', () => {
  it('cancels every pending order and algo order in batches and reports each item', async () => {
    const { fake, api, rest } = setup(
      {
        code: '0',
        msg: '',
        data: [{ clOrdId: 'oktswap6', ordId: '12345689', ts: '1695190491421', sCode: '0', sMsg: '' }],
      },
      {
        code: '0',
        msg: '',
        data: [
          { algoClOrdId: '', algoId: '1836489397437468672', clOrdId: '', sCode: '0', sMsg: '', tag: '' },
        ],
      },
    );
    const report = await okxCancelAll(api, rest);
    expect(bodyOf(fake, 'cancel-batch-orders')).toEqual([{ instId: 'BTC-USDT-SWAP', ordId: '12345689' }]);
    expect(bodyOf(fake, 'cancel-algos')).toEqual([
      { instId: 'BTC-USDT-SWAP', algoId: '1836489397437468672' },
    ]);
    expect(report).toEqual({
      exchange: 'okx',
      acks: [
        { exchange: 'okx', orderId: '12345689', clientOrderId: 'oktswap6', code: '0', message: '' },
        { exchange: 'okx', orderId: '1836489397437468672', clientOrderId: '', code: '0', message: '' },
      ],
    });
    // Every resting algo type is listed: conditional, oco, trigger and trailing.
    const listed = fake.requests.filter((request) => request.url.includes('orders-algo-pending'));
    expect(listed.map((request) => new URL(request.url).searchParams.get('ordType')).sort()).toEqual([
      'conditional',
      'move_order_stop',
      'oco',
      'trigger',
    ]);
  });

  it('reports the refused items of a batch OKX answers with code "1" instead of failing the call', async () => {
    const refused = {
      code: '1',
      msg: 'All operations failed',
      data: [
        {
          clOrdId: 'oktswap6',
          ordId: '12345689',
          ts: '1695190491421',
          sCode: '51402',
          sMsg: 'Cancellation failed as the order has been completed.',
        },
      ],
    };
    const { api, rest } = setup(refused, { code: '0', msg: '', data: [] });
    const report = await okxCancelAll(api, rest, {
      instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    });
    expect(report.acks[0]).toMatchObject({ orderId: '12345689', code: '51402' });
  });

  it('still fails when OKX refuses the whole request', async () => {
    const { api, rest } = setup(
      { code: '50001', msg: 'Service temporarily unavailable', data: [] },
      { code: '0', msg: '', data: [] },
    );
    await expect(okxCancelAll(api, rest)).rejects.toMatchObject({ code: '50001' });
  });
});
