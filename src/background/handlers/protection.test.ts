import { describe, expect, it, vi } from 'vitest';
import type { Sender } from '../../contracts';
import type { WantedInstrument } from '../../contracts/ports';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import { unusedHandlers } from '../../platform/message-handlers.test-helper';
import type { ProtectionService } from '../trading/protection-service';
import { expectReadableRefusal, HOSTILE_INPUTS } from './hostile-input.test-helper';
import { createProtectionHandlers } from './protection';

const CHART_TAB = 7;
const BTCUSDT: WantedInstrument = { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' };
const SEEN = { side: 'long', sizeContracts: '0.03' } as const;
const btc = {
  exchange: 'bybit',
  instrument: { kind: 'perpetual', symbol: 'BTCUSDT' },
  slot: 'one-way',
  seen: SEEN,
} as const;
const TARGET = { exchange: 'bybit', instrument: { kind: 'perpetual', symbol: 'BTCUSDT' }, slot: 'one-way' };

/** Every protection message routed to a service spy, with tab 7 following Bybit's BTCUSDT perpetual. */
function route() {
  const act = vi.fn<ProtectionService['act']>(() => Promise.resolve({ status: 'refused', message: 'spy' }));
  const tabs = { tabInstruments: (tabId: number) => (tabId === CHART_TAB ? [BTCUSDT] : []) };
  const handlers: MessageHandlers = { ...unusedHandlers(), ...createProtectionHandlers({ act }, tabs) };
  const send = (name: string, payload: object, sender: Sender = 'popup') =>
    dispatchMessage(
      { perch: 1, name, payload },
      sender,
      handlers,
      sender === 'content' ? CHART_TAB : undefined,
    );
  return { act, send };
}

const REQUESTS = {
  setProtection: { ...btc, role: 'stop', triggerPrice: '59000', triggerBy: 'mark', size: '0.01' },
  moveProtection: { ...btc, legId: 'full-stop', triggerPrice: '59500' },
  cancelProtection: { ...btc, legId: 'full-stop' },
  moveStopToBreakeven: btc,
  setTrailingStop: { ...btc, distance: '100' },
  closePart: { ...btc, part: { percent: 50 } },
} as const;

describe('protection messages', () => {
  it('hand the service the position as seen and the action, from an extension page', async () => {
    const { act, send } = route();
    for (const [name, payload] of Object.entries(REQUESTS)) {
      await expect(send(name, payload)).resolves.toEqual({
        ok: true,
        data: { status: 'refused', message: 'spy' },
      });
    }
    expect(act.mock.calls.map(([target, seen, action]) => [target, seen, action.type])).toEqual(
      ['set', 'move', 'cancel', 'breakeven', 'trail', 'close-part'].map((type) => [TARGET, SEEN, type]),
    );
    expect(act.mock.calls[0]?.[2]).toEqual({
      type: 'set',
      role: 'stop',
      triggerPrice: '59000',
      triggerBy: 'mark',
      size: '0.01',
    });
    expect(act.mock.calls[5]?.[2]).toEqual({ type: 'close-part', part: { percent: 50 } });
  });

  it('from a chart page: only breakeven and partial close, and only on what its tab follows', async () => {
    const { act, send } = route();
    for (const name of ['setProtection', 'moveProtection', 'cancelProtection', 'setTrailingStop'] as const) {
      await expect(send(name, REQUESTS[name], 'content')).resolves.toMatchObject({
        ok: false,
        error: { name: 'ForbiddenSenderError' },
      });
    }
    await expect(send('moveStopToBreakeven', btc, 'content')).resolves.toMatchObject({ ok: true });
    await expect(send('closePart', REQUESTS.closePart, 'content')).resolves.toMatchObject({ ok: true });
    const eth = { ...REQUESTS.closePart, instrument: { kind: 'perpetual', symbol: 'ETHUSDT' } };
    await expect(send('closePart', eth, 'content')).resolves.toEqual({
      ok: false,
      error: {
        name: 'ForbiddenSymbolError',
        message:
          'This chart page follows BTCUSDT on Bybit, so it may trim only that position, not ETHUSDT on Bybit.',
      },
    });
    const otherPage = { ...btc, page: { exchange: 'bybit', symbol: 'ETHUSDT' } };
    await expect(send('moveStopToBreakeven', otherPage, 'content')).resolves.toMatchObject({
      error: { message: 'This page shows ETHUSDT on Bybit, so it may protect only that position.' },
    });
    expect(act).toHaveBeenCalledTimes(2);
  });

  it('refuse hostile prices, sizes, leg ids and parts in words before the service sees them', async () => {
    const { act, send } = route();
    for (const value of [...HOSTILE_INPUTS, '-1', '1e5', '0x10', ' 59000', 'NaN', 'Infinity']) {
      expectReadableRefusal(await send('setProtection', { ...REQUESTS.setProtection, triggerPrice: value }));
      expectReadableRefusal(await send('setProtection', { ...REQUESTS.setProtection, size: value }));
      expectReadableRefusal(await send('setTrailingStop', { ...btc, distance: value }));
      expectReadableRefusal(await send('closePart', { ...btc, part: { size: value } }));
      // 42 is a fine percentage.
      if (value !== 42) expectReadableRefusal(await send('closePart', { ...btc, part: { percent: value } }));
    }
    for (const legId of ['', 'x'.repeat(101), 42, null]) {
      expectReadableRefusal(await send('cancelProtection', { ...btc, legId }));
    }
    for (const percent of [0, 101, 12.5, -25]) {
      expectReadableRefusal(await send('closePart', { ...btc, part: { percent } }));
    }
    // Both ways of naming the part at once, an unknown role or field, or no `seen`: refused by shape.
    expectReadableRefusal(await send('closePart', { ...btc, part: { percent: 50, size: '0.01' } }));
    expectReadableRefusal(await send('setProtection', { ...REQUESTS.setProtection, role: 'liquidate' }));
    expectReadableRefusal(await send('moveStopToBreakeven', { ...btc, triggerPrice: '1' }));
    expectReadableRefusal(await send('cancelProtection', { ...REQUESTS.cancelProtection, seen: undefined }));
    expect(act).not.toHaveBeenCalled();
  });
});
