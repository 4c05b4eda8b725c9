import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConfigError,
  ExchangeError,
  NetworkError,
  RateLimitError,
  type ExchangeId,
} from '../../exchanges';
import type { PositionTarget } from './close-store';
import { closeFailure, lookupFailure, positionChanged } from './close-words';

const target = (exchange: ExchangeId): PositionTarget => ({
  exchange,
  instrument: { kind: 'perpetual', symbol: exchange === 'okx' ? 'ETH-USDT-SWAP' : 'ETHUSDT' },
  slot: 'long',
});

const rejected = (exchange: ExchangeId, code: string, exchangeMessage: string, Type = ExchangeError) =>
  new Type({ exchange, endpoint: 'POST /x', httpStatus: 200, code, exchangeMessage, raw: {} });

describe("a rejected close, in the trader's words with the exchange's own beside them", () => {
  it.each([
    [
      'okx',
      '51023',
      'Position does not exist',
      'OKX has nothing left to close in the ETH-USDT-SWAP long position on OKX: it may have just closed. OKX said: 51023 "Position does not exist".',
    ],
    [
      'bybit',
      '110017',
      'Reduce-only rule not satisfied',
      'Bybit has nothing left to close in the ETHUSDT long position on Bybit: it may have just closed. Bybit said: 110017 "Reduce-only rule not satisfied".',
    ],
    [
      'okx',
      '51008',
      'Order placement failed due to insufficient balance',
      'OKX refused to close the ETH-USDT-SWAP long position on OKX for lack of available margin or balance. OKX said: 51008 "Order placement failed due to insufficient balance".',
    ],
    [
      'bybit',
      '110007',
      'Available balance is insufficient',
      'Bybit refused to close the ETHUSDT long position on Bybit for lack of available margin or balance. Bybit said: 110007 "Available balance is insufficient".',
    ],
    [
      'okx',
      '51112',
      'Close order size exceeds your available size',
      'OKX refused to close the ETH-USDT-SWAP long position on OKX: its size changed while the close was on its way. Try again. OKX said: 51112 "Close order size exceeds your available size".',
    ],
    [
      'bybit',
      '99999',
      'Something new',
      'Bybit rejected the close of the ETHUSDT long position on Bybit. Bybit said: 99999 "Something new".',
    ],
  ] as const)('%s %s', (exchange, code, text, words) => {
    expect(closeFailure(target(exchange), rejected(exchange, code, text))).toMatchObject({
      name: 'CloseRejectedError',
      message: words,
    });
  });

  it.each([
    ['okx', '50120', AuthError],
    ['bybit', '10005', ExchangeError],
  ] as const)('%s %s: a key that may not trade', (exchange, code, Type) => {
    expect(
      closeFailure(target(exchange), rejected(exchange, code, 'Permission denied', Type)).message,
    ).toContain('says this API key may not trade');
  });

  it('rate limited: wait and try again', () => {
    expect(
      closeFailure(target('bybit'), rejected('bybit', '10006', 'Too many visits!', RateLimitError)).message,
    ).toBe(
      'Bybit is limiting requests right now, so the ETHUSDT long position on Bybit was not closed. Wait a few seconds and try again. Bybit said: 10006 "Too many visits!".',
    );
  });
});

it('no answer may still have closed: look before closing again', () => {
  expect(closeFailure(target('okx'), new NetworkError('POST /x', new Error('reset')))).toMatchObject({
    name: 'CloseUnconfirmedError',
    message: expect.stringContaining('look at the position before closing again') as unknown,
  });
});

it('no unlocked key: unlock Perch or add one', () => {
  expect(
    closeFailure(
      target('okx'),
      new ConfigError(
        'Private endpoints require api and secret to be provided in the REST client constructor',
      ),
    ),
  ).toMatchObject({
    name: 'ExchangeNotConnectedError',
    message: 'Perch cannot trade on OKX: unlock Perch, or add an API key for OKX in Options.',
  });
});

it('anything else is not an exchange answer and goes on as it is', () => {
  const bug = new TypeError('x is undefined');
  expect(() => closeFailure(target('okx'), bug)).toThrow(bug);
});

describe('a position that could not be looked up before a close', () => {
  it('says nothing was sent when no answer came, naming the exchange', () => {
    expect(lookupFailure(target('okx'), new NetworkError('GET /positions', 'fetch failed')).message).toBe(
      'Perch could not reach OKX to look up the ETH-USDT-SWAP long position on OKX, so no close was sent and the position is still open. Try again in a moment.',
    );
  });

  it("words an exchange's answer as a close's", () => {
    const limited = rejected('bybit', '10006', 'Too many visits', RateLimitError);
    expect(lookupFailure(target('bybit'), limited)).toEqual(closeFailure(target('bybit'), limited));
  });
});

it('a position that grew since the trader saw it: its slot, and both sizes as plain decimals', () => {
  const seen = { side: 'long', sizeContracts: '0.030' } as const;

  expect(positionChanged(target('bybit'), seen, { side: 'long', sizeContracts: '0.050' })).toMatchObject({
    name: 'PositionChangedError',
    message:
      'Your ETHUSDT long position on Bybit changed since you saw it — it is now Long 0.05, not Long 0.03. Nothing was closed; look again and close once more.',
  });
});
