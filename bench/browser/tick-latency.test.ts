import { describe, expect, it } from 'vitest';
import { shownPrice, tickLatencies } from './tick-latency';

describe('shownPrice', () => {
  it('reads a price as a trader does', () => {
    expect(shownPrice('67,010.10')).toBe(67010.1);
    expect(shownPrice('150.01')).toBe(150.01);
    expect(shownPrice('no price yet')).toBeNaN();
  });
});

describe('tickLatencies', () => {
  it('times each tick to the first reading that shows it or a later price', () => {
    const sent = [
      { price: 100.1, sentAt: 1000 },
      { price: 100.2, sentAt: 1050 },
      { price: 100.3, sentAt: 1100 },
    ];
    const shown = [
      { text: '99.90', at: 990 },
      { text: '100.10', at: 1004.5 },
      // 100.2 was replaced before the page took it: the screen caught up with it when 100.3 showed.
      { text: '100.30', at: 1110 },
    ];
    expect(tickLatencies(sent, shown)).toEqual({ latencies: [4.5, 60, 10], shownExactly: 2, neverShown: 0 });
  });

  it('never counts a reading from before the send, and counts ticks the screen never reached', () => {
    const sent = [
      { price: 100.1, sentAt: 1000 },
      { price: 100.2, sentAt: 2000 },
    ];
    const shown = [
      { text: '100.20', at: 1500 },
      { text: 'stale', at: 2500 },
    ];
    expect(tickLatencies(sent, shown)).toEqual({ latencies: [500], shownExactly: 0, neverShown: 1 });
  });
});
