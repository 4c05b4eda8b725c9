import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlattenView } from '../../contracts';
import { ExchangeError, type ExchangeId, type Order, type Position } from '../../exchanges';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createCloseStore, type CloseStore } from './close-store';
import type { KeyAccess } from './flatten-exchange';
import { createFlattenService, FLATTEN_RUN_ITEM, type FlattenService } from './flatten-service';
import {
  createFakeRegistry,
  createFakeTradingExchange,
  openPositionOf,
  type FakeTradingExchange,
} from './trading-fake.test-helper';

let time: FakeTime;
let closes: CloseStore;
let okx: FakeTradingExchange;
let bybit: FakeTradingExchange;
let runs: number;

beforeEach(() => {
  fakeBrowser.reset();
  time = createFakeTime();
  closes = createCloseStore();
  okx = createFakeTradingExchange('okx');
  bybit = createFakeTradingExchange('bybit');
  runs = 0;
});

/** A worker's flatten service; a second call is the worker after a restart (same session storage). */
function startWorker(access: Partial<Record<ExchangeId, KeyAccess>> = {}): FlattenService {
  return createFlattenService({
    registry: createFakeRegistry({ okx, bybit }),
    keyAccess: (exchange) => Promise.resolve(access[exchange] ?? 'unlocked'),
    closes,
    clock: time.clock,
    timers: time.timers,
    logger: { warn: () => undefined },
    confirmTimeoutMs: 5_000,
    item: FLATTEN_RUN_ITEM,
    newRunId: () => `flat${String(runs++)}`,
  });
}

function orderOf(exchange: ExchangeId, orderId: string): Order {
  return {
    exchange,
    ts: 1,
    symbol: exchange === 'okx' ? 'BTC-USDT-SWAP' : 'BTCUSDT',
    orderId,
    clientOrderId: `c${orderId}`,
    side: 'buy',
    orderType: 'limit',
    price: '50000',
    size: '1',
    filledSize: '0',
    sizeUnit: 'contracts',
    averagePrice: undefined,
    status: 'open',
    rawStatus: 'live',
    reduceOnly: false,
  };
}

/** cancelAll takes every resting order off the fake, each acknowledged. */
function cancelsEverything(fake: FakeTradingExchange): void {
  fake.cancelAll = () => {
    const acks = fake.openOrders.map((order) => ({
      exchange: fake.exchange.id,
      orderId: order.orderId,
      clientOrderId: order.clientOrderId,
      code: '0',
      message: '',
    }));
    fake.openOrders = [];
    return Promise.resolve({ exchange: fake.exchange.id, acks });
  };
}

/** The exchange fills a close: the position goes, and the private stream says so. */
function fill(fake: FakeTradingExchange, index: number): void {
  const call = fake.closes[index];
  if (call === undefined) throw new Error(`No close ${String(index)} on ${fake.exchange.id}.`);
  const { position } = call;
  fake.positions = fake.positions.filter(
    (open) => open.symbol !== position.symbol || open.positionSlot !== position.positionSlot,
  );
  call.answer();
  fake.push({ ...position, kind: 'position', ts: 1, side: 'flat', sizeContracts: '0' });
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if (await condition()) return;
    await time.flush();
  }
  throw new Error('It never happened.');
}

/** Fills every close each fake receives until the run has ended. */
async function fillUntilDone(worker: FlattenService): Promise<FlattenView> {
  const filled = new Map<FakeTradingExchange, number>([
    [okx, 0],
    [bybit, 0],
  ]);
  for (let round = 0; round < 400; round += 1) {
    for (const [fake, count] of filled) {
      if (fake.closes.length > count) {
        fill(fake, count);
        filled.set(fake, count + 1);
      }
    }
    const view = await worker.status();
    if (view?.phase === 'done') return view;
    await time.flush();
  }
  throw new Error('The run never ended.');
}

const stateOf = (view: FlattenView, what: string) => view.items.find((item) => item.what.startsWith(what));

describe('close everything', () => {
  it('cancels every order, then closes each position of both exchanges once, confirmed by the stream', async () => {
    okx.positions = [openPositionOf('okx', 'one-way')];
    okx.openOrders = [orderOf('okx', '1'), orderOf('okx', '2')];
    bybit.positions = [openPositionOf('bybit', 'long'), openPositionOf('bybit', 'short')];
    bybit.openOrders = [orderOf('bybit', '3'), orderOf('bybit', '4')];
    cancelsEverything(okx);
    cancelsEverything(bybit);

    const worker = startWorker();
    const started = await worker.start();
    expect(started.phase).toBe('running');
    const view = await fillUntilDone(worker);

    expect(okx.closes.map((call) => call.clientOrderId)).toEqual(['flat0o0']);
    expect(bybit.closes.map((call) => call.clientOrderId)).toEqual(['flat0b0', 'flat0b1']);
    expect(view.items.filter((item) => item.kind === 'order').map((item) => item.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(view.items.filter((item) => item.kind === 'position').map((item) => item.words)).toEqual([
      'Closed; OKX confirmed it.',
      'Closed; Bybit confirmed it.',
      'Closed; Bybit confirmed it.',
    ]);
    expect(view.report).toEqual([
      'Flat on every exchange Perch trades on.',
      'OKX is flat: 1 position closed, 2 orders cancelled.',
      'Bybit is flat: 2 positions closed, 2 orders cancelled.',
    ]);
    await expect(closes.inFlight()).resolves.toEqual([]);
  });

  it('answers the run already going instead of starting a second', async () => {
    okx.positions = [openPositionOf('okx', 'one-way')];
    const worker = startWorker();
    const first = await worker.start();
    await until(() => okx.closes.length === 1);
    await expect(worker.start()).resolves.toMatchObject({ runId: first.runId });
    await fillUntilDone(worker);
    expect(okx.closes).toHaveLength(1);
  });

  it('flattens the reachable exchange and says plainly what it could not see on a locked one', async () => {
    okx.positions = [openPositionOf('okx', 'one-way')];
    bybit.positions = [openPositionOf('bybit', 'long')];
    const view = await fillUntilDone(await startedWorker({ bybit: 'locked' }));

    expect(bybit.closes).toHaveLength(0);
    expect(okx.closes).toHaveLength(1);
    expect(view.report).toEqual([
      'Not everything is closed: see below.',
      'OKX is flat: 1 position closed, 0 orders cancelled.',
      'Bybit: Perch is locked, so it could not see or close anything on Bybit: whatever is open there is still open.',
    ]);
    expect(stateOf(view, 'Bybit')).toMatchObject({ kind: 'exchange', state: 'open' });
  });

  it('says which exchange it could not reach, and one without a key is no failure', async () => {
    okx.restFailure = new Error('socket hang up');
    bybit.positions = [openPositionOf('bybit', 'long')];
    const unreachable = await fillUntilDone(await startedWorker());
    expect(unreachable.report[1]).toBe(
      'OKX: Perch could not reach OKX to list its positions and orders (socket hang up), so it touched nothing there: whatever is open there is still open.',
    );
    expect(okx.closes).toHaveLength(0);

    const noKey = await fillUntilDone(await startedWorker({ okx: 'none' }));
    expect(noKey.report[0]).toBe('Flat on every exchange Perch trades on.');
    expect(noKey.report[1]).toBe('OKX: no API key is saved for OKX, so Perch has nothing there to close.');
  });

  it('resumes after a worker stop mid-close from the exchange, without a second close', async () => {
    okx.positions = [openPositionOf('okx', 'long'), openPositionOf('okx', 'short')];
    await startedWorker();
    await until(() => okx.closes.length === 1);
    // The worker stops here: its close left (the exchange will fill it) but no answer came back.

    const next = startWorker();
    const resumed = next.resume();
    await time.flush();
    time.advance(5_000);
    await time.flush();
    expect(okx.closes).toHaveLength(1);
    // The first worker's close lands; the exchange shows the position gone.
    okx.positions = okx.positions.filter((position) => position.positionSlot !== 'long');
    time.advance(5_000);
    await until(() => okx.closes.length === 2);
    fill(okx, 1);
    await resumed;

    const view = await next.status();
    expect(okx.closes.map((call) => [call.position.positionSlot, call.clientOrderId])).toEqual([
      ['long', 'flat0o0'],
      ['short', 'flat0o1'],
    ]);
    expect(view?.phase).toBe('done');
    expect(view?.items.map((item) => item.state)).toEqual(['done', 'done']);
  });

  it('closes a position that flipped or grew since the plan as the exchange shows it then', async () => {
    okx.positions = [openPositionOf('okx', 'one-way'), openPositionOf('okx', 'one-way', 'ETH-USDT-SWAP')];
    const worker = await startedWorker();
    await until(() => okx.closes.length === 1);
    const flipped: Position = {
      ...openPositionOf('okx', 'one-way', 'ETH-USDT-SWAP'),
      side: 'short',
      sizeContracts: '5',
    };
    okx.positions = [okx.positions[0] as Position, flipped];
    fill(okx, 0);
    await until(() => okx.closes.length === 2);
    expect(okx.closes[1]?.position).toMatchObject({ side: 'short', sizeContracts: '5' });
    fill(okx, 1);
    const view = await fillUntilDone(worker);
    expect(stateOf(view, 'ETH-USDT-SWAP')).toMatchObject({ what: 'ETH-USDT-SWAP short 5', state: 'done' });
  });

  it('reports a refused close and a refused cancel in words, and goes on with the rest', async () => {
    okx.positions = [openPositionOf('okx', 'one-way'), openPositionOf('okx', 'one-way', 'ETH-USDT-SWAP')];
    okx.openOrders = [orderOf('okx', '1')];
    okx.cancelAll = () => Promise.reject(new Error('Cancel all is not built yet.'));
    const worker = await startedWorker();
    await until(() => okx.closes.length === 1);
    okx.closes[0]?.fail(
      new ExchangeError({
        exchange: 'okx',
        endpoint: 'POST /api/v5/trade/order',
        httpStatus: 200,
        code: '51008',
        exchangeMessage: 'Insufficient margin',
        raw: '',
      }),
    );
    const view = await fillUntilDone(worker);

    expect(okx.closes).toHaveLength(2);
    expect(stateOf(view, 'BTC-USDT-SWAP')).toMatchObject({
      state: 'refused',
      words: expect.stringContaining(
        'refused to close the BTC-USDT-SWAP position on OKX for lack of available margin',
      ) as unknown,
    });
    expect(stateOf(view, 'BTC-USDT-SWAP buy')).toMatchObject({
      state: 'refused',
      words: 'OKX did not cancel it: Cancel all is not built yet.',
    });
    expect(view.report[1]).toMatch(
      /^OKX is not flat: 1 position closed, 0 orders cancelled\. Still open on OKX: BTC-USDT-SWAP long 2: OKX refused/,
    );
  });
});

async function startedWorker(access?: Partial<Record<ExchangeId, KeyAccess>>): Promise<FlattenService> {
  const worker = startWorker(access);
  await worker.start();
  return worker;
}
