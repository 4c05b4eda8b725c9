import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { groupDecimal } from '../../contracts/grouped-number';
import type { CloseReason, ExchangeId, PositionSlot } from '../../exchanges';
import {
  absoluteDecimal,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  plainDecimal,
  roundToStep,
  subtractDecimals,
} from '../../exchanges/decimal';
import type { Happening } from './rule-types';

/**
 * A time of day as a trader reads an alert's, on their own clock to the second, midnight as 00.
 * `hour12: false` alone let some engines pick the cycle that runs 01–24 (Node 20 wrote "24:20:00" at
 * twenty past midnight): `hourCycle: 'h23'` names the 00–23 one.
 */
const timeOfDay = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export const alertTimeOfDay = (ms: number): string => timeOfDay.format(ms);

/** What a fired alert says, in a trader's words: the instrument, the exchange, the price, what happened. */

export interface WordsContext {
  /** Caught up on waking: it happened while Perch was not running. */
  readonly late: boolean;
  /** When Perch saw it (ms since the epoch). */
  readonly seenAt: number;
  /** A time of day as the trader reads it (the worker passes local HH:MM:SS). */
  readonly formatTime: (ms: number) => string;
}

export interface AlertWords {
  readonly title: string;
  readonly message: string;
}

const price = (value: string) => groupDecimal(plainDecimal(value));
const percent = (value: string, step = '0.01') => groupDecimal(plainDecimal(roundToStep(value, step)));
const where = (exchange: ExchangeId, symbol: string) => `${symbol} on ${EXCHANGE_NAMES[exchange]}`;
const capitalised = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

function lateNote(context: WordsContext): string {
  return context.late ? ` (seen at ${context.formatTime(context.seenAt)}, Perch was not running)` : '';
}
/** "at 14:03:07", or when caught up "at 14:03:00 (seen at 14:05:10, Perch was not running)". */
const atTime = (at: number, context: WordsContext) => `at ${context.formatTime(at)}${lateNote(context)}`;
/** "(14:03:07)", or when caught up "(14:03:07, seen at 14:05:10, Perch was not running)". */
function stamp(at: number, context: WordsContext): string {
  const seen = context.late ? `, seen at ${context.formatTime(context.seenAt)}, Perch was not running` : '';
  return `(${context.formatTime(at)}${seen})`;
}

function positionWords(slot: PositionSlot): string {
  return slot === 'one-way' ? 'position' : `${slot} position`;
}

const CLOSE_REASONS: Readonly<Record<CloseReason, string>> = {
  trader: ' by you',
  stop: ' by its stop',
  target: ' by its target',
  trailing: ' by a trailing stop',
  liquidation: ' by liquidation',
  adl: ' by auto-deleveraging',
  unknown: '',
};

const STOP_ROLES = { stop: 'stop', target: 'target', trailing: 'trailing stop' } as const;

function signed(value: string): string {
  const plain = plainDecimal(value);
  return compareDecimals(plain, '0') > 0 ? `+${groupDecimal(plain)}` : groupDecimal(plain);
}

function movedPercent(from: string, to: string): string {
  const change = multiplyDecimals(absoluteDecimal(subtractDecimals(to, from)), '100');
  return divideDecimals(change, from) ?? '0';
}

export function alertWords(happened: Happening, context: WordsContext): AlertWords {
  switch (happened.kind) {
    case 'price': {
      const level = price(happened.level);
      const source = happened.source === 'last' ? 'Last' : 'Mark';
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${happened.direction} ${level}`,
        message: `${source} price ${price(happened.price)} crossed ${happened.direction} ${level} ${atTime(happened.at, context)}.`,
      };
    }
    case 'move': {
      const way = compareDecimals(happened.to, happened.from) >= 0 ? 'up' : 'down';
      const moved = percent(movedPercent(happened.from, happened.to));
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${way} ${moved} % in ${happened.windowMinutes} min`,
        message:
          `Last price moved ${way} ${moved} % from ${price(happened.from)} to ${price(happened.to)} ` +
          `within ${happened.windowMinutes} min, ${atTime(happened.at, context)}.`,
      };
    }
    case 'liquidation': {
      const distance = percent(happened.distancePercent);
      const figures = [
        happened.mark === undefined ? undefined : `mark ${price(happened.mark)}`,
        happened.liquidationPrice === undefined
          ? undefined
          : `liquidation ${price(happened.liquidationPrice)}`,
      ].filter((figure) => figure !== undefined);
      const detail = figures.length === 0 ? '' : ` (${figures.join(', ')})`;
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${distance} % from liquidation`,
        message:
          `The ${positionWords(happened.slot)} is ${distance} % from liquidation${detail}, under your ` +
          `${percent(happened.belowPercent)} %, ${atTime(happened.at, context)}.`,
      };
    }
    case 'margin': {
      const ratio = percent(happened.ratioPercent);
      return {
        title: `${EXCHANGE_NAMES[happened.exchange]}: margin ratio ${ratio} %`,
        message:
          `Maintenance margin is ${ratio} % of equity, over your ${percent(happened.abovePercent)} %, ` +
          `${atTime(happened.at, context)}.`,
      };
    }
    case 'funding': {
      const rate = percent(multiplyDecimals(absoluteDecimal(happened.rate), '100'), '0.0001');
      const above = percent(multiplyDecimals(happened.aboveRate, '100'), '0.0001');
      const settles = context.formatTime(happened.settlesAt);
      return {
        title: `${where(happened.exchange, happened.symbol)}: pays ${rate} % funding at ${settles}`,
        message:
          `The ${positionWords(happened.slot)} pays ${rate} % funding at the ${settles} settlement, ` +
          `above your ${above} %${lateNote(context)}.`,
      };
    }
    case 'fill': {
      const { fill } = happened;
      const side = fill.side === 'buy' ? 'Buy' : 'Sell';
      const at = fill.price === undefined ? '' : ` at ${price(fill.price)}`;
      const filled = fill.whole
        ? `${side} ${groupDecimal(fill.orderSize ?? fill.filledSize)} filled`
        : `${side} partly filled: ${groupDecimal(fill.filledSize)}` +
          (fill.orderSize === undefined ? '' : ` of ${groupDecimal(fill.orderSize)}`);
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${fill.side} ${fill.whole ? 'filled' : 'partly filled'}`,
        message: `${filled}${at} ${stamp(happened.at, context)}.`,
      };
    }
    case 'stop': {
      const { stop } = happened;
      const role = STOP_ROLES[stop.role];
      const trigger = stop.triggerPrice === undefined ? '' : ` at ${price(stop.triggerPrice)}`;
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${role} fired`,
        message: `The ${role}${trigger} fired ${stamp(happened.at, context)}.`,
      };
    }
    case 'closed': {
      const { close } = happened;
      const how = `${close.whole ? 'closed' : 'partly closed'}${CLOSE_REASONS[close.reason]}`;
      const subject = close.whole
        ? capitalised(positionWords(close.slot))
        : `Part of the ${positionWords(close.slot)}`;
      const at = close.price === undefined ? '' : ` at ${price(close.price)}`;
      const pnl = close.realisedPnl === undefined ? '' : `, realised PnL ${signed(close.realisedPnl)}`;
      return {
        title: `${where(happened.exchange, happened.symbol)}: ${how}`,
        message: `${subject} closed${CLOSE_REASONS[close.reason]}${at}${pnl} ${stamp(happened.at, context)}.`,
      };
    }
  }
}
