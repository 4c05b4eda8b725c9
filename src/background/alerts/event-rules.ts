import type { CloseMemory, Rule } from './rule-types';
import { inScope, positionName } from './rule-types';

/**
 * Fills, stops and closes: each fires once per event, named so that the same event seen from the stream
 * and again from the REST history read on waking has the same key.
 */

/** A close of a position within this long of one already seen is the same close seen twice. */
export const SAME_CLOSE_MS = 60_000;
/** The most positions a closed alert remembers recent closes of. */
const MAX_RECENT_CLOSES = 50;

export const fillRule: Rule<'fill'> = (condition, input, memory) => {
  if (input.type !== 'fill' || !inScope(condition.scope, input.exchange, input.symbol)) return { memory };
  if (!condition.partial && !input.whole) return { memory };
  const part = input.whole ? 'all' : input.filledSize;
  return {
    memory,
    happened: {
      kind: 'fill',
      key: `fill:${input.exchange}:${input.orderId}:${part}`,
      at: input.ts,
      exchange: input.exchange,
      symbol: input.symbol,
      fill: input,
    },
  };
};

export const stopRule: Rule<'stop'> = (condition, input, memory) => {
  if (input.type !== 'stop' || !inScope(condition.scope, input.exchange, input.symbol)) return { memory };
  return {
    memory,
    happened: {
      kind: 'stop',
      // Bybit names a position's own stop `full-stop` on every position: the symbol tells them apart.
      key: `stop:${input.exchange}:${input.symbol}:${input.legId}:${input.ts}`,
      at: input.ts,
      exchange: input.exchange,
      symbol: input.symbol,
      stop: input,
    },
  };
};

export const closedRule: Rule<'closed'> = (condition, input, memory) => {
  if (input.type !== 'closed' || !inScope(condition.scope, input.exchange, input.symbol)) return { memory };
  const recent = memory?.kind === 'closes' ? memory.recent : {};
  const name = `${positionName(input)}:${input.source}`;
  // The same close seen the other way (stream, or history on waking) within a minute is this one.
  const otherWay = recent[`${positionName(input)}:${input.source === 'stream' ? 'history' : 'stream'}`];
  if (otherWay !== undefined && Math.abs(input.ts - otherWay) <= SAME_CLOSE_MS) return { memory };
  const others = Object.entries(recent).filter(([other]) => other !== name);
  const kept: CloseMemory = {
    kind: 'closes',
    recent: Object.fromEntries([...others.slice(-(MAX_RECENT_CLOSES - 1)), [name, input.ts]]),
  };
  return {
    memory: kept,
    happened: {
      kind: 'closed',
      key: `closed:${input.exchange}:${input.id}`,
      at: input.ts,
      exchange: input.exchange,
      symbol: input.symbol,
      close: input,
    },
  };
};
