import { describe, expect, it } from 'vitest';
import { createSimFakeTime } from './fake-time.test-helper';
import { HeldWork } from './held-work';

describe('held work', () => {
  it('runs each held thing once its hold ends, not a millisecond sooner', () => {
    const time = createSimFakeTime();
    const held = new HeldWork(time.timers);
    const ran: string[] = [];
    held.hold(1_000, () => ran.push('order'));
    time.advance(999);
    expect(ran).toEqual([]);
    time.advance(1);
    expect(ran).toEqual(['order']);
    expect(held.release()).toBe(0);
    expect(ran).toEqual(['order']);
  });

  it('runs everything held at once when released, in the order it was held, and never again', () => {
    const time = createSimFakeTime();
    const held = new HeldWork(time.timers);
    const ran: string[] = [];
    held.hold(60_000, () => ran.push('first'));
    held.hold(1_000, () => ran.push('second'));
    expect(held.release()).toBe(2);
    expect(ran).toEqual(['first', 'second']);
    time.advance(60_000);
    expect(ran).toEqual(['first', 'second']);
    expect(time.pending()).toBe(0);
  });

  it('forgets what it holds when dropped: nothing runs, no timer is left', () => {
    const time = createSimFakeTime();
    const held = new HeldWork(time.timers);
    const ran: string[] = [];
    held.hold(1_000, () => ran.push('order'));
    held.drop();
    time.advance(1_000);
    expect(ran).toEqual([]);
    expect(time.pending()).toBe(0);
    expect(held.release()).toBe(0);
  });
});
