import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeenPosition } from '../../contracts';
import { AuthError, ExchangeError, TimeoutError, type ExchangeId, type PositionSlot } from '../../exchanges';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createCloseService, type CloseService } from './close-service';
import { CLOSE_IN_TRANSIT_MS } from './close-reconcile';
import { createCloseStore, type CloseStore } from './close-store';
import {
  createFakeRegistry,
  createFakeTradingExchange,
  openPositionOf,
  SYMBOL,
  type FakeTradingExchange,
} from './trading-fake.test-helper';

let time: FakeTime;
let store: CloseStore;
let warnings: string[];

beforeEach(() => {
  fakeBrowser.reset();
  time = createFakeTime();
  store = createCloseStore();
  warnings = [];
});

/** A worker's close service; a second call with the same store is the worker after a restart. */
function startWorker(fake: FakeTradingExchange | undefined, id: ExchangeId): CloseService {
  let next = 0;
  return createCloseService({
    registry: createFakeRegistry(fake === undefined ? {} : { [id]: fake }),
    store,
    clock: time.clock,
    timers: time.timers,
    newClientOrderId: () => `perch${time.clock.now()}n${next++}`,
    logger: { warn: (message) => warnings.push(message) },
    confirmTimeoutMs: 5_000,
  });
}

/** Resolves once the fake exchange has received `count` closes. */
async function closesSent(fake: FakeTradingExchange, count: number): Promise<void> {
  while (fake.closes.length < count) await time.flush();
}

describe.each<ExchangeId>(['okx', 'bybit'])('closing a position on %s', (id) => {
  const target = (slot: PositionSlot = 'one-way') => ({
    exchange: id,
    instrument: { kind: 'perpetual' as const, symbol: SYMBOL[id] },
    slot,
  });
  /** What the trader's row showed of the position openPositionOf(id, slot) holds. */
  const seen = (slot: PositionSlot = 'one-way'): SeenPosition => ({
    side: slot === 'short' ? 'short' : 'long',
    sizeContracts: openPositionOf(id, slot).sizeContracts,
  });
  let fake: FakeTradingExchange;

  beforeEach(() => {
    fake = createFakeTradingExchange(id);
  });

  /** A worker that has sent a close of the `slot` position and had it answered; returns its id. */
  async function answeredClose(slot: PositionSlot): Promise<{ worker: CloseService; clientOrderId: string }> {
    fake.positions = [openPositionOf(id, slot)];
    const worker = startWorker(fake, id);
    const first = worker.close(target(slot), seen(slot));
    await closesSent(fake, 1);
    fake.closes[0]?.answer();
    const { clientOrderId } = (await first) as { clientOrderId: string };
    return { worker, clientOrderId };
  }

  it.each<PositionSlot>(['one-way', 'long', 'short'])(
    'sends the %s position it finds, with a client order id recorded before sending',
    async (slot) => {
      fake.positions = [openPositionOf(id, 'one-way', 'ETHUSDT'), openPositionOf(id, slot)];
      const worker = startWorker(fake, id);

      const result = worker.close(target(slot), seen(slot));
      await closesSent(fake, 1);

      const [call] = fake.closes;
      expect(call?.position).toEqual(openPositionOf(id, slot));
      expect(call?.clientOrderId).toMatch(/^perch/);
      expect(await store.inFlight()).toEqual([
        { ...target(slot), clientOrderId: call?.clientOrderId, startedAt: time.clock.now() },
      ]);
      call?.answer();
      await expect(result).resolves.toEqual({
        status: 'sent',
        clientOrderId: call?.clientOrderId,
        orderId: 'order-1',
        via: 'rest',
        message: expect.stringContaining(`Close of the ${SYMBOL[id]}`) as unknown,
      });
      expect(await store.inFlight()).toEqual([]);
    },
  );

  it('says which path the close took', async () => {
    fake.positions = [openPositionOf(id, 'long')];
    fake.overSocket = true;
    const result = startWorker(fake, id).close(target('long'), seen('long'));
    await closesSent(fake, 1);
    fake.closes[0]?.answer();

    await expect(result).resolves.toMatchObject({ status: 'sent', via: 'socket' });
  });

  it('a second request while the first is pending sends nothing and says a close is in progress', async () => {
    fake.positions = [openPositionOf(id, 'one-way')];
    const worker = startWorker(fake, id);

    const first = worker.close(target(), seen());
    const second = worker.close(target(), seen());

    await expect(second).resolves.toMatchObject({
      status: 'in-progress',
      message: `A close of the ${SYMBOL[id]} position on ${id === 'okx' ? 'OKX' : 'Bybit'} is already in progress; nothing more was sent.`,
    });
    await closesSent(fake, 1);
    fake.closes[0]?.answer();
    await expect(first).resolves.toMatchObject({ status: 'sent' });
    expect(fake.closes).toHaveLength(1);
  });

  it('stays "in progress" after the answer until the positions stream confirms the close', async () => {
    const { worker, clientOrderId } = await answeredClose('short');

    await expect(worker.close(target('short'), seen('short'))).resolves.toMatchObject({
      status: 'in-progress',
    });
    fake.push({ ...openPositionOf(id, 'long'), kind: 'position', ts: 1, side: 'flat' });
    fake.push({ ...openPositionOf(id, 'short'), kind: 'position', ts: 2, side: 'flat' });

    await expect(worker.confirmation(clientOrderId)).resolves.toBe(true);
    expect(fake.listeners()).toBe(0);
    fake.positions = [];
    await expect(worker.close(target('short'), seen('short'))).resolves.toMatchObject({
      status: 'already-closed',
    });
    expect(fake.closes).toHaveLength(1);
  });

  it('a push missed before the stream was subscribed: the position is looked up over REST', async () => {
    fake.positions = [openPositionOf(id, 'long')];
    const worker = startWorker(fake, id);
    const first = worker.close(target('long'), seen('long'));
    await closesSent(fake, 1);
    fake.subscribed(); // the close has not filled yet: still open
    fake.closes[0]?.answer();
    const { clientOrderId } = (await first) as { clientOrderId: string };
    await time.flush();
    expect(fake.listeners()).toBeGreaterThan(0);

    fake.positions = [];
    fake.subscribed();

    await expect(worker.confirmation(clientOrderId)).resolves.toBe(true);
    expect(fake.listeners()).toBe(0);
  });

  it('counts a close the stream does not confirm in time as unconfirmed, and frees the position', async () => {
    const { worker, clientOrderId } = await answeredClose('long');

    time.advance(4_999);
    await time.flush();
    expect(fake.listeners()).toBeGreaterThan(0);
    time.advance(1);

    await expect(worker.confirmation(clientOrderId)).resolves.toBe(false);
    expect(fake.listeners()).toBe(0);
    const again = worker.close(target('long'), seen('long'));
    await closesSent(fake, 2);
    fake.closes[1]?.answer();
    await expect(again).resolves.toMatchObject({ status: 'sent' });
  });

  it('a position no longer open is "already closed" and nothing is sent', async () => {
    fake.positions = [openPositionOf(id, 'long')];

    await expect(startWorker(fake, id).close(target('short'), seen('short'))).resolves.toEqual({
      status: 'already-closed',
      message: `The ${SYMBOL[id]} short position on ${id === 'okx' ? 'OKX' : 'Bybit'} is already closed: nothing was sent.`,
    });
    expect(fake.closes).toEqual([]);
    expect(await store.inFlight()).toEqual([]);
  });

  describe('checked against what the trader saw (a Long 2)', () => {
    const label = id === 'okx' ? 'OKX' : 'Bybit';

    it.each([
      ['flipped to the other side', { side: 'short', sizeContracts: '5' }, 'Short 5, not Long 2'],
      ['flipped to a smaller short', { side: 'short', sizeContracts: '1' }, 'Short 1, not Long 2'],
      ['grown on the same side', { side: 'long', sizeContracts: '2.000001' }, 'Long 2.000001, not Long 2'],
    ] as const)('%s: refused in words, and nothing is sent or recorded', async (_, now, words) => {
      fake.positions = [{ ...openPositionOf(id, 'one-way'), ...now }];

      await expect(startWorker(fake, id).close(target(), seen())).rejects.toMatchObject({
        name: 'PositionChangedError',
        message: `Your ${SYMBOL[id]} position on ${label} changed since you saw it — it is now ${words}. Nothing was closed; look again and close once more.`,
      });
      expect(fake.closes).toEqual([]);
      expect(await store.inFlight()).toEqual([]);
    });

    it('after a refusal, a close of the position as it now shows goes through', async () => {
      fake.positions = [{ ...openPositionOf(id, 'one-way'), side: 'short', sizeContracts: '5' }];
      const worker = startWorker(fake, id);
      await expect(worker.close(target(), seen())).rejects.toMatchObject({ name: 'PositionChangedError' });

      const again = worker.close(target(), { side: 'short', sizeContracts: '5' });
      await closesSent(fake, 1);
      fake.closes[0]?.answer();

      await expect(again).resolves.toMatchObject({ status: 'sent' });
      expect(fake.closes[0]?.position).toMatchObject({ side: 'short', sizeContracts: '5' });
    });

    it('the same size written another way ("2.000" seen, "2" held) is the same position: closed', async () => {
      fake.positions = [openPositionOf(id, 'one-way')];
      const result = startWorker(fake, id).close(target(), { side: 'long', sizeContracts: '2.000' });
      await closesSent(fake, 1);
      fake.closes[0]?.answer();

      await expect(result).resolves.toMatchObject({
        status: 'sent',
        message: `Close of the ${SYMBOL[id]} position on ${label} sent; waiting for ${label} to confirm.`,
      });
    });

    it('shrunk on the same side: what is left is closed, and the answer says so', async () => {
      fake.positions = [{ ...openPositionOf(id, 'long'), sizeContracts: '0.50' }];
      const result = startWorker(fake, id).close(target('long'), seen('long'));
      await closesSent(fake, 1);

      expect(fake.closes[0]?.position).toMatchObject({ side: 'long', sizeContracts: '0.50' });
      fake.closes[0]?.answer();
      await expect(result).resolves.toMatchObject({
        status: 'sent',
        message: `Close of the rest of the ${SYMBOL[id]} long position on ${label} (Long 0.5; you saw Long 2) sent; waiting for ${label} to confirm.`,
      });
    });
  });

  it('an exchange that is turned off is said so', async () => {
    await expect(startWorker(undefined, id).close(target(), seen())).rejects.toMatchObject({
      name: 'ExchangeNotConnectedError',
      message: `${id === 'okx' ? 'OKX' : 'Bybit'} is turned off, so Perch cannot close positions there. Turn it on in Options.`,
    });
  });

  it('a rejection clears the record, so the trader can try again', async () => {
    fake.positions = [openPositionOf(id, 'one-way')];
    const worker = startWorker(fake, id);
    const first = worker.close(target(), seen());
    await closesSent(fake, 1);
    fake.closes[0]?.fail(
      new AuthError({
        exchange: id,
        endpoint: 'POST /x',
        httpStatus: 401,
        code: '50111',
        exchangeMessage: 'Invalid OK-ACCESS-KEY',
        raw: {},
      }),
    );

    await expect(first).rejects.toMatchObject({ name: 'CloseRejectedError' });
    expect(await store.inFlight()).toEqual([]);
    const again = worker.close(target(), seen());
    await closesSent(fake, 2);
    fake.closes[1]?.answer();
    await expect(again).resolves.toMatchObject({ status: 'sent' });
  });

  it('no answer keeps the record and asks the exchange how the close ended', async () => {
    fake.positions = [openPositionOf(id, 'one-way')];
    const worker = startWorker(fake, id);
    const first = worker.close(target(), seen());
    await closesSent(fake, 1);
    const clientOrderId = fake.closes[0]?.clientOrderId;
    fake.positions = []; // the close went through; only its answer was lost
    fake.closes[0]?.fail(new TimeoutError('POST /x', 10_000));

    await expect(first).rejects.toMatchObject({ name: 'CloseUnconfirmedError' });
    while ((await store.settled()).length === 0) await time.flush();
    expect(await store.settled()).toMatchObject([{ clientOrderId, outcome: 'closed' }]);
    expect(await store.inFlight()).toEqual([]);
  });

  describe('after the worker died mid-close', () => {
    /** A record the dead worker wrote `agoMs` before this start (by default, just now). */
    const leftInFlight = async (agoMs = 0) => {
      const record = { ...target(), clientOrderId: 'perchdead1', startedAt: time.clock.now() - agoMs };
      await store.add(record);
      return record;
    };

    it('before the close reached the exchange: reported "not sent", and not sent again', async () => {
      fake.positions = [openPositionOf(id, 'one-way')];
      await leftInFlight(CLOSE_IN_TRANSIT_MS);

      const settled = await startWorker(fake, id).reconcile();

      expect(settled).toMatchObject([{ clientOrderId: 'perchdead1', outcome: 'not-sent' }]);
      expect(settled[0]?.message).toContain('Perch did not send it again');
      expect(fake.closes).toEqual([]);
      expect(await store.inFlight()).toEqual([]);
      expect(await store.settled()).toEqual(settled);
    });

    it('while its order may still be on its way: a new request sends nothing; after that, "not sent"', async () => {
      fake.positions = [openPositionOf(id, 'one-way')];
      await leftInFlight(CLOSE_IN_TRANSIT_MS - 1);
      const worker = startWorker(fake, id);

      await expect(worker.reconcile()).resolves.toEqual([]);
      await expect(worker.close(target(), seen())).resolves.toMatchObject({
        status: 'in-progress',
        clientOrderId: 'perchdead1',
      });
      expect(await store.inFlight()).toHaveLength(1);
      time.advance(1);
      await expect(worker.reconcile()).resolves.toMatchObject([
        { clientOrderId: 'perchdead1', outcome: 'not-sent' },
      ]);
      expect(fake.closes).toEqual([]);
    });

    it('after the close filled: reported closed, nothing sent', async () => {
      await leftInFlight();

      await expect(startWorker(fake, id).reconcile()).resolves.toMatchObject([
        {
          clientOrderId: 'perchdead1',
          outcome: 'closed',
          message: `The ${SYMBOL[id]} position on ${id === 'okx' ? 'OKX' : 'Bybit'} is closed.`,
        },
      ]);
      expect(fake.closes).toEqual([]);
    });

    it('while its order still works: a new request sends nothing and says a close is in progress', async () => {
      fake.positions = [openPositionOf(id, 'one-way')];
      fake.openOrders = [
        { clientOrderId: 'perchdead1', symbol: SYMBOL[id] } as (typeof fake.openOrders)[number],
      ];
      await leftInFlight();
      const worker = startWorker(fake, id);

      await expect(worker.reconcile()).resolves.toEqual([]);
      await expect(worker.close(target(), seen())).resolves.toEqual({
        status: 'in-progress',
        clientOrderId: 'perchdead1',
        message: expect.stringContaining('already in progress') as unknown,
      });
      expect(fake.closes).toEqual([]);
      expect(await store.inFlight()).toHaveLength(1);
    });

    it('while the exchange cannot be asked: the record stays, and a new request sends nothing', async () => {
      fake.positions = [openPositionOf(id, 'one-way')];
      fake.restFailure = new ExchangeError({
        exchange: id,
        endpoint: 'GET /x',
        httpStatus: 503,
        code: '',
        exchangeMessage: '',
        raw: '',
      });
      await leftInFlight();
      const worker = startWorker(fake, id);

      await expect(worker.reconcile()).resolves.toEqual([]);
      await expect(worker.close(target(), seen())).resolves.toMatchObject({ status: 'in-progress' });
      expect(fake.closes).toEqual([]);
      expect(warnings[0]).toContain('perchdead1');
    });
  });
});
