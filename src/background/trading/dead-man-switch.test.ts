import { describe, expect, it } from 'vitest';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createDeadManSwitch, type DeadManRecord } from './dead-man-switch';

const ON = { enabled: true, timeoutSeconds: 60 };
const OFF = { enabled: false, timeoutSeconds: 60 };

/** A switch over a fake OKX that records each cancel-all-after call, at its fake time. */
function rig(options: { kept?: DeadManRecord; failWith?: string } = {}) {
  const time = createFakeTime();
  const calls: { readonly at: number; readonly seconds: number }[] = [];
  let kept: DeadManRecord | null = options.kept ?? null;
  let failWith = options.failWith;
  const deadMan = createDeadManSwitch({
    clock: time.clock,
    timers: time.timers,
    cancelAllAfter: (seconds) => {
      calls.push({ at: time.clock.now(), seconds });
      if (failWith !== undefined) return Promise.reject(new Error(failWith));
      return Promise.resolve({ armedUntil: seconds === 0 ? undefined : time.clock.now() + seconds * 1_000 });
    },
    store: {
      load: () => Promise.resolve(kept),
      save: (record) => {
        kept = record;
        return Promise.resolve();
      },
    },
  });
  const start = time.clock.now();
  /** Each call as [seconds after the start, timeOut sent]. */
  const sent = () => calls.map(({ at, seconds }) => [(at - start) / 1_000, seconds]);
  const advance = async (ms: number) => {
    for (let step = 0; step < ms; step += 100) {
      time.advance(Math.min(100, ms - step));
      await time.flush();
    }
  };
  return {
    time,
    deadMan,
    sent,
    advance,
    kept: () => kept,
    failing: (message: string | undefined) => {
      failWith = message;
    },
  };
}

describe('the dead-man switch', () => {
  it('sends nothing while it is off, or on with no resting order', async () => {
    const { deadMan, sent, advance } = rig();
    await deadMan.start();
    deadMan.update({ setting: OFF, ordersResting: true });
    await advance(120_000);
    deadMan.update({ setting: ON, ordersResting: false });
    await advance(120_000);

    expect(sent()).toEqual([]);
    expect(deadMan.view()).toEqual({ enabled: true, timeoutSeconds: 60 });
  });

  it('arms at once while orders rest and renews at every third of the timeout', async () => {
    const { deadMan, sent, advance, time } = rig();
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await time.flush();
    expect(deadMan.view()).toEqual({
      enabled: true,
      timeoutSeconds: 60,
      armedUntil: time.clock.now() + 60_000,
    });

    await advance(65_000);
    expect(sent()).toEqual([
      [0, 60],
      [20, 60],
      [40, 60],
      [60, 60],
    ]);
  });

  it('disarms with 0 when turned off and when the last order stops resting', async () => {
    const { deadMan, sent, advance } = rig();
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await advance(5_000);
    deadMan.update({ ordersResting: false });
    await advance(1_000);
    deadMan.update({ ordersResting: true });
    await advance(5_000);
    deadMan.update({ setting: OFF });
    await advance(60_000);

    expect(sent()).toEqual([
      [0, 60],
      [5, 0],
      [6, 60],
      [11, 0],
    ]);
    expect(deadMan.view()).toEqual({ enabled: false, timeoutSeconds: 60 });
  });

  it('never calls OKX twice within a second, however fast things change', async () => {
    const { deadMan, sent, advance } = rig();
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await advance(100);
    deadMan.update({ ordersResting: false });
    deadMan.update({ ordersResting: true });
    deadMan.update({ ordersResting: false });
    await advance(300);
    deadMan.update({ setting: { enabled: true, timeoutSeconds: 10 }, ordersResting: true });
    await advance(3_000);

    const times = sent().map(([at]) => at ?? 0);
    for (const [index, at] of times.entries())
      if (index > 0) expect(at - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(1);
    // A new timeout is armed at once (after the second's wait), then renewed every third of it.
    expect(sent()).toEqual([
      [0, 60],
      [1, 10],
    ]);
    await advance(4_000);
    const [renewedAt, seconds] = sent().at(-1) ?? [];
    expect(seconds).toBe(10);
    expect(renewedAt).toBeCloseTo(1 + 10 / 3, 2);
  });

  it('a woken worker renews the timer the last one armed when it is due, not before', async () => {
    const armedAt = 1_704_067_200_000 - 5_000;
    const { deadMan, sent, advance } = rig({
      kept: { armedUntil: armedAt + 60_000, armedAt, armedSeconds: 60, lastCallAt: armedAt },
    });
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await advance(14_000);
    expect(sent()).toEqual([]);
    await advance(1_000);
    expect(sent()).toEqual([[15, 60]]);
  });

  it('a woken worker disarms the timer the last one left when the switch is now off', async () => {
    const armedAt = 1_704_067_200_000 - 5_000;
    const { deadMan, sent, advance, kept } = rig({
      kept: { armedUntil: armedAt + 60_000, armedAt, armedSeconds: 60, lastCallAt: armedAt },
    });
    deadMan.update({ setting: OFF, ordersResting: true });
    await advance(1_000);
    expect(sent()).toEqual([]);

    await deadMan.start();
    await advance(100);
    expect(sent()).toEqual([[1, 0]]);
    expect(kept()?.armedUntil).toBeUndefined();
  });

  it('says why a call failed and tries again a third of the timeout later', async () => {
    const { deadMan, sent, advance, failing } = rig({ failWith: 'OKX is not set up' });
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await advance(100);
    expect(deadMan.view()).toEqual({ enabled: true, timeoutSeconds: 60, problem: 'OKX is not set up' });

    failing(undefined);
    await advance(20_000);
    expect(sent()).toEqual([
      [0, 60],
      [20, 60],
    ]);
    expect(deadMan.view().problem).toBeUndefined();
    expect(deadMan.view().armedUntil).toBeDefined();
  });

  it('a tick after a lost timer renews at once when the renewal is overdue', async () => {
    const armedAt = 1_704_067_200_000 - 30_000;
    const { deadMan, sent, time } = rig({
      kept: { armedUntil: armedAt + 60_000, armedAt, armedSeconds: 60, lastCallAt: armedAt },
    });
    await deadMan.start();
    deadMan.update({ setting: ON, ordersResting: true });
    await time.flush();
    deadMan.tick();
    await time.flush();
    expect(sent()).toEqual([[0, 60]]);
  });
});
