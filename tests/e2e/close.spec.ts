import { describe, expect, vi } from 'vitest';
import { perchTest as test } from './fixture';
import { dumpStorage } from './pages/extension-messages';
import { PopupPage } from './pages/popup-page';
import { portfolioPositions, startSessionOnSimulator } from './perch-session';
import { recordScenario } from '../reliability/scenario';
import { setBtcPosition } from '../../scripts/sim-admin';
import { pauseWorker } from './worker-pause';
import {
  BTC_PERPETUAL,
  finishedOrderIds,
  openLong,
  SEEN_LONG,
  simAdmin,
  simPositions,
  type ExchangeName,
} from './sim-account';

/** Generous guards for what the worker does over real sockets; the waits end as soon as it happened. */
const WAIT = { timeout: 20_000, interval: 200 };
/**
 * The simulator holds a close sent over the trade socket until the test releases it (`release-held`),
 * once the stopped worker and the next one are done: a hold of a guessed length was outlasted by a
 * slow restart on a busy machine. This is only its guard. The simulator checks Bybit's receive window
 * when the order arrives, as Bybit does (docs/protocol.md "Server time and clock tolerance"), so a long
 * hold is no stale order.
 */
const HELD_MS = 120_000;
/** One-way, and hedge mode's long side: the simulator's position mode and side, and Perch's slot for it. */
const MODES = [
  { slot: 'one-way', posSide: 'net', simMode: 'one_way' },
  { slot: 'long', posSide: 'long', simMode: 'hedge' },
] as const;

describe.each<ExchangeName>(['okx', 'bybit'])('closing on %s', (exchange) => {
  test.for(MODES)(
    'a close from an extension page closes the $slot position on the simulator, and the private stream confirms it',
    async ({ slot, posSide, simMode }, { perch, simulator }) => {
      const target = { exchange, instrument: BTC_PERPETUAL[exchange], slot, seen: SEEN_LONG[exchange] };
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
      await simAdmin(simulator, 'position-mode', { exchange, mode: simMode });
      await openLong(simulator, exchange, posSide);
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
    },
  );

  test('the worker stopped mid-close comes back and the position ends closed exactly once', async ({
    perch,
    simulator,
    task,
  }) => {
    const target = {
      exchange,
      instrument: BTC_PERPETUAL[exchange],
      slot: 'one-way',
      seen: SEEN_LONG[exchange],
    };
    const { options, send } = await startSessionOnSimulator(perch, simulator);
    await perch.openPopup();
    await openLong(simulator, exchange, 'net');
    await vi.waitFor(async () => {
      expect(await portfolioPositions(options, exchange)).toEqual([target.instrument.symbol]);
    }, WAIT);
    // The exchange takes the close but carries it out only seconds later: Chrome stops the worker first.
    await simAdmin(simulator, 'faults', { tradeLatencyMs: HELD_MS });

    const closing = send('closePosition', target).then(
      (reply) => ({ answered: reply }),
      (error: unknown) => ({ failed: String(error) }),
    );
    const inFlight = await vi.waitFor(
      async () => {
        const records = (await dumpStorage(options)).session.closesInFlight as { clientOrderId: string }[];
        expect(records).toHaveLength(1);
        return records[0]!;
      },
      { timeout: 10_000, interval: 25 },
    );
    await perch.stopWorker();
    // The page never hears from the worker that died holding its request.
    expect(await closing).toMatchObject({
      failed: expect.stringContaining('message channel closed') as unknown,
    });

    // A new request wakes a new worker: the close may still be on its way, so nothing more is sent.
    await expect(send('closePosition', target)).resolves.toMatchObject({
      ok: true,
      data: { status: 'in-progress', clientOrderId: inFlight.clientOrderId },
    });
    await simAdmin(simulator, 'release-held');
    await vi.waitFor(async () => {
      expect(await simPositions(simulator, exchange)).toEqual([]);
    }, WAIT);
    await simAdmin(simulator, 'faults', { tradeLatencyMs: 0 });
    await expect(send('closePosition', target)).resolves.toMatchObject({
      ok: true,
      data: { status: 'already-closed' },
    });
    expect(await finishedOrderIds(simulator, exchange)).toEqual([inFlight.clientOrderId]);
    const { session } = await dumpStorage(options);
    expect(session.closesInFlight).toEqual([]);
    expect(session.closesSettled).toMatchObject([
      { clientOrderId: inFlight.clientOrderId, outcome: 'closed' },
    ]);
    recordScenario(task, {
      section: 'Worker and browser',
      scenario: `worker stopped mid-close, ${exchange} (\`tests/e2e/close.spec.ts\`)`,
      injected:
        'Chrome stops the worker while the exchange holds the close, until the next worker has answered',
      times: '1',
      result:
        'the page waiting on the dead worker was told its channel closed; the new worker answered the same close "in progress" with the same client order id and sent nothing; the position ended closed by 1 order on the exchange, settled "closed", nothing left in flight',
    });
  });
});

/**
 * What the security review found: the position changes between the popup drawing it and the trader's
 * click. Each case holds the worker still (so the popup surely keeps drawing the long), changes the
 * simulator's position underneath, clicks Close on the long, then lets the worker run: its look-up finds
 * the new position while the click carries the old one.
 */
const CHANGED = [
  {
    exchange: 'bybit',
    change: 'flipped to a short',
    size: -0.05,
    words:
      'Your BTCUSDT position on Bybit changed since you saw it — it is now Short 0.05, not Long 0.03. Nothing was closed; look again and close once more.',
    details: /^Short/,
    shownSize: '0.050',
  },
  {
    exchange: 'okx',
    change: 'grew',
    size: 5,
    words:
      'Your BTC-USDT-SWAP position on OKX changed since you saw it — it is now Long 5, not Long 3. Nothing was closed; look again and close once more.',
    details: /^Long/,
    shownSize: expect.stringMatching(/^5(\.0+)?$/) as unknown,
  },
] as const;

test.for(CHANGED)(
  'the popup refuses, on its row, to close a $exchange long that $change after it was drawn; the position stays',
  async ({ exchange, size, words, details, shownSize }, { perch, simulator }) => {
    const { symbol } = BTC_PERPETUAL[exchange];
    await startSessionOnSimulator(perch, simulator);
    const popup = await PopupPage.openFromToolbar(perch);
    await openLong(simulator, exchange, 'net');
    const [drawn] = await popup.positions(1);
    expect(drawn).toMatchObject({ exchange, symbol, details: expect.stringMatching(/^Long/) as unknown });

    const worker = await pauseWorker(perch);
    await worker.paused;
    await setBtcPosition(simulator, exchange, { size, avgPx: 60_000, posSide: 'net' });
    await popup.pressClose(exchange, symbol);
    expect((await popup.positions(1))[0]).toMatchObject({ details: drawn?.details, size: drawn?.size });
    await worker.resume();

    await expect(popup.rowNotice(exchange, symbol)).resolves.toBe(words);
    // The hub port repaints the row with the position as it now is; the refusal stays on it.
    await vi.waitFor(async () => {
      expect((await popup.positions(1))[0]).toMatchObject({
        details: expect.stringMatching(details) as unknown,
        size: shownSize,
        notice: words,
      });
    }, WAIT);
    expect(await simPositions(simulator, exchange)).toMatchObject([{ size }]);
    expect(await finishedOrderIds(simulator, exchange)).toEqual([]);
  },
);
