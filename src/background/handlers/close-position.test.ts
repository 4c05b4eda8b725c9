import { describe, expect, it, vi } from 'vitest';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import type { PositionTarget } from '../trading/close-store';
import { createClosePositionHandler } from './close-position';

const SENT = { status: 'already-closed', message: 'closed' } as const;

function handlerWithSpy() {
  const close = vi.fn((target: PositionTarget) =>
    Promise.resolve({ ...SENT, message: target.instrument.symbol }),
  );
  return { close, handler: createClosePositionHandler({ close }) };
}

const btc = {
  exchange: 'bybit',
  instrument: { kind: 'perpetual', symbol: 'BTCUSDT' },
  slot: 'one-way',
} as const;

describe('a chart page (content script)', () => {
  it('may close the position of the symbol its page shows', async () => {
    const { close, handler } = handlerWithSpy();

    await handler({ ...btc, page: { exchange: 'bybit', symbol: 'BTCUSDT' } }, { sender: 'content' });

    expect(close).toHaveBeenCalledWith({
      exchange: 'bybit',
      instrument: { kind: 'perpetual', symbol: 'BTCUSDT' },
      slot: 'one-way',
    });
  });

  it.each([
    ['another symbol', { ...btc, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' } }],
    ['the same symbol on the other exchange', { ...btc, exchange: 'okx' }],
  ] as const)('is refused %s, and nothing is sent', async (_, request) => {
    const { close, handler } = handlerWithSpy();

    await expect(
      handler({ ...request, page: { exchange: 'bybit', symbol: 'BTCUSDT' } }, { sender: 'content' }),
    ).rejects.toMatchObject({
      name: 'ForbiddenSymbolError',
      message: 'This page shows BTCUSDT on Bybit, so it may close only that position.',
    });
    expect(close).not.toHaveBeenCalled();
  });

  it('is refused when it does not say which symbol its page shows', async () => {
    const { close, handler } = handlerWithSpy();

    await expect(handler(btc, { sender: 'content' })).rejects.toMatchObject({ name: 'ForbiddenSymbolError' });
    expect(close).not.toHaveBeenCalled();
  });
});

it.each(['popup', 'options'] as const)('the %s may close any position', async (sender) => {
  const { close, handler } = handlerWithSpy();

  await expect(
    handler(
      { ...btc, instrument: { kind: 'perpetual', symbol: 'SOLUSDT', contractType: 'linear' } },
      { sender },
    ),
  ).resolves.toEqual({ ...SENT, message: 'SOLUSDT' });
  expect(close).toHaveBeenCalledWith({
    exchange: 'bybit',
    instrument: { kind: 'perpetual', symbol: 'SOLUSDT', contractType: 'linear' },
    slot: 'one-way',
  });
});

describe('through the router, a content script', () => {
  const route = (payload: object) => {
    const { close, handler } = handlerWithSpy();
    const handlers: MessageHandlers = { ...unusedHandlers(), closePosition: handler };
    return {
      close,
      reply: dispatchMessage({ perch: 1, name: 'closePosition', payload }, 'content', handlers),
    };
  };

  const page = { exchange: 'bybit', symbol: 'BTCUSDT' } as const;
  it.each([
    [
      'asking for another symbol gets a worded refusal',
      { ...btc, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' }, page },
      'ForbiddenSymbolError',
      'This page shows BTCUSDT on Bybit, so it may close only that position.',
    ],
    [
      'slipping in anything more (an amount) is refused before any handler runs',
      { ...btc, page, size: '100' },
      'InvalidRequestError',
      '"closePosition" was sent with invalid data (it does not take size).',
    ],
  ])('%s, and nothing is sent', async (_, payload, name, message) => {
    const { close, reply } = route(payload);

    await expect(reply).resolves.toEqual({ ok: false, error: { name, message } });
    expect(close).not.toHaveBeenCalled();
  });
});
