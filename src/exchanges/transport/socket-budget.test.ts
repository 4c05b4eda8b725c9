import { describe, expect, it } from 'vitest';
import { createConnectionBudget, OKX_CONNECTION_BUDGET } from './socket-budget';
import { createFakeTime } from './time-fake.test-helper';

describe('connection budget', () => {
  it('lets attempts through until the window is full, then spaces them out', () => {
    const time = createFakeTime();
    const budget = createConnectionBudget(OKX_CONNECTION_BUDGET, time.clock);
    expect([
      budget.reserve(0),
      budget.reserve(0),
      budget.reserve(0),
      budget.reserve(0),
      budget.reserve(0),
    ]).toEqual([0, 0, 0, 1_000, 1_000]);
  });

  it('never schedules an attempt sooner than asked', () => {
    const time = createFakeTime();
    const budget = createConnectionBudget({ attempts: 10, windowMs: 1_000 }, time.clock);
    expect(budget.reserve(500)).toBe(500);
  });

  it('frees slots as the window moves on', () => {
    const time = createFakeTime();
    const budget = createConnectionBudget({ attempts: 1, windowMs: 1_000 }, time.clock);
    budget.reserve(0);
    time.advance(1_000);
    expect(budget.reserve(0)).toBe(0);
  });
});
