import { absoluteDecimal, compareDecimals } from '../../exchanges/decimal';
import type { AlertInput, MarginInput, PositionRiskInput } from './alert-inputs';
import {
  inScope,
  type ConditionOf,
  positionName,
  type Happening,
  type Rule,
  type RuleMemory,
  type RuleResult,
  type ThresholdMemory,
} from './rule-types';

/**
 * Liquidation distance, margin ratio and funding alerts fire when a position (or an account) enters
 * their condition, and again only after it has left it: a position hovering under its threshold is one
 * alert, not one per mark tick. What is inside is remembered, so a restarted worker does not fire again.
 */

/** The most positions one alert remembers being inside its condition (the oldest are forgotten). */
const MAX_INSIDE = 100;
const MINUTE_MS = 60_000;

function insideOf(memory: RuleMemory | undefined): Readonly<Record<string, number>> {
  return memory?.kind === 'threshold' ? memory.inside : {};
}

function remember(inside: Readonly<Record<string, number>>): ThresholdMemory {
  const names = Object.keys(inside);
  const kept =
    names.length <= MAX_INSIDE ? inside : Object.fromEntries(Object.entries(inside).slice(-MAX_INSIDE));
  return { kind: 'threshold', inside: kept };
}

/**
 * One step of the entering rule for `name`: outside (`happening` undefined) -> forgotten; newly inside ->
 * remembered since `ts`, and `happening` reported; already inside -> nothing.
 */
function enter(
  memory: RuleMemory | undefined,
  name: string,
  ts: number,
  happening: Happening | undefined,
): RuleResult {
  const inside = insideOf(memory);
  if (happening === undefined) return name in inside ? leave(inside, name) : { memory };
  if (name in inside) return { memory };
  return { memory: remember({ ...inside, [name]: ts }), happened: happening };
}

function leave(inside: Readonly<Record<string, number>>, name: string): RuleResult {
  return { memory: remember(Object.fromEntries(Object.entries(inside).filter(([other]) => other !== name))) };
}

/** A position closed for good leaves every condition: a new one in its place enters afresh. */
function forgetClosed(memory: RuleMemory | undefined, input: AlertInput): RuleResult {
  if (input.type !== 'closed' || !input.whole) return { memory };
  const name = positionName(input);
  const inside = insideOf(memory);
  return name in inside ? leave(inside, name) : { memory };
}

function positionRisk(input: AlertInput): PositionRiskInput | undefined {
  return input.type === 'position-risk' ? input : undefined;
}

export const liquidationRule: Rule<'liquidation'> = (condition, input, memory) => {
  const risk = positionRisk(input);
  if (risk === undefined || !inScope(condition.scope, risk.exchange, risk.symbol))
    return forgetClosed(memory, input);
  const name = positionName(risk);
  const distance = risk.liquidationDistancePercent;
  const isInside = distance !== undefined && compareDecimals(distance, condition.belowPercent) < 0;
  const happening: Happening | undefined = isInside
    ? {
        kind: 'liquidation',
        key: `liquidation:${name}:${risk.ts}`,
        at: risk.ts,
        exchange: risk.exchange,
        symbol: risk.symbol,
        slot: risk.slot,
        distancePercent: distance,
        belowPercent: condition.belowPercent,
        mark: risk.mark,
        liquidationPrice: risk.liquidationPrice,
      }
    : undefined;
  return enter(memory, name, risk.ts, happening);
};

export const marginRule: Rule<'margin'> = (condition, input, memory) => {
  if (input.type !== 'margin' || !inScope(condition.scope, input.exchange)) return { memory };
  const margin: MarginInput = input;
  const isInside = compareDecimals(margin.marginRatioPercent, condition.abovePercent) > 0;
  const happening: Happening | undefined = isInside
    ? {
        kind: 'margin',
        key: `margin:${margin.exchange}:${margin.ts}`,
        at: margin.ts,
        exchange: margin.exchange,
        ratioPercent: margin.marginRatioPercent,
        abovePercent: condition.abovePercent,
      }
    : undefined;
  return enter(memory, margin.exchange, margin.ts, happening);
};

/** The rate and settlement a position pays within the alert's minutes before it, above its rate. */
function fundingDue(
  condition: ConditionOf<'funding'>,
  risk: PositionRiskInput,
): { rate: string; settlesAt: number } | undefined {
  const { fundingRate: rate, nextFundingTime: settlesAt } = risk;
  if (risk.pays !== true || rate === undefined || settlesAt === undefined) return undefined;
  const untilSettlement = settlesAt - risk.ts;
  if (untilSettlement <= 0 || untilSettlement > condition.minutesBefore * MINUTE_MS) return undefined;
  return compareDecimals(absoluteDecimal(rate), condition.aboveRate) > 0 ? { rate, settlesAt } : undefined;
}

export const fundingRule: Rule<'funding'> = (condition, input, memory) => {
  const risk = positionRisk(input);
  if (risk === undefined || !inScope(condition.scope, risk.exchange, risk.symbol))
    return forgetClosed(memory, input);
  const name = positionName(risk);
  const due = fundingDue(condition, risk);
  // Once per settlement: the key names the settlement, not the moment the position entered.
  const happening: Happening | undefined =
    due === undefined
      ? undefined
      : {
          kind: 'funding',
          key: `funding:${name}:${due.settlesAt}`,
          at: risk.ts,
          exchange: risk.exchange,
          symbol: risk.symbol,
          slot: risk.slot,
          rate: due.rate,
          aboveRate: condition.aboveRate,
          settlesAt: due.settlesAt,
        };
  return enter(memory, name, risk.ts, happening);
};
