import { describe, expect, it } from 'vitest';
import type { HubPortMessage, PortQuote } from '../../contracts/ports';
import type { Instrument } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { INSTRUMENT_LISTS_RETRY_MS } from '../market/instrument-lists';
import { anInstrument } from '../market/instrument-fakes.test-helper';
import { BTC, ETH, fakeExchange, fakeRegistry, testHub, ticker } from './hub-fakes.test-helper';

describe.each(['okx', 'bybit'] as const)('quotes from the hub on %s', (id) => {
  function setUp() {
    const time = createFakeTime();
    let answer: () => Promise<Instrument[]> = () => Promise.reject(new Error('not yet'));
    const exchange = fakeExchange(id, undefined, () => answer());
    const hub = testHub(time, fakeRegistry({ [id]: exchange.exchange }));
    const received: HubPortMessage[] = [];
    hub.connect((message) => received.push(message)).want([BTC[id], ETH[id]]);
    const lists = [
      anInstrument(id, BTC[id].symbol, { tickSize: '0.1', lotSize: '0.01', minSize: '0.01' }),
      anInstrument(id, ETH[id].symbol, { tickSize: '0.01', lotSize: '0.1' }),
    ];
    /** Pushes a BTC ticker and returns the quote the page gets from it. */
    async function pushBtc(last: string): Promise<PortQuote | undefined> {
      exchange.push({ ...ticker(id, BTC[id].symbol, last, time.clock.now()), open24h: '40000' });
      await time.flush();
      time.advance(100);
      return received.flatMap((message) => (message.type === 'changes' ? message.quotes : [])).at(-1);
    }
    return {
      time,
      exchange,
      pushBtc,
      listsAnswer: (next: () => Promise<Instrument[]>) => {
        answer = next;
      },
      lists,
    };
  }

  it("sends the price 24 h ago, and the instrument's tick and lot size once its list has arrived", async () => {
    const { time, exchange, pushBtc, listsAnswer, lists } = setUp();
    let arrive: (list: Instrument[]) => void = () => undefined;
    listsAnswer(() => new Promise((resolve) => (arrive = resolve)));
    await time.flush();

    const before = await pushBtc('41000');
    expect(before).toEqual({
      exchange: id,
      kind: 'perpetual',
      symbol: BTC[id].symbol,
      ts: time.clock.now() - 100,
      last: '41000',
      open24h: '40000',
    });

    arrive(lists);
    await time.flush();
    expect(await pushBtc('41001')).toMatchObject({
      last: '41001',
      tickSize: '0.1',
      lotSize: '0.01',
      minSize: '0.01',
    });
    // Both instruments are perpetuals: one list serves them.
    expect(exchange.instrumentCalls).toEqual(['perpetual']);
  });

  it('keeps sending quotes without steps while the list fails, and asks again a minute later', async () => {
    const { time, exchange, pushBtc, listsAnswer, lists } = setUp();
    listsAnswer(() => Promise.reject(new Error('socket hang up')));
    await time.flush();
    expect(await pushBtc('41000')).toMatchObject({ last: '41000' });
    expect(await pushBtc('41001')).not.toHaveProperty('tickSize');
    expect(exchange.instrumentCalls).toEqual(['perpetual']);

    listsAnswer(() => Promise.resolve(lists));
    time.advance(INSTRUMENT_LISTS_RETRY_MS - 400);
    await pushBtc('41002');
    expect(exchange.instrumentCalls).toEqual(['perpetual']);
    time.advance(200);
    await pushBtc('41003');
    expect(exchange.instrumentCalls).toEqual(['perpetual', 'perpetual']);
    expect(await pushBtc('41004')).toMatchObject({ last: '41004', tickSize: '0.1', lotSize: '0.01' });
  });
});
