import { describe, expect, it } from 'vitest';
import { ONE_DAY_MS, ONE_WEEK_MS, createServerClock, estimateClockOffset } from './clock';
import { createManualTime } from './http-fake.test-helper';

describe('clock offset', () => {
  it('exports the history windows', () => {
    expect(ONE_DAY_MS).toBe(86400000);
    expect(ONE_WEEK_MS).toBe(604800000);
  });

  it('measures against the round-trip midpoint', () => {
    expect(estimateClockOffset([{ sentAt: 1000, serverTime: 1600, receivedAt: 1200 }])).toBe(500);
  });

  it('takes the median so one slow sample cannot skew it', () => {
    const samples = [
      { sentAt: 0, serverTime: 150, receivedAt: 100 },
      { sentAt: 0, serverTime: 5000, receivedAt: 9000 },
      { sentAt: 0, serverTime: 160, receivedAt: 100 },
      { sentAt: 0, serverTime: 140, receivedAt: 100 },
    ];
    expect(estimateClockOffset(samples)).toBe(105);
    expect(estimateClockOffset(samples.slice(0, 3))).toBe(110);
  });

  it('needs at least one sample', () => {
    expect(() => estimateClockOffset([])).toThrow('estimateClockOffset needs at least one sample');
  });
});

describe('server clock', () => {
  function setup(serverAhead: number, unreachable = () => false) {
    const time = createManualTime(1_000_000);
    const warnings: string[] = [];
    let calls = 0;
    const clock = createServerClock({
      clock: time,
      label: 'OKX',
      logger: { warn: (message) => warnings.push(message) },
      fetchServerTime: () => {
        calls += 1;
        if (unreachable()) return Promise.reject(new Error('503'));
        time.advance(40); // 40 ms each way
        const server = time.now() + serverAhead;
        time.advance(40);
        return Promise.resolve(server);
      },
    });
    return { time, clock, warnings, calls: () => calls };
  }

  it('takes five samples and corrects now() by the offset', async () => {
    const { time, clock, calls } = setup(300);
    expect(await clock.sync()).toBe(300);
    expect(calls()).toBe(5);
    expect(clock.now()).toBe(time.now() + 300);
    expect(clock.offsetMs()).toBe(300);
  });

  it('warns when the offset is above 500 ms, either way', async () => {
    const ahead = setup(-750);
    await ahead.clock.sync();
    expect(ahead.warnings).toEqual([
      "Your computer's clock is 750 ms ahead of OKX server time (more than 500 ms). Perch signs requests with corrected time; consider syncing your system clock.",
    ]);
    const behind = setup(501);
    await behind.clock.sync();
    expect(behind.warnings[0]).toContain('501 ms behind OKX server time');
  });

  it('stays quiet at 500 ms or less', async () => {
    const { clock, warnings } = setup(500);
    await clock.sync();
    expect(warnings).toEqual([]);
  });

  it('ready() measures once, however many callers wait for it', async () => {
    const { time, clock, calls } = setup(-2000);
    await Promise.all([clock.ready(), clock.ready()]);
    await clock.ready();
    expect(calls()).toBe(5);
    expect(clock.now()).toBe(time.now() - 2000);
  });

  it('ready() after a sync() does not measure again', async () => {
    const { clock, calls } = setup(300);
    await clock.sync();
    await clock.ready();
    expect(calls()).toBe(5);
  });

  it('ready() never rejects; after a failed measurement the next call measures again', async () => {
    let down = true;
    const { time, clock, calls } = setup(-2000, () => down);
    await expect(clock.ready()).resolves.toBeUndefined();
    expect(clock.offsetMs()).toBe(0);
    down = false;
    await clock.ready();
    expect(calls()).toBe(6);
    expect(clock.now()).toBe(time.now() - 2000);
  });
});
