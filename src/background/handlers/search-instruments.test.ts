import { describe, expect, it } from 'vitest';
import { INSTRUMENT_SEARCH_MAX } from '../../contracts/instruments';
import { TimeoutError, type ExchangeId, type Instrument, type InstrumentKind } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import { createFakeExchange } from '../audit/exchange-fake.test-helper';
import { fakeRegistry } from '../hub/hub-fakes.test-helper';
import { anInstrument } from '../market/instrument-fakes.test-helper';
import { createInstrumentLists } from '../market/instrument-lists';
import { createSearchInstrumentsHandler } from './search-instruments';

/** Each exchange's lists: BTC in several kinds, a coin whose name holds BTC, ETH, and a suspended BTC pair. */
const LISTS: Record<ExchangeId, Partial<Record<InstrumentKind, Instrument[]>>> = {
  okx: {
    perpetual: [
      anInstrument('okx', 'BTC-USDT-SWAP'),
      anInstrument('okx', 'ETH-USDT-SWAP', { base: 'ETH' }),
      anInstrument('okx', 'BTC-USD-SWAP', { quote: 'USD', settle: 'BTC', contractType: 'inverse' }),
      anInstrument('okx', 'BTC-USDC-SWAP', { quote: 'USDC', settle: 'USDC', tradable: false }),
    ],
    future: [anInstrument('okx', 'BTC-USD-250328', { kind: 'future', contractType: 'inverse' })],
    spot: [
      anInstrument('okx', 'WBTC-USDT', { kind: 'spot', base: 'WBTC', contractType: undefined }),
      anInstrument('okx', 'BTC-USDT', {
        kind: 'spot',
        contractType: undefined,
        tickSize: '0.1',
        lotSize: '0.00000001',
      }),
    ],
  },
  bybit: {
    perpetual: [
      anInstrument('bybit', 'BTCUSDT'),
      anInstrument('bybit', 'ETHUSDT', { base: 'ETH' }),
      anInstrument('bybit', 'BTCUSD', { quote: 'USD', settle: 'BTC', contractType: 'inverse' }),
      anInstrument('bybit', 'BTCPERP', { quote: 'USDC', settle: 'USDC' }),
      anInstrument('bybit', 'BTCUSDE', { quote: 'USDE', tradable: false }),
    ],
    future: [anInstrument('bybit', 'BTC-26DEC25', { kind: 'future' })],
    spot: [
      anInstrument('bybit', 'WBTCUSDT', { kind: 'spot', base: 'WBTC', contractType: undefined }),
      anInstrument('bybit', 'BTCUSDT', {
        kind: 'spot',
        contractType: undefined,
        tickSize: '0.1',
        lotSize: '0.000001',
      }),
    ],
  },
};

/**
 * What `btc` finds: base-coin matches by kind (perpetual, future, spot), linear before inverse, shorter
 * first; then BTC inside a symbol.
 */
const BTC_FOUND: Record<ExchangeId, string[]> = {
  okx: [
    'perpetual BTC-USDT-SWAP',
    'perpetual BTC-USD-SWAP',
    'future BTC-USD-250328',
    'spot BTC-USDT',
    'spot WBTC-USDT',
  ],
  bybit: [
    'perpetual BTCPERP',
    'perpetual BTCUSDT',
    'perpetual BTCUSD',
    'future BTC-26DEC25',
    'spot BTCUSDT',
    'spot WBTCUSDT',
  ],
};

describe.each(['okx', 'bybit'] as const)('searching instruments on %s', (id) => {
  function setUp(getInstruments?: (kind: InstrumentKind) => Promise<Instrument[]>, enabled = true) {
    const asked: InstrumentKind[] = [];
    const exchange = createFakeExchange(id, {
      getInstruments: (kind) => {
        asked.push(kind);
        return getInstruments?.(kind) ?? Promise.resolve(LISTS[id][kind] ?? []);
      },
    });
    const handlers: MessageHandlers = {
      ...unusedHandlers(),
      searchInstruments: createSearchInstrumentsHandler({
        registry: fakeRegistry(enabled ? { [id]: exchange } : {}),
        lists: createInstrumentLists(createFakeTime().clock),
      }),
    };
    const search = (payload: object) =>
      dispatchMessage(
        { perch: 1, name: 'searchInstruments', payload: { exchange: id, ...payload } },
        'popup',
        handlers,
      );
    const found = async (payload: object) => {
      const reply = await search(payload);
      if (!reply.ok) throw new Error(reply.error.message);
      return (reply.data as { instruments: { kind: string; symbol: string }[] }).instruments.map(
        (each) => `${each.kind} ${each.symbol}`,
      );
    };
    return { asked, search, found };
  }

  it('finds every tradable instrument of a coin, whatever the case, perpetuals first', async () => {
    const { asked, found } = setUp();
    expect(await found({ query: 'btc' })).toEqual(BTC_FOUND[id]);
    expect(await found({ query: ' BTC ' })).toEqual(BTC_FOUND[id]);
    expect(asked).toEqual(['perpetual', 'future', 'spot']);
  });

  it('puts the exact symbol first, ignoring dashes', async () => {
    const { found } = setUp();
    const spot = id === 'okx' ? 'BTC-USDT' : 'BTCUSDT';
    expect((await found({ query: 'btcusdt', kind: 'spot' })).at(0)).toBe(`spot ${spot}`);
    expect((await found({ query: 'ETH' })).at(0)).toBe(
      `perpetual ${id === 'okx' ? 'ETH-USDT-SWAP' : 'ETHUSDT'}`,
    );
  });

  it('searches only the kind asked for, and answers with what a screen needs of each', async () => {
    const { asked, search } = setUp();
    const reply = await search({ query: 'btc', kind: 'spot' });
    const spot = LISTS[id].spot?.[1];
    expect(reply).toMatchObject({ ok: true });
    expect(reply.ok && reply.data).toEqual({
      instruments: [
        {
          exchange: id,
          kind: 'spot',
          symbol: spot?.id,
          base: 'BTC',
          quote: 'USDT',
          settle: 'USDT',
          tickSize: spot?.tickSize,
          lotSize: spot?.lotSize,
        },
        expect.objectContaining({ symbol: id === 'okx' ? 'WBTC-USDT' : 'WBTCUSDT' }) as unknown,
      ],
    });
    expect(asked).toEqual(['spot']);
  });

  it(`answers with at most ${INSTRUMENT_SEARCH_MAX} instruments, and fetches each list once`, async () => {
    const many = Array.from({ length: INSTRUMENT_SEARCH_MAX + 10 }, (_, n) =>
      anInstrument(id, `BTC${n}`, { kind: 'future' }),
    );
    const { asked, found } = setUp(() => Promise.resolve(many));
    expect(await found({ query: 'btc', kind: 'future' })).toHaveLength(INSTRUMENT_SEARCH_MAX);
    expect(await found({ query: 'btc1', kind: 'future' })).toEqual(
      ['BTC1', 'BTC10', 'BTC11', 'BTC12', 'BTC13', 'BTC14', 'BTC15', 'BTC16', 'BTC17', 'BTC18', 'BTC19'].map(
        (symbol) => `future ${symbol}`,
      ),
    );
    expect(asked).toEqual(['future']);
  });

  it('says in words when the exchange does not answer, and asks again on the next search', async () => {
    let fail = true;
    const endpoint = id === 'okx' ? 'GET /api/v5/public/instruments' : 'GET /v5/market/instruments-info';
    const { search, found } = setUp((kind) =>
      fail ? Promise.reject(new TimeoutError(endpoint, 10_000)) : Promise.resolve(LISTS[id][kind] ?? []),
    );
    const name = id === 'okx' ? 'OKX' : 'Bybit';
    await expect(search({ query: 'btc' })).resolves.toEqual({
      ok: false,
      error: {
        name: 'ExchangeNotConnectedError',
        message: `${name} did not answer: ${endpoint} timed out after 10000 ms and was aborted. Check your connection and search again.`,
      },
    });
    fail = false;
    expect(await found({ query: 'btc' })).toEqual(BTC_FOUND[id]);
  });

  it('says so when the exchange is turned off', async () => {
    const { search } = setUp(undefined, false);
    const name = id === 'okx' ? 'OKX' : 'Bybit';
    await expect(search({ query: 'btc' })).resolves.toEqual({
      ok: false,
      error: {
        name: 'ExchangeNotConnectedError',
        message: `${name} is turned off, so Perch cannot search its instruments. Turn it on in Options.`,
      },
    });
  });
});
