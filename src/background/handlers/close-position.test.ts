import { describe, expect, it, vi } from 'vitest';
import type { WantedInstrument } from '../../contracts/ports';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import type { CloseService } from '../trading/close-service';
import { createClosePositionHandler } from './close-position';

const SENT = { status: 'already-closed', message: 'closed' } as const;
const CHART_TAB = 7;
const BTCUSDT = { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' } as const;

/** A close service spy, with tab 7 following Bybit's BTCUSDT perpetual over its hub port. */
function handlerWithSpy(followed: Record<number, readonly WantedInstrument[]> = { [CHART_TAB]: [BTCUSDT] }) {
  const close = vi.fn<CloseService['close']>((target) =>
    Promise.resolve({ ...SENT, message: target.instrument.symbol }),
  );
  const tabs = { tabInstruments: (tabId: number) => followed[tabId] ?? [] };
  return { close, handler: createClosePositionHandler({ close }, tabs) };
}

/** What the chart's row showed: a long of 0.03 BTC. */
const SEEN = { side: 'long', sizeContracts: '0.03' } as const;
const btc = {
  exchange: 'bybit',
  instrument: { kind: 'perpetual', symbol: 'BTCUSDT' },
  slot: 'one-way',
  seen: SEEN,
} as const;
const chart = { sender: 'content', tabId: CHART_TAB } as const;

describe('a chart page (content script)', () => {
  it('may close the position its tab follows, as the trader saw it', async () => {
    const { close, handler } = handlerWithSpy();

    await handler(btc, chart);

    expect(close).toHaveBeenCalledWith(
      { exchange: 'bybit', instrument: { kind: 'perpetual', symbol: 'BTCUSDT' }, slot: 'one-way' },
      SEEN,
    );
  });

  it.each([
    ['another symbol', { ...btc, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' } }, 'ETHUSDT on Bybit'],
    ['the same symbol on the other exchange', { ...btc, exchange: 'okx' }, 'BTCUSDT on OKX'],
    [
      'the spot pair of the same name',
      { ...btc, instrument: { kind: 'spot', symbol: 'BTCUSDT' } },
      'BTCUSDT on Bybit',
    ],
  ] as const)('is refused %s its tab does not follow, and nothing is sent', async (_, request, asked) => {
    const { close, handler } = handlerWithSpy();

    await expect(handler(request, chart)).rejects.toMatchObject({
      name: 'ForbiddenSymbolError',
      message: `This chart page follows BTCUSDT on Bybit, so it may close only that position, not ${asked}.`,
    });
    expect(close).not.toHaveBeenCalled();
  });

  it('is refused a symbol another tab follows', async () => {
    const { close, handler } = handlerWithSpy({
      [CHART_TAB]: [BTCUSDT],
      8: [{ ...BTCUSDT, symbol: 'ETHUSDT' }],
    });

    await expect(
      handler({ ...btc, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' } }, chart),
    ).rejects.toMatchObject({ name: 'ForbiddenSymbolError' });
    expect(close).not.toHaveBeenCalled();
  });

  it('is refused, in words, when its tab follows nothing or the browser named no tab', async () => {
    const { close, handler } = handlerWithSpy({});

    await expect(handler(btc, chart)).rejects.toMatchObject({
      message: 'This chart page follows no instrument, so it may not close BTCUSDT on Bybit.',
    });
    await expect(handler(btc, { sender: 'content' })).rejects.toMatchObject({
      message:
        'Perch could not tell which tab this chart page is in, so it may not close a position from it.',
    });
    expect(close).not.toHaveBeenCalled();
  });

  it('is refused a symbol other than the one it says its page shows', async () => {
    const { close, handler } = handlerWithSpy();

    await expect(
      handler({ ...btc, page: { exchange: 'bybit', symbol: 'ETHUSDT' } }, chart),
    ).rejects.toMatchObject({
      message: 'This page shows ETHUSDT on Bybit, so it may close only that position.',
    });
    expect(close).not.toHaveBeenCalled();
  });
});

it.each(['popup', 'options'] as const)('the %s may close any position', async (sender) => {
  const { close, handler } = handlerWithSpy({});

  await expect(
    handler(
      { ...btc, instrument: { kind: 'perpetual', symbol: 'SOLUSDT', contractType: 'linear' } },
      { sender },
    ),
  ).resolves.toEqual({ ...SENT, message: 'SOLUSDT' });
  expect(close).toHaveBeenCalledWith(
    {
      exchange: 'bybit',
      instrument: { kind: 'perpetual', symbol: 'SOLUSDT', contractType: 'linear' },
      slot: 'one-way',
    },
    SEEN,
  );
});

describe('through the router, a content script', () => {
  const route = (payload: object) => {
    const { close, handler } = handlerWithSpy();
    const handlers: MessageHandlers = { ...unusedHandlers(), closePosition: handler };
    return {
      close,
      reply: dispatchMessage({ perch: 1, name: 'closePosition', payload }, 'content', handlers, CHART_TAB),
    };
  };

  it('closes the position its tab follows', async () => {
    const { close, reply } = route(btc);

    await expect(reply).resolves.toEqual({ ok: true, data: { ...SENT, message: 'BTCUSDT' } });
    expect(close).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'asking for another symbol gets a worded refusal',
      { ...btc, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' } },
      'ForbiddenSymbolError',
      'This chart page follows BTCUSDT on Bybit, so it may close only that position, not ETHUSDT on Bybit.',
    ],
    [
      'slipping in anything more (an amount) is refused before any handler runs',
      { ...btc, size: '100' },
      'InvalidRequestError',
      '"closePosition" was sent with invalid data (it does not take size).',
    ],
    [
      'leaving out what the trader saw is refused before any handler runs',
      { exchange: btc.exchange, instrument: btc.instrument, slot: btc.slot },
      'InvalidRequestError',
      '"closePosition" was sent with invalid data.',
    ],
    [
      'a seen size that is no plain decimal (a float, a sign) is refused before any handler runs',
      { ...btc, seen: { side: 'long', sizeContracts: '3e-2' } },
      'InvalidRequestError',
      '"closePosition" was sent with invalid data.',
    ],
  ])('%s, and nothing is sent', async (_, payload, name, message) => {
    const { close, reply } = route(payload);

    await expect(reply).resolves.toEqual({ ok: false, error: { name, message } });
    expect(close).not.toHaveBeenCalled();
  });
});
