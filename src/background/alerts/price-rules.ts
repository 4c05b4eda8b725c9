import type { AlertInstrument } from '../../contracts/alerts';
import type { InstrumentKind } from '../../exchanges';
import { compareDecimals } from '../../exchanges/decimal';
import type { AlertInput } from './alert-inputs';
import type { ConditionOf, PriceMemory, Rule, RuleMemory, RuleResult } from './rule-types';

/**
 * Price alerts fire on a crossing only: the price known before was on the other side of the level and
 * this one reached it. The first price an alert sees is its baseline, so creating an alert with the price
 * already beyond its level, or restarting the worker, never fires by itself.
 */

/** The instrument whose quotes an alert reads: a margin pair has none of its own, its spot pair's. */
export function quotedInstrument(instrument: AlertInstrument): AlertInstrument {
  return instrument.kind === 'margin' ? { ...instrument, kind: 'spot' } : instrument;
}

/** Whether a quote or candle is of the instrument an alert watches. */
export function readsQuotesOf(
  instrument: AlertInstrument,
  input: { readonly exchange: string; readonly kind: InstrumentKind; readonly symbol: string },
): boolean {
  const quoted = quotedInstrument(instrument);
  return quoted.exchange === input.exchange && quoted.kind === input.kind && quoted.symbol === input.symbol;
}

export function priceMemoryOf(memory: RuleMemory | undefined): PriceMemory | undefined {
  return memory?.kind === 'price' ? memory : undefined;
}

interface Sighting {
  /** The price now known (a tick, or a candle's close). */
  readonly price: string;
  readonly priceTime: number;
  /** The furthest the price went towards the level (a tick itself, a candle's high or low). */
  readonly reached: string;
  readonly at: number;
  /** A candle that spans the last crossing: what it reached may be that crossing again. */
  readonly spansLastCrossing: boolean;
}

function judge(
  condition: ConditionOf<'price'>,
  previous: PriceMemory | undefined,
  seen: Sighting,
): RuleResult {
  const memory: PriceMemory = {
    kind: 'price',
    price: seen.price,
    priceTime: seen.priceTime,
    crossedAt: previous?.crossedAt,
  };
  if (previous?.price === undefined) return { memory };
  const above = condition.direction === 'above';
  const wasOtherSide = compareDecimals(previous.price, condition.level) === (above ? -1 : 1);
  const reachedSide = compareDecimals(seen.reached, condition.level);
  const reached = above ? reachedSide >= 0 : reachedSide <= 0;
  if (!wasOtherSide || !reached || seen.spansLastCrossing) return { memory };
  const { exchange, symbol } = condition.instrument;
  return {
    memory: { ...memory, crossedAt: seen.at },
    happened: {
      kind: 'price',
      key: `price:${seen.at}`,
      at: seen.at,
      exchange,
      symbol,
      direction: condition.direction,
      level: condition.level,
      source: condition.source,
      price: seen.reached,
    },
  };
}

export const priceRule: Rule<'price'> = (condition, input: AlertInput, memory) => {
  const previous = priceMemoryOf(memory);
  if (input.type === 'price') {
    const price = condition.source === 'last' ? input.last : input.mark;
    if (price === undefined || !readsQuotesOf(condition.instrument, input)) return { memory: previous };
    const seen = { price, priceTime: input.ts, reached: price, at: input.ts, spansLastCrossing: false };
    return judge(condition, previous, seen);
  }
  if (input.type === 'candle') {
    const ofSource = input.mark === (condition.source === 'mark');
    if (!ofSource || !readsQuotesOf(condition.instrument, input)) return { memory: previous };
    // A candle that ended before the price already known tells nothing new.
    if (previous?.priceTime !== undefined && input.end <= previous.priceTime) return { memory: previous };
    // A candle the known price fell inside went where it reached partly before that price: only its
    // close is known to come after it (a crossing there and back within that minute is not told).
    const spansKnownPrice = previous?.priceTime !== undefined && input.start < previous.priceTime;
    const extreme = condition.direction === 'above' ? input.high : input.low;
    return judge(condition, previous, {
      price: input.close,
      priceTime: input.end,
      reached: spansKnownPrice ? input.close : extreme,
      at: input.start,
      spansLastCrossing: previous?.crossedAt !== undefined && previous.crossedAt >= input.start,
    });
  }
  return { memory: previous };
};
