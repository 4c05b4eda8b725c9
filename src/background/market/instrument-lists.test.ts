import { describe, expect, it } from 'vitest';
import type { Instrument, InstrumentKind } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createFakeExchange } from '../audit/exchange-fake.test-helper';
import { anInstrument } from './instrument-fakes.test-helper';
import {
  createInstrumentLists,
  INSTRUMENT_LISTS_KEEP_MS,
  INSTRUMENT_LISTS_RETRY_MS,
} from './instrument-lists';

const SYMBOL = { okx: 'BTC-USDT-SWAP', bybit: 'BTCUSDT' } as const;

describe.each(['okx', 'bybit'] as const)('instrument lists of %s', (id) => {
  function setUp(answer: (kind: InstrumentKind) => Promise<Instrument[]>) {
    const time = createFakeTime();
    const asked: string[] = [];
    const exchange = () =>
      createFakeExchange(id, {
        getInstruments: (kind, options) => {
          asked.push(options?.refresh === true ? `${kind} again` : kind);
          return answer(kind);
        },
      });
    return { time, asked, exchange, lists: createInstrumentLists(time.clock) };
  }
  const btc = [anInstrument(id, SYMBOL[id])];

  it('fetches each kind once per Exchange however many ask, and again for a rebuilt Exchange', async () => {
    const { asked, exchange, lists } = setUp(() => Promise.resolve(btc));
    const first = exchange();
    const answers = await Promise.all([
      lists.list(first, 'perpetual'),
      lists.list(first, 'perpetual'),
      lists.list(first, 'spot'),
    ]);
    expect(answers[0]).toEqual(btc);
    expect(lists.known(first, 'perpetual')).toEqual(btc);
    expect(asked).toEqual(['perpetual', 'spot']);

    await lists.list(exchange(), 'perpetual');
    expect(asked).toEqual(['perpetual', 'spot', 'perpetual']);
  });

  it('keeps a list for an hour, and serves the old one while the next is on its way', async () => {
    const { time, asked, exchange, lists } = setUp(() => Promise.resolve(btc));
    const from = exchange();
    await lists.list(from, 'perpetual');
    time.advance(INSTRUMENT_LISTS_KEEP_MS - 1);
    await lists.list(from, 'perpetual');
    expect(lists.known(from, 'perpetual')).toEqual(btc);
    expect(asked).toEqual(['perpetual']);

    time.advance(1);
    expect(lists.known(from, 'perpetual')).toEqual(btc);
    expect(asked).toEqual(['perpetual', 'perpetual again']);
  });

  it('knows nothing until the list arrives, and asks again a minute after a failure, never sooner', async () => {
    let fail = true;
    const { time, asked, exchange, lists } = setUp(() =>
      fail ? Promise.reject(new Error('socket hang up')) : Promise.resolve(btc),
    );
    const from = exchange();
    expect(lists.known(from, 'perpetual')).toBeUndefined();
    await time.flush();
    expect(asked).toEqual(['perpetual']);

    fail = false;
    time.advance(INSTRUMENT_LISTS_RETRY_MS - 1);
    expect(lists.known(from, 'perpetual')).toBeUndefined();
    expect(asked).toEqual(['perpetual']);
    time.advance(1);
    expect(lists.known(from, 'perpetual')).toBeUndefined();
    await time.flush();
    expect(asked).toEqual(['perpetual', 'perpetual']);
    expect(lists.known(from, 'perpetual')).toEqual(btc);
  });

  it('a trader asking for a list after a failure asks the exchange again at once', async () => {
    let fail = true;
    const { asked, exchange, lists } = setUp(() =>
      fail ? Promise.reject(new Error('socket hang up')) : Promise.resolve(btc),
    );
    const from = exchange();
    await expect(lists.list(from, 'spot')).rejects.toThrow('socket hang up');
    fail = false;
    await expect(lists.list(from, 'spot')).resolves.toEqual(btc);
    expect(asked).toEqual(['spot', 'spot']);
  });
});
