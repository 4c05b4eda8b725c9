import { beforeEach, describe, expect, it } from 'vitest';
import type { CancelOrderRequest, CancelResult } from '../../contracts/orders';
import { NetworkError, type ExchangeId, type ProtectionEvent } from '../../exchanges';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { anOrder, aProtectionLeg } from '../portfolio/model-fakes.test-helper';
import { createOrderCancelService, REFUSAL_GRACE_MS, type OrderCancelService } from './order-cancel-service';
import { createFakeOrderExchange, orderRegistry, type FakeOrderExchange } from './orders-fake.test-helper';
import { openPositionOf, SYMBOL } from './trading-fake.test-helper';

const CONFIRM_MS = 5_000;
let time: FakeTime;

beforeEach(() => {
  time = createFakeTime();
});

function serviceFor(fake: FakeOrderExchange): OrderCancelService {
  return createOrderCancelService({
    registry: orderRegistry({ [fake.exchange.id]: fake }),
    timers: time.timers,
    confirmTimeoutMs: CONFIRM_MS,
  });
}

/** A promise's answer so far: undefined while it is still waiting. */
function track<T>(promise: Promise<T>): { value: T | undefined } {
  const seen: { value: T | undefined } = { value: undefined };
  void promise.then((value) => {
    seen.value = value;
  });
  return seen;
}

async function until(ready: () => boolean): Promise<void> {
  for (let round = 0; round < 50 && !ready(); round++) await time.flush();
  if (!ready()) throw new Error('never happened');
}

const REFUSED: Record<ExchangeId, { code: string; said: string }> = {
  okx: { code: '51400', said: 'Cancellation failed as the order does not exist.' },
  bybit: { code: '110001', said: 'Order does not exist.' },
};

describe.each<ExchangeId>(['okx', 'bybit'])('cancelling one order on %s', (id) => {
  let fake: FakeOrderExchange;
  let service: OrderCancelService;
  const order = (overrides: Partial<CancelOrderRequest> = {}): CancelOrderRequest => ({
    exchange: id,
    instrument: { symbol: SYMBOL[id], kind: 'perpetual' },
    source: 'order',
    id: 'o-1',
    ...overrides,
  });
  const pushOrder = (status: 'cancelled' | 'filled') => {
    fake.push(anOrder({ exchange: id, symbol: SYMBOL[id], orderId: 'o-1', status }));
  };

  beforeEach(() => {
    fake = createFakeOrderExchange(id);
    service = serviceFor(fake);
  });

  it('answers only once the private stream shows the order cancelled, not on the exchange taking it', async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    expect(fake.cancels[0]?.target).toEqual({
      instrument: { kind: 'perpetual', symbol: SYMBOL[id] },
      orderId: 'o-1',
    });
    fake.cancels[0]?.answer({});
    await time.flush();
    expect(result.value).toBeUndefined();

    pushOrder('cancelled');
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('cancelled');
    expect(result.value?.message).toContain('is cancelled');
    expect(fake.orderListeners()).toBe(0);
  });

  it('says the order filled when it filled before the cancel reached it', async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    pushOrder('filled');
    fake.cancels[0]?.answer({ code: REFUSED[id].code, message: REFUSED[id].said });
    await until(() => result.value !== undefined);
    expect(result.value).toEqual<CancelResult>({
      status: 'filled',
      message: `The order o-1 on ${id === 'okx' ? 'OKX' : 'Bybit'} ${SYMBOL[id]} filled before the cancel reached it.`,
    });
  });

  it("waits a moment after a refusal for the fill's push, which may trail the answer", async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    fake.cancels[0]?.answer({ code: REFUSED[id].code, message: REFUSED[id].said });
    await time.flush();
    expect(result.value).toBeUndefined();
    time.advance(REFUSAL_GRACE_MS / 2);
    pushOrder('filled');
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('filled');
  });

  it("words a refusal with the exchange's own code when the stream shows nothing", async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    fake.cancels[0]?.answer({ code: REFUSED[id].code, message: REFUSED[id].said });
    await time.flush();
    time.advance(REFUSAL_GRACE_MS);
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('refused');
    expect(result.value?.message).toContain('is no longer open');
    expect(result.value?.message).toContain(`said: ${REFUSED[id].code} "${REFUSED[id].said}"`);
  });

  it('says unconfirmed when the exchange took it but the stream stayed silent', async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    fake.cancels[0]?.answer({});
    await time.flush();
    time.advance(CONFIRM_MS - 1);
    await time.flush();
    expect(result.value).toBeUndefined();
    time.advance(1);
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('unconfirmed');
  });

  it('an unanswered cancel may have gone through: the stream still decides', async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    fake.cancels[0]?.fail(new NetworkError('POST /cancel', 'socket closed'));
    await time.flush();
    time.advance(REFUSAL_GRACE_MS * 2);
    pushOrder('cancelled');
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('cancelled');
  });

  it('a stream push missed before a resubscribe is read over REST', async () => {
    const result = track(service.cancelOne(order()));
    await until(() => fake.cancels.length === 1);
    fake.cancels[0]?.answer({});
    await time.flush();
    fake.base.subscribed();
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('cancelled');
    expect(result.value?.message).toContain('is no longer open');
  });

  it('cancels a stop waiting on a position through the protection facet, confirmed by its stream', async () => {
    const position = openPositionOf(id, 'one-way');
    const stop = aProtectionLeg({ id: 'algo-9', triggerPrice: '59000' });
    fake.base.positions = [position];
    fake.base.protection = [
      {
        exchange: id,
        symbol: SYMBOL[id],
        instrumentKind: 'perpetual',
        positionSlot: 'one-way',
        legs: [stop],
      },
    ];
    const result = track(
      service.cancelOne(order({ source: 'leg', id: 'algo-9', role: 'stop', slot: 'one-way' })),
    );
    await until(() => fake.base.protectionCalls.length === 1);
    expect(fake.base.protectionCalls[0]?.method).toBe('cancel');
    expect(fake.base.protectionCalls[0]?.args).toEqual([position, stop]);
    fake.base.protectionCalls[0]?.answer({});
    await time.flush();
    expect(result.value).toBeUndefined();
    const gone: ProtectionEvent = {
      kind: 'protection',
      exchange: id,
      symbol: SYMBOL[id],
      instrumentKind: 'perpetual',
      positionSlot: 'one-way',
      ts: 1,
      leg: stop,
      status: 'triggered',
      rawStatus: 'effective',
    };
    fake.push(gone);
    await until(() => result.value !== undefined);
    expect(result.value?.status).toBe('filled');
    expect(result.value?.message).toMatch(/^The stop on .* fired before the cancel reached it\.$/);
  });

  it('refuses a leg that is no longer waiting, sending nothing', async () => {
    fake.base.positions = [openPositionOf(id, 'one-way')];
    const result = await service.cancelOne(order({ source: 'leg', id: 'algo-9', role: 'stop' }));
    expect(result.status).toBe('refused');
    expect(fake.base.protectionCalls).toEqual([]);
  });
});

it('finds a Bybit order of unknown kind among the open orders of each kind', async () => {
  const fake = createFakeOrderExchange('bybit');
  fake.base.openOrders = [anOrder({ orderId: 'spot-1', symbol: 'BTCUSDT' })];
  const service = serviceFor(fake);
  const result = track(
    service.cancelOne({
      exchange: 'bybit',
      instrument: { symbol: 'BTCUSDT' },
      source: 'order',
      id: 'spot-1',
    }),
  );
  await until(() => fake.cancels.length === 1);
  // The fake lists every kind's orders alike: the first kind asked holds it.
  expect(fake.cancels[0]?.target.instrument).toEqual({ kind: 'perpetual', symbol: 'BTCUSDT' });
  fake.push(anOrder({ orderId: 'spot-1', symbol: 'BTCUSDT', status: 'cancelled' }));
  fake.cancels[0]?.answer({});
  await until(() => result.value !== undefined);
  expect(result.value?.status).toBe('cancelled');
});

it('reads the kind of an OKX order from its instrument id', async () => {
  const fake = createFakeOrderExchange('okx');
  const service = serviceFor(fake);
  void service.cancelOne({
    exchange: 'okx',
    instrument: { symbol: 'BTC-USD-250328' },
    source: 'order',
    id: 'f-1',
  });
  await until(() => fake.cancels.length === 1);
  expect(fake.cancels[0]?.target.instrument).toEqual({ kind: 'future', symbol: 'BTC-USD-250328' });
});

it('refuses in words on an exchange that is turned off', async () => {
  const service = serviceFor(createFakeOrderExchange('okx'));
  await expect(
    service.cancelOne({ exchange: 'bybit', instrument: { symbol: 'BTCUSDT' }, source: 'order', id: 'x' }),
  ).rejects.toMatchObject({ name: 'ExchangeNotConnectedError' });
});

describe('cancelling all', () => {
  it('on an instrument: tells how each order ended, by the stream', async () => {
    const fake = createFakeOrderExchange('okx');
    const service = serviceFor(fake);
    const result = track(service.cancelAll('okx', { symbol: 'BTC-USDT-SWAP', kind: 'perpetual' }));
    await until(() => fake.cancelAlls.length === 1);
    expect(fake.cancelAlls[0]?.target).toEqual({
      instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    });
    const ack = (orderId: string, code = '0', message = '') => ({
      exchange: 'okx' as const,
      orderId,
      clientOrderId: '',
      code,
      message,
    });
    fake.push(anOrder({ exchange: 'okx', orderId: 'b', status: 'filled' }));
    fake.cancelAlls[0]?.answer([
      ack('a'),
      ack('b', '51402', 'Cancellation failed as the order has been completed.'),
      ack('c'),
      ack('d', '51000', 'Parameter error'),
    ]);
    await time.flush();
    fake.push(anOrder({ exchange: 'okx', orderId: 'a', status: 'cancelled' }));
    await time.flush();
    expect(result.value).toBeUndefined();
    time.advance(CONFIRM_MS);
    await time.flush();
    time.advance(REFUSAL_GRACE_MS);
    await until(() => result.value !== undefined);
    expect(result.value).toMatchObject({ cancelled: 1, filled: 1, refused: 1, unconfirmed: 1 });
    expect(result.value?.message).toMatch(
      /^OKX BTC-USDT-SWAP: 1 order cancelled; 1 order filled before the cancel reached them; 1 cancel refused; 1 cancel taken but not yet shown cancelled.*OKX refused to cancel the order d\. OKX said: 51000 "Parameter error"\.$/,
    );
  });

  it('on an exchange: the whole account, answered once every order left', async () => {
    const fake = createFakeOrderExchange('bybit');
    const result = track(serviceFor(fake).cancelAll('bybit'));
    await until(() => fake.cancelAlls.length === 1);
    expect(fake.cancelAlls[0]?.target).toEqual({});
    fake.cancelAlls[0]?.answer([
      { exchange: 'bybit', orderId: 'a', clientOrderId: '', code: '0', message: '' },
    ]);
    await time.flush();
    fake.push(anOrder({ orderId: 'a', status: 'cancelled' }));
    await until(() => result.value !== undefined);
    expect(result.value).toMatchObject({ cancelled: 1, message: 'Bybit: 1 order cancelled.' });
  });

  it('says so when the exchange refuses the whole call', async () => {
    const fake = createFakeOrderExchange('bybit');
    const result = track(serviceFor(fake).cancelAll('bybit'));
    await until(() => fake.cancelAlls.length === 1);
    fake.cancelAlls[0]?.fail(new Error('cancel all is not built yet'));
    await until(() => result.value !== undefined);
    expect(result.value).toEqual({
      cancelled: 0,
      filled: 0,
      refused: 0,
      unconfirmed: 0,
      message: 'Perch could not cancel the open orders on Bybit: cancel all is not built yet',
    });
  });

  it('with nothing open says there was nothing to cancel', async () => {
    const fake = createFakeOrderExchange('okx');
    const result = track(serviceFor(fake).cancelAll('okx'));
    await until(() => fake.cancelAlls.length === 1);
    fake.cancelAlls[0]?.answer([]);
    await until(() => result.value !== undefined);
    expect(result.value?.message).toBe('No open orders to cancel on OKX.');
  });
});
