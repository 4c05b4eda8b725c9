import { describe, expect, it, vi } from 'vitest';
import { createChartAlert, type Alert } from '../../contracts/alerts';
import type { WantedInstrument } from '../../contracts/ports';
import type { AlertBook } from '../alerts/alert-book';
import { createChartAlertHandler } from './chart-alert';

const CHART_TAB = 7;
const OKX_BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const chart = { sender: 'content', tabId: CHART_TAB } as const;
const above65k = { instrument: OKX_BTC, direction: 'above', level: '65000' } as const;

/** An alert book spy, with tab 7 following OKX's BTC-USDT-SWAP over its hub port. */
function handlerWithSpy(followed: Record<number, readonly WantedInstrument[]> = { [CHART_TAB]: [OKX_BTC] }) {
  const save = vi.fn<AlertBook['save']>((draft) =>
    Promise.resolve<Alert>({ ...draft, id: 'alert-1', createdAt: 0, paused: false }),
  );
  const tabs = { tabInstruments: (tabId: number) => followed[tabId] ?? [] };
  return { save, handler: createChartAlertHandler({ save }, tabs) };
}

describe('a price alert from the chart badge', () => {
  it('is saved for the instrument its tab follows: last price, once, no sound, and answered in words', async () => {
    const { save, handler } = handlerWithSpy();

    await expect(handler(above65k, chart)).resolves.toEqual({
      created: true,
      message: 'Alert set: BTC-USDT-SWAP on OKX above 65,000',
    });
    expect(save).toHaveBeenCalledExactlyOnceWith({
      condition: { kind: 'price', instrument: OKX_BTC, direction: 'above', level: '65000', source: 'last' },
      repeat: { mode: 'once' },
      sound: false,
    });
  });

  it('names a level below the price with its fraction as typed', async () => {
    const { handler } = handlerWithSpy();

    await expect(handler({ ...above65k, direction: 'below', level: '1234567.25' }, chart)).resolves.toEqual({
      created: true,
      message: 'Alert set: BTC-USDT-SWAP on OKX below 1,234,567.25',
    });
  });

  it.each([
    ['another symbol', { ...OKX_BTC, symbol: 'ETH-USDT-SWAP' }, 'ETH-USDT-SWAP on OKX'],
    ['the same name on the other exchange', { ...OKX_BTC, exchange: 'bybit' }, 'BTC-USDT-SWAP on Bybit'],
    ['the spot pair of the same name', { ...OKX_BTC, kind: 'spot' }, 'BTC-USDT-SWAP on OKX'],
  ] as const)('is refused, in words, on %s its tab does not follow', async (_, instrument, asked) => {
    const { save, handler } = handlerWithSpy();

    await expect(handler({ ...above65k, instrument }, chart)).rejects.toMatchObject({
      name: 'ForbiddenSymbolError',
      message: `This chart page follows BTC-USDT-SWAP on OKX, so it may set alerts only on that instrument, not ${asked}.`,
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('is refused, in words, when its tab follows nothing or the browser named no tab', async () => {
    const { save, handler } = handlerWithSpy({});

    await expect(handler(above65k, chart)).rejects.toMatchObject({
      message: 'This chart page follows no instrument, so it may not set an alert on BTC-USDT-SWAP on OKX.',
    });
    await expect(handler(above65k, { sender: 'content' })).rejects.toMatchObject({
      message: 'Perch could not tell which tab this chart page is in, so it may not set an alert from it.',
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('lets no page choose the sound, the repeat or the price source: the contract refuses them, the handler ignores them', async () => {
    for (const extra of [
      { sound: true },
      { repeat: { mode: 'every', cooldownSeconds: 0 } },
      { source: 'mark' },
    ]) {
      expect(createChartAlert.request.safeParse({ ...above65k, ...extra }).success).toBe(false);
    }
    const { save, handler } = handlerWithSpy();
    const smuggled = { ...above65k, sound: true, repeat: { mode: 'every', cooldownSeconds: 0 } };

    await handler(smuggled, chart);

    expect(save).toHaveBeenCalledWith(expect.objectContaining({ sound: false, repeat: { mode: 'once' } }));
  });

  it('passes on the alert book refusing the level, in its words', async () => {
    const { save, handler } = handlerWithSpy();
    save.mockRejectedValueOnce(new Error('Perch keeps at most 200 alerts; delete one first.'));

    await expect(handler(above65k, chart)).rejects.toThrow(
      'Perch keeps at most 200 alerts; delete one first.',
    );
  });
});
