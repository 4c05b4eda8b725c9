import type { AlertCondition, AlertScope } from '../../contracts/alerts';
import type { ExchangeId, PositionSlot } from '../../exchanges';
import type { AlertInput, ClosedInput, FillInput, StopInput } from './alert-inputs';

/**
 * What the rules share: the condition each judges, what one alert remembers between inputs (plain JSON:
 * the worker stores it and a restarted worker carries on from it), and what a rule saw happen.
 */

export type ConditionOf<K extends AlertCondition['kind']> = Extract<AlertCondition, { kind: K }>;

/** A price alert's last known price of its source, and when the last crossing was seen. */
export interface PriceMemory {
  readonly kind: 'price';
  readonly price: string | undefined;
  /** When that price was seen: the tick's time, or the end of the candle it closed (at most now). */
  readonly priceTime: number | undefined;
  /** The last crossing's time: a minute candle that spans it cannot tell a second one from it. */
  readonly crossedAt: number | undefined;
}

/** The lowest and highest last price within one slice of a move alert's window. */
export interface MoveBucket {
  readonly start: number;
  readonly low: string;
  readonly high: string;
}
export interface MoveMemory {
  readonly kind: 'move';
  /** Oldest first; only the slices still inside the window. */
  readonly buckets: readonly MoveBucket[];
}

/** Which positions (or exchanges) are inside a threshold alert's condition, and since when. */
export interface ThresholdMemory {
  readonly kind: 'threshold';
  readonly inside: Readonly<Record<string, number>>;
}

/** The positions a closed alert saw close lately, and when: the same close read twice is one. */
export interface CloseMemory {
  readonly kind: 'closes';
  readonly recent: Readonly<Record<string, number>>;
}

export type RuleMemory = PriceMemory | MoveMemory | ThresholdMemory | CloseMemory;

interface Seen {
  /** The event's identity within the alert: the same event seen twice has the same key. */
  readonly key: string;
  /** When it happened, by the exchange's clock where it says. */
  readonly at: number;
  readonly exchange: ExchangeId;
}

export type Happening = Seen &
  (
    | {
        readonly kind: 'price';
        readonly symbol: string;
        readonly direction: 'above' | 'below';
        readonly level: string;
        readonly source: 'last' | 'mark';
        /** The price that reached the level: the tick's, or the candle's high or low. */
        readonly price: string;
      }
    | {
        readonly kind: 'move';
        readonly symbol: string;
        readonly from: string;
        readonly to: string;
        readonly windowMinutes: number;
      }
    | {
        readonly kind: 'liquidation';
        readonly symbol: string;
        readonly slot: PositionSlot;
        readonly distancePercent: string;
        readonly belowPercent: string;
        readonly mark: string | undefined;
        readonly liquidationPrice: string | undefined;
      }
    | { readonly kind: 'margin'; readonly ratioPercent: string; readonly abovePercent: string }
    | {
        readonly kind: 'funding';
        readonly symbol: string;
        readonly slot: PositionSlot;
        readonly rate: string;
        readonly aboveRate: string;
        readonly settlesAt: number;
      }
    | { readonly kind: 'fill'; readonly symbol: string; readonly fill: FillInput }
    | { readonly kind: 'stop'; readonly symbol: string; readonly stop: StopInput }
    | { readonly kind: 'closed'; readonly symbol: string; readonly close: ClosedInput }
  );

export interface RuleResult {
  readonly memory: RuleMemory | undefined;
  readonly happened?: Happening;
}

/** One rule: the condition, what came in, what the alert remembered. Pure. */
export type Rule<K extends AlertCondition['kind']> = (
  condition: ConditionOf<K>,
  input: AlertInput,
  memory: RuleMemory | undefined,
) => RuleResult;

/** Whether an account event on `exchange` and `symbol` is one the scope watches. */
export function inScope(scope: AlertScope, exchange: ExchangeId, symbol?: string): boolean {
  if (!scope.exchanges.includes(exchange)) return false;
  return symbol === undefined || scope.symbols.length === 0 || scope.symbols.includes(symbol);
}

/** One position's name in memory and in fired ids. */
export function positionName(position: {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly slot: PositionSlot;
}): string {
  return `${position.exchange}:${position.symbol}:${position.slot}`;
}
