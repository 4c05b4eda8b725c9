import { describe, expect, it } from 'vitest';
import {
  createFakeFetch,
  createManualTime,
  fakeResponse,
  type RecordedRequest,
} from '../transport/http-fake.test-helper';
import { mapOkxPosition } from './map';
import { createOkxExchangeRest } from './rest-exchange';
import { OkxPushParser } from './streams-parse';
import { createCollectingParser } from '../transport/socket-fake.test-helper';

const OPTION = 'BTC-USD-261225-60000-C';

/** The option's row of opt-summary (REST and socket alike). */
const summaryRow = {
  instId: OPTION,
  deltaBS: '0.61',
  gammaBS: '0.00002',
  vegaBS: '120.5',
  thetaBS: '-35.2',
  markVol: '0.52',
  ts: '2',
};

/** An option position row as GET /api/v5/account/positions sends it (docs/protocol.md "OKX positions"). */
const optionRow = {
  instType: 'OPTION',
  instId: OPTION,
  mgnMode: 'cross',
  posSide: 'net',
  pos: '2',
  deltaBS: '0.61',
  gammaBS: '0.00002',
  vegaBS: '120.5',
  thetaBS: '-35.2',
};

describe('OKX option greeks', () => {
  it('carries the Black-Scholes greeks of an option position', () => {
    expect(mapOkxPosition(optionRow).greeks).toEqual({
      delta: '0.61',
      gamma: '0.00002',
      vega: '120.5',
      theta: '-35.2',
    });
  });

  it('gives other positions no greeks, even when OKX sends the fields empty', () => {
    const swap = { ...optionRow, instType: 'SWAP', instId: 'BTC-USDT-SWAP', deltaBS: '', gammaBS: '' };
    expect(mapOkxPosition(swap)).not.toHaveProperty('greeks');
  });

  it('adds greeks and mark IV from the family opt-summary to an option quote', async () => {
    const time = createManualTime();
    const data: Record<string, unknown[]> = {
      '/api/v5/market/ticker': [{ instId: OPTION, last: '0.05', ts: '1' }],
      '/api/v5/public/opt-summary': [
        { instId: 'BTC-USD-261225-70000-C', deltaBS: '0.2', markVol: '0.6' },
        summaryRow,
      ],
    };
    const fake = createFakeFetch((request: RecordedRequest) =>
      fakeResponse(200, { code: '0', msg: '', data: data[new URL(request.url).pathname] ?? [] }),
    );
    const exchange = createOkxExchangeRest({ fetch: fake.fetch, timers: time, clock: time });
    const quote = await exchange.getQuote({ kind: 'option', symbol: OPTION });
    expect(quote).toMatchObject({
      last: '0.05',
      markIv: '0.52',
      greeks: { delta: '0.61', gamma: '0.00002', vega: '120.5', theta: '-35.2' },
    });
    expect(fake.requests.map((request) => request.url)).toContain(
      'https://www.okx.com/api/v5/public/opt-summary?instFamily=BTC-USD',
    );
  });

  it("merges an opt-summary push into the option's quote, next to its ticker", () => {
    const parser = createCollectingParser(new OkxPushParser());
    parser.receive({
      arg: { channel: 'tickers', instId: OPTION },
      data: [{ instId: OPTION, last: '0.05', ts: '1' }],
    });
    parser.receive({
      arg: { channel: 'opt-summary', instFamily: 'BTC-USD' },
      data: [summaryRow],
    });
    expect(parser.events.slice(1)).toEqual([
      expect.objectContaining({
        kind: 'ticker',
        symbol: OPTION,
        last: '0.05',
        markIv: '0.52',
        greeks: { delta: '0.61', gamma: '0.00002', vega: '120.5', theta: '-35.2' },
      }),
    ]);
  });
});
