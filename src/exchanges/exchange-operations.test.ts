import { describe, expect, expectTypeOf, it } from 'vitest';
import { createExchange } from './exchange';
import type {
  Exchange,
  ExchangeProtection,
  ExchangeRest,
  ExchangeStreams,
  ExchangeTrade,
} from './exchange-types';
import { createFakeFetch, createManualTime, fakeResponse } from './transport/http-fake.test-helper';
import { createFakeSockets } from './transport/socket-fake.test-helper';

/**
 * The worker holds trading keys, and what it can do with them is what an Exchange offers: reads, orders and
 * its own sockets. Nothing here withdraws, transfers, converts, borrows or changes a key's rights; a new
 * operation must be added to this list, where it is reviewed.
 */
const OPERATIONS = {
  exchange: ['close', 'reconnectNow'],
  rest: [
    'cancelOrder',
    'closePosition',
    'getAccountConfig',
    'getBalance',
    'getBook',
    'getCandles',
    'getClosedPositions',
    'getFills',
    'getInstruments',
    'getOpenOrders',
    'getPositions',
    'getQuote',
    'getServerTime',
    'syncClock',
  ],
  streams: ['onStatus', 'subscribe'],
  trade: ['amend', 'cancel', 'cancelAll', 'cancelAllAfter', 'close', 'closePart', 'place'],
  protection: ['breakeven', 'cancel', 'list', 'move', 'protect', 'trail'],
} as const;

const FUNDS_MOVING_WORDS =
  /withdraw|transfer|convert|borrow|repay|loan|lend|deposit|redeem|purchase|stake|api-?key/i;

const functionsOf = (value: object) =>
  Object.entries(value)
    .filter(([, member]) => typeof member === 'function')
    .map(([name]) => name)
    .sort();

describe('what an Exchange offers', () => {
  it('is typed to reads, orders and its sockets only', () => {
    expectTypeOf<keyof Exchange>().toEqualTypeOf<
      'id' | 'rest' | 'streams' | 'trade' | 'protection' | (typeof OPERATIONS.exchange)[number]
    >();
    expectTypeOf<keyof ExchangeRest>().toEqualTypeOf<'id' | (typeof OPERATIONS.rest)[number]>();
    expectTypeOf<keyof ExchangeStreams>().toEqualTypeOf<(typeof OPERATIONS.streams)[number]>();
    expectTypeOf<keyof ExchangeTrade>().toEqualTypeOf<'overSocket' | (typeof OPERATIONS.trade)[number]>();
    expectTypeOf<keyof ExchangeProtection>().toEqualTypeOf<(typeof OPERATIONS.protection)[number]>();
  });

  it('names no operation that moves funds', () => {
    expect(
      Object.values(OPERATIONS)
        .flat()
        .filter((name) => FUNDS_MOVING_WORDS.test(name)),
    ).toEqual([]);
  });

  it.each([
    ['okx', { apiKey: 'k', secret: 's', passphrase: 'p' }],
    ['bybit', { apiKey: 'k', secret: 's' }],
  ] as const)('built for %s with keys, carries exactly those operations', (exchange, credentials) => {
    const time = createManualTime();
    const built = createExchange({
      exchange,
      credentials,
      fetch: createFakeFetch(fakeResponse(200, {})).fetch,
      createSocket: createFakeSockets().create,
      timers: time,
      clock: time,
    });

    expect({
      exchange: functionsOf(built),
      rest: functionsOf(built.rest),
      streams: functionsOf(built.streams),
      trade: functionsOf(built.trade),
      protection: functionsOf(built.protection),
    }).toEqual(OPERATIONS);
    built.close();
  });
});
