import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_IN_TRANSIT_MS } from '../../src/background/trading/close-reconcile';
import type { CloseService } from '../../src/background/trading/close-service';
import { createCloseStore } from '../../src/background/trading/close-store';
import type { Exchange, ExchangeId, PositionSlot } from '../../src/exchanges/index';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import {
  finishedOrders,
  NO_SOCKETS,
  seenOf,
  SIM_SIDE,
  simCloseService,
  simPositions,
  tradeOverSocket,
} from './close-harness';
import { simExchange } from './exchange-harness';
import { simAdmin } from './ws-harness';

/** Each exchange's BTC perpetual and a position size in its order unit (OKX contracts, Bybit coin). */
const MARKET: Record<ExchangeId, { readonly symbol: string; readonly size: number }> = {
  okx: { symbol: 'BTC-USDT-SWAP', size: 3 },
  bybit: { symbol: 'BTCUSDT', size: 0.03 },
};
const CASES = [
  { mode: 'one_way', slot: 'one-way', path: 'socket' },
  { mode: 'one_way', slot: 'one-way', path: 'rest' },
  { mode: 'hedge', slot: 'short', path: 'socket' },
  { mode: 'hedge', slot: 'long', path: 'rest' },
] as const;

describe.each(['okx', 'bybit'] as const)('closing %s positions through the trading service', (id) => {
  const { symbol, size } = MARKET[id];
  let sim: RunningSimulator;
  let exchange: Exchange;
  let trading: CloseService;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ seed: 11, tickMs: 50 });
  });
  afterAll(async () => {
    await sim.stop();
  });
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
    await simAdmin(sim, 'reset');
  });

  /** The Exchange and the service as the worker has them; `socket`: logged in, as while a popup is open. */
  async function connect(path: 'socket' | 'rest'): Promise<void> {
    exchange = path === 'socket' ? simExchange(sim, id) : simExchange(sim, id, NO_SOCKETS);
    trading = simCloseService(id, exchange);
    if (path === 'socket') stops.push(await tradeOverSocket(exchange));
  }

  const target = (slot: PositionSlot) => ({
    exchange: id,
    instrument: { kind: 'perpetual' as const, symbol },
    slot,
  });

  async function hold(slot: PositionSlot, signedSize: number): Promise<void> {
    await simAdmin(sim, 'position', {
      exchange: id,
      symbol,
      size: signedSize,
      avgPx: 60000,
      posSide: SIM_SIDE[slot],
    });
  }

  it.each(CASES)('$mode mode, $slot slot, over $path', async ({ mode, slot, path }) => {
    await simAdmin(sim, 'position-mode', { exchange: id, mode });
    await connect(path);
    // In hedge mode the other side is held too, and must stay.
    const other = slot === 'long' ? 'short' : 'long';
    if (mode === 'hedge') await hold(other, size);
    const signed = slot === 'one-way' ? -size : size;
    await hold(slot, signed);

    const result = await trading.close(target(slot), seenOf(slot, signed));

    expect(result).toMatchObject({ status: 'sent', via: path });
    const { clientOrderId } = result as { clientOrderId: string };
    expect(clientOrderId).toMatch(/^perch[0-9a-z]+$/);
    const left = mode === 'hedge' ? [{ symbol, posSide: other }] : [];
    if (path === 'socket') {
      await expect(trading.confirmation(clientOrderId)).resolves.toBe(true);
      await expect(trading.close(target(slot), seenOf(slot, signed))).resolves.toMatchObject({
        status: 'already-closed',
      });
    }
    expect(await simPositions(sim, id)).toMatchObject(left);
    expect(await exchange.rest.getPositions()).toHaveLength(left.length);
  });

  it('two rapid requests send one close', async () => {
    await connect('socket');
    await hold('one-way', size);

    const [first, second] = await Promise.all([
      trading.close(target('one-way'), seenOf('one-way', size)),
      trading.close(target('one-way'), seenOf('one-way', size)),
    ]);

    expect(first).toMatchObject({ status: 'sent' });
    expect(second).toMatchObject({ status: 'in-progress' });
    const { clientOrderId } = first as { clientOrderId: string };
    await expect(trading.confirmation(clientOrderId)).resolves.toBe(true);
    expect(await simPositions(sim, id)).toEqual([]);
  });

  it.each(['socket', 'rest'] as const)(
    'over %s, a position that flipped since the trader saw it stays open and nothing is sent',
    async (path) => {
      await connect(path);
      await hold('one-way', size);
      const seen = seenOf('one-way', size);
      await hold('one-way', -2 * size);

      await expect(trading.close(target('one-way'), seen)).rejects.toMatchObject({
        name: 'PositionChangedError',
        message: expect.stringContaining(
          `it is now Short ${String(2 * size)}, not Long ${String(size)}.`,
        ) as unknown,
      });
      expect(await simPositions(sim, id)).toMatchObject([{ symbol, size: -2 * size }]);
      expect(await finishedOrders(sim, id)).toEqual([]);
    },
  );

  it('a position that shrank since the trader saw it is closed: what is left, in one order', async () => {
    await connect('rest');
    const seen = seenOf('one-way', size);
    await hold('one-way', size / 3);

    const result = await trading.close(target('one-way'), seen);

    expect(result).toMatchObject({
      status: 'sent',
      message: expect.stringContaining('the rest of') as unknown,
    });
    expect(await simPositions(sim, id)).toEqual([]);
    expect(await finishedOrders(sim, id)).toHaveLength(1);
  });

  it.each([
    ['before the close left', false, 'not-sent', 1],
    ['after the close was sent', true, 'closed', 0],
  ] as const)(
    'a worker that died %s: the next start settles it from the exchange and sends nothing',
    async (_, sent, outcome, stillOpen) => {
      await connect('rest');
      await hold('one-way', size);
      const [position] = await exchange.rest.getPositions();
      expect(position).toMatchObject({ symbol, positionSlot: 'one-way' });
      // Left by a worker that died longer ago than a sent order can still be on its way.
      const startedAt = Date.now() - CLOSE_IN_TRANSIT_MS;
      const record = { ...target('one-way'), clientOrderId: 'perchdied1', startedAt };
      await createCloseStore().add(record);
      if (sent && position !== undefined) await exchange.trade.close(position, record.clientOrderId);

      const settled = await trading.reconcile();

      expect(settled).toMatchObject([{ clientOrderId: 'perchdied1', outcome }]);
      expect(await simPositions(sim, id)).toHaveLength(stillOpen);
      expect(await createCloseStore().inFlight()).toEqual([]);
    },
  );
});
