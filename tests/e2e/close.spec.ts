import { describe, expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { portfolioPositions, startSessionOnSimulator } from './perch-session';
import { BTC_PERPETUAL, finishedOrderIds, openLong, simPositions, type ExchangeName } from './sim-account';

/** Generous guards for what the worker does over real sockets; the waits end as soon as it happened. */
const WAIT = { timeout: 20_000, interval: 200 };

describe.each<ExchangeName>(['okx', 'bybit'])('closing on %s', (exchange) => {
  const target = { exchange, instrument: BTC_PERPETUAL[exchange], slot: 'one-way' };

  test('a close from an extension page closes the position on the simulator, and the private stream confirms it', async ({
    perch,
    simulator,
  }) => {
    const { options, send, saved } = await startSessionOnSimulator(perch, simulator);
    // The key audit ran on save against the simulator: the demo key trades, cannot withdraw.
    expect(saved[exchange]).toMatchObject({
      ok: true,
      data: {
        saved: true,
        audit: {
          ran: true,
          result: {
            exchange,
            environment: 'simulator',
            reachable: true,
            permissions: { canTrade: true, canWithdraw: false },
          },
        },
      },
    });
    // A page that wants data keeps the streams open, as the popup does.
    await perch.openPopup();
    await openLong(simulator, exchange, 'net');
    // The private stream brought the position into the worker's portfolio.
    await vi.waitFor(async () => {
      expect(await portfolioPositions(options, exchange)).toEqual([target.instrument.symbol]);
    }, WAIT);

    const reply = await send('closePosition', target);

    expect(reply).toMatchObject({ ok: true, data: { status: 'sent' } });
    const { clientOrderId } = (reply as { data: { clientOrderId: string } }).data;
    await vi.waitFor(async () => {
      expect(await simPositions(simulator, exchange)).toEqual([]);
    }, WAIT);
    expect(await finishedOrderIds(simulator, exchange)).toEqual([clientOrderId]);
    // The private stream took the position out of the portfolio.
    await vi.waitFor(async () => {
      expect(await portfolioPositions(options, exchange)).toEqual([]);
    }, WAIT);
    await expect(send('closePosition', target)).resolves.toMatchObject({
      ok: true,
      data: { status: 'already-closed' },
    });
    expect(await finishedOrderIds(simulator, exchange)).toEqual([clientOrderId]);
  });
});
