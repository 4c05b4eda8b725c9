import {
  absoluteDecimal,
  compareDecimals,
  multiplyDecimals,
  subtractDecimals,
} from '../../exchanges/decimal';
import { readsQuotesOf } from './price-rules';
import type { MoveBucket, MoveMemory, Rule } from './rule-types';

/**
 * A move alert fires when the last price is at least `percent` away from any price within the window.
 * Only each slice's lowest and highest price are kept (a 60th of the window each): a busy instrument
 * pushes many ticks a second, and the furthest price in the window is all the test needs. A price up to
 * one slice older than the window may count.
 */
const SLICES_PER_WINDOW = 60;

/** Whether `to` is at least `percent` % away from `from`, exactly: |to - from| x 100 >= percent x from. */
function movedEnough(from: string, to: string, percent: string): boolean {
  const change = absoluteDecimal(subtractDecimals(to, from));
  return compareDecimals(multiplyDecimals(change, '100'), multiplyDecimals(percent, from)) >= 0;
}

/** The lowest and highest price of the slices. */
function extremes(buckets: readonly MoveBucket[]): { low: string; high: string } | undefined {
  const [first, ...rest] = buckets;
  if (first === undefined) return undefined;
  return rest.reduce(
    (range, bucket) => ({
      low: compareDecimals(bucket.low, range.low) < 0 ? bucket.low : range.low,
      high: compareDecimals(bucket.high, range.high) > 0 ? bucket.high : range.high,
    }),
    { low: first.low, high: first.high },
  );
}

function withPrice(buckets: readonly MoveBucket[], start: number, price: string): MoveBucket[] {
  const last = buckets.at(-1);
  if (last?.start !== start) return [...buckets, { start, low: price, high: price }];
  const low = compareDecimals(price, last.low) < 0 ? price : last.low;
  const high = compareDecimals(price, last.high) > 0 ? price : last.high;
  return [...buckets.slice(0, -1), { start, low, high }];
}

export const moveRule: Rule<'move'> = (condition, input, memory) => {
  const previous = memory?.kind === 'move' ? memory : undefined;
  if (input.type !== 'price' || input.last === undefined || !readsQuotesOf(condition.instrument, input))
    return { memory: previous };
  const price = input.last;
  const windowMs = condition.windowMinutes * 60_000;
  const sliceMs = windowMs / SLICES_PER_WINDOW;
  const sliceStart = input.ts - (input.ts % sliceMs);
  const inWindow = (previous?.buckets ?? []).filter((bucket) => bucket.start + sliceMs > input.ts - windowMs);
  const range = extremes(inWindow);
  const from =
    range === undefined
      ? undefined
      : [range.low, range.high].find((extreme) => movedEnough(extreme, price, condition.percent));
  if (from === undefined) {
    const kept: MoveMemory = { kind: 'move', buckets: withPrice(inWindow, sliceStart, price) };
    return { memory: kept };
  }
  // The window starts again from the price it fired at.
  const restarted: MoveMemory = { kind: 'move', buckets: [{ start: sliceStart, low: price, high: price }] };
  return {
    memory: restarted,
    happened: {
      kind: 'move',
      key: `move:${input.ts}`,
      at: input.ts,
      exchange: condition.instrument.exchange,
      symbol: condition.instrument.symbol,
      from,
      to: price,
      windowMinutes: condition.windowMinutes,
    },
  };
};
