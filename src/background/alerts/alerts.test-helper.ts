import type { Alert, AlertCondition, AlertRepeat, AlertScope } from '../../contracts/alerts';
import type {
  AlertInput,
  CandleInput,
  ClosedInput,
  FillInput,
  PositionRiskInput,
  PriceInput,
} from './alert-inputs';
import type { ConditionOf } from './rule-types';
import { createAlertEngine, type AlertEngine, type AlertMemory } from './alert-engine';

/** Test-only builders for the alert engine: alerts, inputs, and an engine on a clock the test moves. */

export const T0 = Date.UTC(2025, 0, 2, 14, 0, 0);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** "14:03:07" of a time, in UTC so the tests do not depend on the machine's zone. */
export const formatTime = (ms: number) => new Date(ms).toISOString().slice(11, 19);

export const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
export const OKX_ONLY: AlertScope = { exchanges: ['okx'], symbols: [] };

export function anAlert(
  condition: AlertCondition,
  repeat: AlertRepeat = { mode: 'every', cooldownSeconds: 0 },
  id = 'a1',
): Alert {
  return { id, condition, repeat, sound: false, paused: false, createdAt: T0 };
}

export function priceAbove(level: string, source: 'last' | 'mark' = 'last'): ConditionOf<'price'> {
  return { kind: 'price', instrument: BTC, direction: 'above', level, source };
}

export function aPrice(last: string | undefined, ts: number, mark?: string): PriceInput {
  return { type: 'price', ...BTC, last, mark, ts };
}

export function aCandle(start: number, low: string, high: string, close: string, mark = false): CandleInput {
  return { type: 'candle', ...BTC, start, end: start + MINUTE, open: low, high, low, close, mark };
}

export function aFill(fields: Partial<FillInput> = {}): FillInput {
  return {
    type: 'fill',
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    orderId: 'o1',
    side: 'buy',
    filledSize: '0.5',
    orderSize: '0.5',
    price: '64900',
    whole: true,
    ts: T0,
    ...fields,
  };
}

export function aClose(fields: Partial<ClosedInput> = {}): ClosedInput {
  return {
    type: 'closed',
    source: 'stream',
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    slot: 'one-way',
    id: 'c1',
    reason: 'liquidation',
    whole: true,
    price: '60500',
    realisedPnl: '-1234.5',
    ts: T0,
    ...fields,
  };
}

export function aRisk(fields: Partial<PositionRiskInput> = {}): PositionRiskInput {
  return {
    type: 'position-risk',
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    slot: 'one-way',
    liquidationDistancePercent: '12',
    mark: '64000',
    liquidationPrice: '56320',
    fundingRate: undefined,
    nextFundingTime: undefined,
    pays: undefined,
    ts: T0,
    ...fields,
  };
}

export interface EngineRig {
  readonly engine: AlertEngine;
  readonly clock: { now(): number; set(ms: number): void };
  /** Observe each input at its own time (the clock follows it) and return the ids that fired. */
  fire(...inputs: AlertInput[]): string[];
}

function timeOf(input: AlertInput): number {
  return input.type === 'candle' ? input.end : input.ts;
}

export function engineRig(alerts: readonly Alert[], memory?: AlertMemory): EngineRig {
  let now = T0;
  const clock = { now: () => now, set: (ms: number) => void (now = ms) };
  const engine = createAlertEngine({ clock, formatTime, ...(memory === undefined ? {} : { memory }) });
  engine.setAlerts(alerts);
  return {
    engine,
    clock,
    fire: (...inputs) =>
      inputs.flatMap((input) => {
        now = Math.max(now, timeOf(input));
        return engine.observe(input).map((firing) => firing.fired.id);
      }),
  };
}

/** The memory as the worker stores and reads it back. */
export const throughStorage = (memory: AlertMemory): AlertMemory =>
  JSON.parse(JSON.stringify(memory)) as AlertMemory;
