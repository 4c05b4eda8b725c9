import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeenPosition } from '../../contracts';
import {
  ExchangeError,
  TimeoutError,
  UnsupportedError,
  type ExchangeId,
  type ProtectionEvent,
  type ProtectionLeg,
} from '../../exchanges';
import { createFakeTime, type FakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { anInstrument } from '../market/instrument-fakes.test-helper';
import { aProtectionLeg } from '../portfolio/model-fakes.test-helper';
import { CLOSE_IN_TRANSIT_MS } from './close-reconcile';
import type { ProtectionAction } from './protection-plan';
import { createProtectionService, RECONCILE_AGAIN_MS, type ProtectionService } from './protection-service';
import { createProtectionJournal, type ProtectionJournal } from './protection-store';
import {
  createFakeRegistry,
  createFakeTradingExchange,
  openPositionOf,
  SYMBOL,
  type FakeTradingExchange,
} from './trading-fake.test-helper';

let time: FakeTime;
let journal: ProtectionJournal;

beforeEach(() => {
  fakeBrowser.reset();
  time = createFakeTime();
  journal = createProtectionJournal();
});

const instrumentOf = (id: ExchangeId) =>
  anInstrument(id, SYMBOL[id], { tickSize: '0.5', lotSize: '0.5', minSize: '0.5', contractValue: '1' });

/** A worker's protection service; a second call with the same journal is the worker after a restart. */
function startWorker(fake: FakeTradingExchange, id: ExchangeId): ProtectionService {
  let next = 0;
  return createProtectionService({
    registry: createFakeRegistry({ [id]: fake }),
    journal,
    clock: time.clock,
    timers: time.timers,
    newActionId: () => `perch${time.clock.now()}n${next++}`,
    instrumentOf: () => Promise.resolve(instrumentOf(id)),
    logger: { warn: () => undefined },
    confirmTimeoutMs: 5_000,
  });
}

async function callsSent(fake: FakeTradingExchange, count: number): Promise<void> {
  while (fake.protectionCalls.length < count) await time.flush();
}

const stopLeg = (id: string, triggerPrice: string) => aProtectionLeg({ id, triggerPrice });

describe.each<ExchangeId>(['okx', 'bybit'])('protecting a position on %s', (id) => {
  const target = {
    exchange: id,
    instrument: { kind: 'perpetual' as const, symbol: SYMBOL[id] },
    slot: 'one-way' as const,
  };
  // openPositionOf: long 2 from 60000, mark 61000.
  const seen: SeenPosition = { side: 'long', sizeContracts: '2' };
  const position = {
    exchange: id,
    symbol: SYMBOL[id],
    instrumentKind: 'perpetual',
    positionSlot: 'one-way',
  } as const;
  const pushed = (leg: ProtectionLeg, status: ProtectionEvent['status'] = 'live'): ProtectionEvent => ({
    ...position,
    kind: 'protection',
    ts: time.clock.now(),
    leg,
    status,
    rawStatus: status,
  });
  let fake: FakeTradingExchange;

  beforeEach(() => {
    fake = createFakeTradingExchange(id);
    fake.positions = [openPositionOf(id, 'one-way')];
  });

  const setStop = (triggerPrice: string): ProtectionAction => ({ type: 'set', role: 'stop', triggerPrice });

  it('sends a stop rounded to the tick, says so, and is confirmed by the protection stream', async () => {
    const worker = startWorker(fake, id);
    const result = worker.act(target, seen, setStop('59000.3'));
    await callsSent(fake, 1);
    expect(fake.protectionCalls[0]).toMatchObject({ method: 'protect' });
    expect(fake.protectionCalls[0]?.args[0]).toMatchObject({ role: 'stop', triggerPrice: '59000.5' });
    // Journalled before it left.
    await expect(journal.inFlight()).resolves.toMatchObject([{ kind: 'stop', startedAt: time.clock.now() }]);
    fake.protectionCalls[0]?.answer({ legId: 'leg-1' });
    const answer = await result;
    expect(answer).toMatchObject({ status: 'sent', legId: 'leg-1' });
    expect(answer.message).toContain('Rounded to 59000.5: prices move in steps of 0.5.');
    await expect(journal.inFlight()).resolves.toEqual([]);
    if (answer.status !== 'sent') throw new Error('not sent');
    const confirmed = worker.confirmation(answer.actionId);
    fake.push(pushed(stopLeg('leg-1', '58000')));
    fake.push(pushed(stopLeg('leg-1', '59000.5')));
    await expect(confirmed).resolves.toBe(true);
  });

  it('keeps one stop in flight per position; a target may go at the same time', async () => {
    const worker = startWorker(fake, id);
    const first = worker.act(target, seen, setStop('59000'));
    await callsSent(fake, 1);
    await expect(worker.act(target, seen, setStop('58000'))).resolves.toMatchObject({
      status: 'in-progress',
      message: `A stop change of the ${SYMBOL[id]} position on ${id === 'okx' ? 'OKX' : 'Bybit'} is already on its way; nothing more was sent.`,
    });
    const target2 = worker.act(target, seen, { type: 'set', role: 'target', triggerPrice: '65000' });
    await callsSent(fake, 2);
    fake.protectionCalls[0]?.answer();
    fake.protectionCalls[1]?.answer();
    await expect(first).resolves.toMatchObject({ status: 'sent' });
    await expect(target2).resolves.toMatchObject({ status: 'sent' });
    // Until the stream confirms the first stop, a second one is still refused.
    await expect(worker.act(target, seen, setStop('58000'))).resolves.toMatchObject({
      status: 'in-progress',
    });
    expect(fake.protectionCalls).toHaveLength(2);
  });

  it('refuses in words what the rules or the exchange refuse, sending nothing twice', async () => {
    const worker = startWorker(fake, id);
    await expect(worker.act(target, seen, setStop('62000'))).resolves.toEqual({
      status: 'refused',
      message: 'A stop on a long must be below the mark price (61000); 62000 is not.',
    });
    await expect(
      worker.act(target, seen, { type: 'close-part', part: { size: '0.2' } }),
    ).resolves.toMatchObject({
      status: 'refused',
      message: expect.stringContaining('below the smallest order this market takes (0.5)') as unknown,
    });
    expect(fake.protectionCalls).toHaveLength(0);
    const rejected = worker.act(target, seen, setStop('59000'));
    await callsSent(fake, 1);
    fake.protectionCalls[0]?.fail(
      new ExchangeError({
        exchange: id,
        endpoint: 'POST /x',
        httpStatus: 200,
        code: '10001',
        exchangeMessage: 'bad trigger price',
        raw: '',
      }),
    );
    await expect(rejected).resolves.toMatchObject({
      status: 'refused',
      message: expect.stringContaining('said: 10001 "bad trigger price"') as unknown,
    });
    await expect(journal.inFlight()).resolves.toEqual([]);
  });

  it('passes an exchange without stops yet on in its own words', async () => {
    const worker = startWorker(fake, id);
    const result = worker.act(target, seen, { type: 'breakeven' });
    await callsSent(fake, 1);
    fake.protectionCalls[0]?.fail(new UnsupportedError(`Stops and targets on ${id} are not built yet.`));
    await expect(result).resolves.toEqual({
      status: 'refused',
      message: `Stops and targets on ${id} are not built yet. Nothing was sent.`,
    });
  });

  it('refuses a position that flipped or grew since the trader saw it', async () => {
    fake.positions = [{ ...openPositionOf(id, 'one-way'), sizeContracts: '3' }];
    await expect(startWorker(fake, id).act(target, seen, setStop('59000'))).rejects.toMatchObject({
      name: 'PositionChangedError',
      message: expect.stringContaining('Nothing was sent; look again and try once more.') as unknown,
    });
    expect(fake.protectionCalls).toHaveLength(0);
  });

  it('cancels a listed leg and is confirmed when the stream shows it gone', async () => {
    fake.protection = [{ ...position, legs: [stopLeg('leg-9', '58000')] }];
    const worker = startWorker(fake, id);
    await expect(worker.act(target, seen, { type: 'cancel', legId: 'gone' })).resolves.toMatchObject({
      status: 'refused',
    });
    const result = worker.act(target, seen, { type: 'cancel', legId: 'leg-9' });
    await callsSent(fake, 1);
    fake.protectionCalls[0]?.answer();
    const answer = await result;
    if (answer.status !== 'sent') throw new Error(answer.message);
    expect(answer.message).toContain('The cancellation of the stop at 58000');
    fake.push(pushed(stopLeg('leg-9', '58000'), 'cancelled'));
    await expect(worker.confirmation(answer.actionId)).resolves.toBe(true);
  });

  it('closes half the position reduce-only by its action id, confirmed by the positions stream', async () => {
    const worker = startWorker(fake, id);
    const result = worker.act(target, seen, { type: 'close-part', part: { percent: 50 } });
    await callsSent(fake, 1);
    const call = fake.protectionCalls[0];
    expect(call?.method).toBe('closePart');
    expect(call?.args[1]).toBe('1');
    call?.answer();
    const answer = await result;
    if (answer.status !== 'sent') throw new Error(answer.message);
    expect(call?.args[2]).toBe(answer.actionId);
    fake.push({ ...openPositionOf(id, 'one-way'), kind: 'position', ts: 1, sizeContracts: '1' });
    await expect(worker.confirmation(answer.actionId)).resolves.toBe(true);
  });

  it('unanswered: says it may have gone through, and the next worker settles it once without sending again', async () => {
    const first = startWorker(fake, id);
    const result = first.act(target, seen, setStop('59000'));
    await callsSent(fake, 1);
    fake.restFailure = new TimeoutError('GET /x', 10_000);
    fake.protectionCalls[0]?.fail(new TimeoutError('POST /x', 10_000));
    await expect(result).rejects.toMatchObject({ name: 'ProtectionUnconfirmedError' });
    await expect(journal.inFlight()).resolves.toHaveLength(1);

    // The worker stops; the exchange did take the stop.
    fake.restFailure = undefined;
    fake.protection = [{ ...position, legs: [stopLeg('leg-2', '59000')] }];
    const second = startWorker(fake, id);
    await expect(second.reconcile()).resolves.toMatchObject([
      { outcome: 'done', message: expect.stringContaining('The stop at 59000 for the') as unknown },
    ]);
    await expect(startWorker(fake, id).reconcile()).resolves.toEqual([]);
    await expect(journal.settled()).resolves.toHaveLength(1);
    expect(fake.protectionCalls).toHaveLength(1);
  });

  it('a worker stopped before the answer: the next keeps the stop busy while it may be on its way, then calls it not done', async () => {
    const first = startWorker(fake, id);
    void first.act(target, seen, setStop('59000'));
    await callsSent(fake, 1);
    // Killed before any answer: the record is all that is left.
    const second = startWorker(fake, id);
    await expect(second.reconcile()).resolves.toEqual([]);
    await expect(second.act(target, seen, setStop('58500'))).resolves.toMatchObject({
      status: 'in-progress',
    });
    time.advance(CLOSE_IN_TRANSIT_MS);
    await expect(startWorker(fake, id).reconcile()).resolves.toMatchObject([
      { outcome: 'not-done', message: expect.stringContaining('Perch did not send it again') as unknown },
    ]);
    expect(fake.protectionCalls).toHaveLength(1);
  });

  it('a worker stopped before the answer: the next settles it by itself once the exchange shows it, sending nothing', async () => {
    const first = startWorker(fake, id);
    void first.act(target, seen, setStop('59000'));
    await callsSent(fake, 1);
    const second = startWorker(fake, id);
    await expect(second.reconcile()).resolves.toEqual([]);

    // The held request lands: nobody acts on the position again, yet the record settles.
    fake.protection = [{ ...position, legs: [stopLeg('leg-2', '59000')] }];
    time.advance(RECONCILE_AGAIN_MS);
    for (let turn = 0; turn < 20 && (await journal.inFlight()).length > 0; turn++) await time.flush();
    await expect(journal.settled()).resolves.toMatchObject([{ outcome: 'done' }]);
    expect(fake.protectionCalls).toHaveLength(1);
  });
});
