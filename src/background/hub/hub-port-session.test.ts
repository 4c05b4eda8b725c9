import { describe, expect, it } from 'vitest';
import type { Sender } from '../../contracts';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { fakeExchange, fakeRegistry, testHub, ticker } from './hub-fakes.test-helper';
import { PORT_BURST } from './port-coalescer';
import { serveHubPort } from './hub-port-session';
import { memoryPort } from './memory-port.test-helper';

const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

function setUp() {
  const time = createFakeTime();
  const okx = fakeExchange('okx');
  const hub = testHub(time, fakeRegistry({ okx: okx.exchange }));
  const connect = (sender: Sender | undefined) => {
    const page = memoryPort();
    serveHubPort(page.port, sender, hub);
    return page;
  };
  const quoteSymbols = () =>
    okx.subscriptions().flatMap((request) => ('instrument' in request ? [request.instrument.symbol] : []));
  const lastPrices = (page: ReturnType<typeof memoryPort>) =>
    page.received.flatMap((message) =>
      message.type === 'changes' ? message.quotes.map((quote) => quote.last) : [],
    );
  /** A page following BTC that has just been sent more ticks than the port's burst lets through. */
  const pastTheBurst = async (sender: Sender) => {
    const page = connect(sender);
    page.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    time.advance(1_000);
    for (let i = 1; i <= PORT_BURST + 1; i++) okx.push(ticker('okx', BTC.symbol, String(100 + i)));
    return page;
  };
  return { time, connect, quoteSymbols, lastPrices, pastTheBurst };
}

describe('the hub port', () => {
  it('answers a want with a snapshot', async () => {
    const { time, connect, quoteSymbols } = setUp();
    const popup = connect('popup');
    popup.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    expect(popup.received[0]?.type).toBe('snapshot');
    expect(quoteSymbols()).toEqual(['BTC-USDT-SWAP']);
  });

  it.each([
    ['not an object', 'hello'],
    ['an unknown type', { type: 'credentials' }],
    ['an unknown key', { type: 'want', quotes: [], secret: true }],
    ['an unknown exchange', { type: 'want', quotes: [{ ...BTC, exchange: 'binance' }] }],
    ['an empty symbol', { type: 'want', quotes: [{ ...BTC, symbol: '' }] }],
  ])('answers a malformed message (%s) with an error and keeps serving', async (_, message) => {
    const { time, connect, quoteSymbols } = setUp();
    const popup = connect('popup');
    popup.send(message);
    expect(popup.received).toEqual([
      {
        type: 'error',
        message:
          'Perch did not understand that request: send { type: "want", quotes: [...] }, with "account": true to receive the account (extension pages only), or { type: "taken" } once a message is applied (extension pages only).',
      },
    ]);
    expect(popup.connected()).toBe(true);
    popup.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    expect(quoteSymbols()).toEqual(['BTC-USDT-SWAP']);
  });

  it('refuses a port from a context it does not know, and closes it', () => {
    const { connect } = setUp();
    const stranger = connect(undefined);
    expect(stranger.received).toEqual([{ type: 'error', message: 'This page may not receive Perch data.' }]);
    expect(stranger.connected()).toBe(false);
    stranger.send({ type: 'want', quotes: [BTC] });
    expect(stranger.received).toHaveLength(1);
  });

  it('lets a chart page follow a few quotes only', async () => {
    const { time, connect, quoteSymbols } = setUp();
    const chart = connect('content');
    chart.send({
      type: 'want',
      quotes: Array.from({ length: 5 }, (_, i) => ({ ...BTC, symbol: `X${i}-USDT-SWAP` })),
    });
    expect(chart.received).toEqual([
      { type: 'error', message: 'A chart page may follow at most 4 instruments.' },
    ]);
    await time.flush();
    expect(quoteSymbols()).toEqual([]);
  });

  it("sends an extension page's next change as soon as the page says it has taken the last", async () => {
    const { lastPrices, pastTheBurst } = setUp();
    const popup = await pastTheBurst('popup');
    expect(lastPrices(popup)).toEqual(['101', '102']);

    popup.send({ type: 'taken' });
    expect(lastPrices(popup)).toEqual(['101', '102', '103']);
  });

  it('refuses "taken" from a chart page in words, and keeps its pace and its port', async () => {
    const { lastPrices, pastTheBurst } = setUp();
    const chart = await pastTheBurst('content');

    chart.send({ type: 'taken' });
    expect(chart.received.at(-1)).toEqual({
      type: 'error',
      message:
        'A chart page may not send "taken": its updates come at the pace the chart allows. Send { type: "want", quotes: [...] } only.',
    });
    expect(lastPrices(chart)).toEqual(['101', '102']);
    expect(chart.connected()).toBe(true);
  });

  it('lets go of what a closed page wanted', async () => {
    const { time, connect, quoteSymbols } = setUp();
    const popup = connect('popup');
    popup.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    popup.close();
    time.advance(60_000);
    await time.flush();
    expect(quoteSymbols()).toEqual([]);
  });
});
