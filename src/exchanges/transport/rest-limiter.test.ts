import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateBudget, type RateDemand, type RatePriority } from './rest-limiter';
import { createFakeTime } from './time-fake.test-helper';

const positions: RateBudget = { key: 'positions', limit: 20, windowMs: 2_000 };
const tickers: RateBudget = { key: 'tickers', limit: 20, windowMs: 2_000 };
const ip: RateBudget = { key: 'ip', limit: 10, windowMs: 5_000, tradeReserve: 2 };

const demand = (budgets: RateDemand['budgets'], cost = 1, priority: RatePriority = 'read'): RateDemand => ({
  budgets,
  cost,
  priority,
});

/** A limiter on fake time that notes when (ms from the start) each labelled request was let through. */
function rig(marginMs = 0) {
  const time = createFakeTime(0);
  const limiter = createRateLimiter({ ...time, marginMs });
  const passed: { readonly label: string; readonly at: number }[] = [];
  const ask = (label: string, wanted: RateDemand) => {
    // Answered at once: each spend ages from the moment it was let through.
    void limiter.acquire(wanted).then((release) => {
      release();
      passed.push({ label, at: time.clock.now() });
    });
  };
  const at = (label: string) => passed.find((entry) => entry.label === label)?.at;
  return { time, limiter, passed, ask, at, run: (ms: number) => time.step(ms) };
}

describe('createRateLimiter', () => {
  it('spreads a burst exactly across windows, in the order it was asked', async () => {
    const { time, passed, ask, run } = rig();
    for (let i = 0; i < 45; i += 1) ask(`r${i}`, demand([positions]));
    await run(0);
    expect(passed).toHaveLength(20);
    await run(1_999);
    expect(passed).toHaveLength(20);
    await run(1);
    expect(passed).toHaveLength(40);
    await run(2_000);
    expect(passed.map((entry) => entry.label)).toEqual(Array.from({ length: 45 }, (_, i) => `r${i}`));
    expect(passed.map((entry) => entry.at)).toEqual([
      ...Array<number>(20).fill(0),
      ...Array<number>(20).fill(2_000),
      ...Array<number>(5).fill(4_000),
    ]);
    expect(time.pendingTimers()).toBe(0);
  });

  it('keeps every window of its length within the limit however the requests arrive', async () => {
    const { passed, ask, run } = rig();
    for (let round = 0; round < 30; round += 1) {
      for (let i = 0; i < 3; i += 1) ask(`${round}.${i}`, demand([positions]));
      await run(137);
    }
    await run(10_000);
    expect(passed).toHaveLength(90);
    for (const { at } of passed) {
      const inWindow = passed.filter((other) => other.at >= at && other.at < at + 2_000);
      expect(inWindow.length).toBeLessThanOrEqual(20);
    }
  });

  it('adds the margin to every window', async () => {
    const { ask, at, run } = rig(100);
    for (let i = 0; i < 21; i += 1) ask(`r${i}`, demand([positions]));
    await run(2_099);
    expect(at('r20')).toBeUndefined();
    await run(1);
    expect(at('r20')).toBe(2_100);
  });

  it('counts weights: 2 lets 10 through a 20-unit window, 1/3 exactly 60', async () => {
    const { passed, ask, run } = rig();
    for (let i = 0; i < 11; i += 1) ask(`heavy${i}`, demand([positions], 2));
    for (let i = 0; i < 61; i += 1) ask(`light${i}`, demand([tickers], 1 / 3));
    await run(0);
    expect(passed.filter((entry) => entry.label.startsWith('heavy'))).toHaveLength(10);
    expect(passed.filter((entry) => entry.label.startsWith('light'))).toHaveLength(60);
  });

  it('lets no request overtake an earlier one on the budget they share, but passes one on another budget', async () => {
    const { ask, at, run } = rig();
    for (let i = 0; i < 19; i += 1) ask(`fill${i}`, demand([positions]));
    ask('heavy', demand([positions], 2));
    ask('light', demand([positions]));
    ask('other', demand([tickers]));
    await run(0);
    expect(at('heavy')).toBeUndefined();
    expect(at('light')).toBeUndefined();
    expect(at('other')).toBe(0);
    await run(2_000);
    expect([at('heavy'), at('light')]).toEqual([2_000, 2_000]);
  });

  it('lets a request dearer than its whole budget through alone, not never', async () => {
    const { ask, at, run } = rig();
    ask('first', demand([positions]));
    ask('huge', demand([positions], 50));
    await run(2_000);
    expect(at('huge')).toBe(2_000);
  });

  it('puts trading ahead of waiting reads and keeps the reserve of a shared budget for it', async () => {
    const { ask, at, passed, run } = rig();
    for (let i = 0; i < 12; i += 1) ask(`read${i}`, demand([ip]));
    ask('close', demand([ip], 1, 'trade'));
    await run(0);
    // Reads may use 8 of the 10: the close takes one of the two kept back, at once.
    expect(passed.map((entry) => entry.label)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `read${i}`),
      'close',
    ]);
    ask('close2', demand([ip], 1, 'trade'));
    await run(0);
    expect(at('close2')).toBe(0);
    ask('close3', demand([ip], 1, 'trade'));
    await run(5_000);
    // Once the window rolls over the close still waiting goes before the four reads asked before it.
    expect(passed.slice(10).map((entry) => entry.label)[0]).toBe('close3');
    expect(at('close3')).toBe(5_000);
  });

  it('dates a spend from its answer: a slow answer moves the next window, a pending one holds it', async () => {
    const { limiter, run } = rig();
    const small: RateBudget = { key: 'small', limit: 2, windowMs: 1_000 };
    const [first] = await Promise.all([limiter.acquire(demand([small])), limiter.acquire(demand([small]))]);
    let third = false;
    void limiter.acquire(demand([small])).then(() => (third = true));
    await run(5_000);
    expect(third).toBe(false);
    first();
    await run(999);
    expect(third).toBe(false);
    await run(1);
    expect(third).toBe(true);
  });

  it('hands what it spent to the next worker, which counts it before its own first burst', async () => {
    const { time, limiter, ask, run } = rig();
    let told = 0;
    for (let i = 0; i < 25; i += 1) ask(`old${i}`, demand([positions]));
    await run(1_500);
    const spends = limiter.spends();
    expect(spends).toHaveLength(20);
    expect(spends.every((spend) => spend.key === 'positions' && spend.at === 0)).toBe(true);
    const next = createRateLimiter({ ...time, marginMs: 0, spent: spends, onSpend: () => (told += 1) });
    let first = -1;
    void next.acquire(demand([positions])).then((release) => {
      release();
      first = time.clock.now();
    });
    await run(499);
    expect(first).toBe(-1);
    await run(1);
    // The old worker's 20 age out at 2,000 ms (its last 5, still waiting when it stopped, were never sent).
    expect(first).toBe(2_000);
    expect(told).toBe(2);
  });

  it('holds a budget until the reset the exchange named, or a whole window when it named none', async () => {
    const { limiter, ask, at, run } = rig(100);
    limiter.hold(positions, 3_500);
    ask('held', demand([positions]));
    ask('free', demand([tickers]));
    await run(3_499);
    expect(at('free')).toBe(0);
    expect(at('held')).toBeUndefined();
    await run(1);
    expect(at('held')).toBe(3_500);
    limiter.hold(tickers);
    ask('after', demand([tickers]));
    await run(2_099);
    expect(at('after')).toBeUndefined();
    await run(1);
    expect(at('after')).toBe(5_600);
  });

  it('waits for every budget a request draws on', async () => {
    const { ask, at, run } = rig();
    for (let i = 0; i < 8; i += 1) ask(`ip${i}`, demand([ip]));
    ask('both', demand([tickers, ip]));
    await run(0);
    expect(at('both')).toBeUndefined();
    await run(5_000);
    expect(at('both')).toBe(5_000);
  });
});
