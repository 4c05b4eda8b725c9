import { describe, expect, it } from 'vitest';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { createTabWantRate } from './tab-want-rate';

/** A rate of two wants at once and one back a second; `ran` lists each want as it runs. */
function setUp() {
  const time = createFakeTime();
  const rate = createTabWantRate({ ...time, rate: { burst: 2, refillEveryMs: 1_000 } });
  const ran: string[] = [];
  const ask = (tab: number, port: number, name: string) =>
    rate.admit(tab, port, () => {
      ran.push(name);
    });
  return { time, rate, ran, ask };
}

describe('the tab want rate', () => {
  it('serves the waiting wants one a second, oldest port first, each port’s latest only', () => {
    const { time, ran, ask } = setUp();
    expect([ask(7, 1, 'a'), ask(7, 1, 'b')]).toEqual([true, true]);
    expect([ask(7, 1, 'c'), ask(7, 2, 'd'), ask(7, 1, 'e')]).toEqual([false, false, false]);

    time.advance(1_000);
    expect(ran).toEqual(['a', 'b', 'd']);
    time.advance(1_000);
    expect(ran).toEqual(['a', 'b', 'd', 'e']);
    time.advance(10_000);
    expect(ran).toHaveLength(4);
    expect(time.pendingTimers()).toBe(0);
  });

  it('keeps a new want behind the ones already waiting, even when a token is due', () => {
    const { time, ran, ask } = setUp();
    ask(7, 1, 'a');
    ask(7, 1, 'b');
    ask(7, 2, 'waits');
    time.advance(999);
    expect(ask(7, 3, 'later')).toBe(false);
    time.advance(1);
    expect(ran).toEqual(['a', 'b', 'waits']);
  });

  it('gives the turn of a port that went away to the next, and leaves no timer once nothing waits', () => {
    const { time, rate, ran, ask } = setUp();
    ask(7, 1, 'a');
    ask(7, 1, 'b');
    ask(7, 2, 'gone');
    ask(7, 3, 'next');
    rate.forget(2);
    time.advance(1_000);
    expect(ran).toEqual(['a', 'b', 'next']);

    ask(7, 4, 'waits');
    rate.forget(4);
    expect(time.pendingTimers()).toBe(0);
  });

  it('counts each tab on its own', () => {
    const { ask } = setUp();
    ask(7, 1, 'a');
    ask(7, 1, 'b');
    expect(ask(7, 2, 'c')).toBe(false);
    expect(ask(8, 3, 'd')).toBe(true);
  });

  it('still refills after the clock is set back', () => {
    const time = createFakeTime();
    let offset = 0;
    const clock = { now: () => time.clock.now() + offset };
    const rate = createTabWantRate({ clock, timers: time.timers, rate: { burst: 1, refillEveryMs: 1_000 } });
    expect(rate.admit(7, 1, () => undefined)).toBe(true);
    offset = -3_600_000;
    expect(rate.admit(7, 1, () => undefined)).toBe(false);
    let ran = false;
    rate.admit(7, 1, () => {
      ran = true;
    });
    time.advance(999);
    expect(ran).toBe(false);
    time.advance(1);
    expect(ran).toBe(true);
  });
});
