import Big from 'big.js';
import type { AlertCondition, AlertDraft, AlertRepeat, AlertScope } from '../contracts/alerts';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { priceNow, type AlertFormValues, type AlertMarket } from './alert-form-values';
import { formatPriceByTick } from './format-step';

/** The form's fields that can be wrong, each shown with its own problem. */
export type AlertField =
  | 'level'
  | 'movePercent'
  | 'windowMinutes'
  | 'liquidationPercent'
  | 'marginPercent'
  | 'fundingPercent'
  | 'minutesBefore'
  | 'exchanges'
  | 'symbols'
  | 'cooldownMinutes';

export interface AlertCheck {
  /** What is wrong, by field, in words: nothing is saved while any is. */
  readonly problems: Readonly<Partial<Record<AlertField, string>>>;
  /** Allowed, but worth knowing before saving: a level the price is already past. */
  readonly warning: string | undefined;
  /** The alert as it would be saved, when nothing is wrong. */
  readonly draft: AlertDraft | undefined;
}

/** What the contracts take as a decimal: up to 12 digits either side of the point. */
const DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;
const WHOLE = /^\d{1,5}$/;

type Parsed<T> = { readonly value: T } | { readonly problem: string };

function positive(typed: string, what: string, example: string, below?: number): Parsed<string> {
  const text = typed.trim();
  if (text === '') return { problem: `Type ${what}, such as ${example}.` };
  if (!DECIMAL.test(text) || new Big(text).lte(0))
    return {
      problem: `${capital(what)} must be a positive number, such as ${example}, without commas or spaces.`,
    };
  if (below !== undefined && new Big(text).gte(below))
    return { problem: `${capital(what)} must be under ${String(below)}.` };
  return { value: text };
}

function whole(typed: string, what: string, from: number, to: number): Parsed<number> {
  const text = typed.trim();
  const value = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!(value >= from && value <= to))
    return { problem: `${capital(what)} must be a whole number from ${String(from)} to ${String(to)}.` };
  return { value };
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The cool-down in minutes as typed (a part of a minute allowed), in whole seconds. */
function cooldown(typed: string): Parsed<number> {
  const text = typed.trim();
  const minutes = /^\d{1,4}(?:\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  if (!(minutes >= 0 && minutes <= 1440))
    return { problem: 'The cool-down must be from 0 to 1440 minutes, such as 5.' };
  return { value: Math.round(minutes * 60) };
}

function symbolsOf(typed: string): Parsed<string[]> {
  const symbols = typed
    .split(/[\s,]+/)
    .filter((symbol) => symbol !== '')
    .map((symbol) => symbol.toUpperCase());
  if (symbols.length > 20) return { problem: 'Name at most 20 instruments, or none to watch them all.' };
  const tooLong = symbols.find((symbol) => symbol.length > 64);
  if (tooLong !== undefined) return { problem: `${tooLong.slice(0, 20)}… is not an instrument name.` };
  return { value: symbols };
}

/** "BTC-USDT-SWAP is already above 65,000.0: the alert fires on the next cross up." */
function alreadyPast(condition: AlertCondition, market: AlertMarket | undefined): string | undefined {
  if (condition.kind !== 'price') return undefined;
  const now = priceNow(market, condition.source);
  if (now === undefined) return undefined;
  const { direction, level, instrument } = condition;
  const past = direction === 'above' ? new Big(now).gte(level) : new Big(now).lte(level);
  if (!past) return undefined;
  const name = `${instrument.symbol} on ${EXCHANGE_NAMES[instrument.exchange]}`;
  const cross = direction === 'above' ? 'up' : 'down';
  return `${name} is already ${direction} ${formatPriceByTick(level, market?.tickSize)}: the alert fires on the next cross ${cross}.`;
}

/**
 * The alert form's values checked as they are typed: each field's problem in words, the warning for a
 * level the price has already passed, and the draft to save when nothing is wrong. `market` is the
 * instrument a price or move alert watches (a market kind without one cannot be saved).
 */
export function checkAlert(values: AlertFormValues, market: AlertMarket | undefined): AlertCheck {
  const problems: Partial<Record<AlertField, string>> = {};
  const take = <T>(field: AlertField, parsed: Parsed<T>): T | undefined => {
    if ('problem' in parsed) {
      problems[field] = parsed.problem;
      return undefined;
    }
    return parsed.value;
  };
  const condition = conditionOf(values, market, take);
  const cooldownSeconds =
    values.repeat === 'every' ? take('cooldownMinutes', cooldown(values.cooldownMinutes)) : 0;
  if (condition === undefined || cooldownSeconds === undefined)
    return { problems, warning: undefined, draft: undefined };
  const repeat: AlertRepeat =
    values.repeat === 'once' ? { mode: 'once' } : { mode: 'every', cooldownSeconds };
  const draft: AlertDraft = {
    condition,
    repeat,
    sound: values.sound,
    ...(values.note === undefined ? {} : { note: values.note }),
  };
  return { problems, warning: alreadyPast(condition, market), draft };
}

type Take = <T>(field: AlertField, parsed: Parsed<T>) => T | undefined;

function conditionOf(
  values: AlertFormValues,
  market: AlertMarket | undefined,
  take: Take,
): AlertCondition | undefined {
  switch (values.kind) {
    case 'price': {
      const level = take('level', positive(values.level, 'the level', '65000'));
      if (level === undefined || market === undefined) return undefined;
      const { direction, source } = values;
      return { kind: 'price', instrument: market.instrument, direction, level, source };
    }
    case 'move': {
      const percent = take('movePercent', positive(values.movePercent, 'the move', '2'));
      const windowMinutes = take('windowMinutes', whole(values.windowMinutes, 'the time window', 1, 1440));
      if (percent === undefined || windowMinutes === undefined || market === undefined) return undefined;
      return { kind: 'move', instrument: market.instrument, percent, windowMinutes };
    }
    default:
      return accountCondition(values, take);
  }
}

function accountCondition(values: AlertFormValues, take: Take): AlertCondition | undefined {
  const exchanges = take<AlertScope['exchanges']>(
    'exchanges',
    values.exchanges.length === 0
      ? { problem: 'Choose at least one exchange to watch.' }
      : { value: [...values.exchanges] },
  );
  const symbols = take('symbols', symbolsOf(values.symbols));
  if (exchanges === undefined || symbols === undefined) return undefined;
  const scope: AlertScope = { exchanges, symbols };
  switch (values.kind) {
    case 'liquidation': {
      const belowPercent = take(
        'liquidationPercent',
        positive(values.liquidationPercent, 'the distance', '10', 100),
      );
      return belowPercent === undefined ? undefined : { kind: 'liquidation', scope, belowPercent };
    }
    case 'margin': {
      const abovePercent = take(
        'marginPercent',
        positive(values.marginPercent, 'the margin ratio', '80', 1000),
      );
      return abovePercent === undefined ? undefined : { kind: 'margin', scope, abovePercent };
    }
    case 'funding': {
      const percent = take(
        'fundingPercent',
        positive(values.fundingPercent, 'the funding rate', '0.05', 100),
      );
      const minutesBefore = take(
        'minutesBefore',
        whole(values.minutesBefore, 'the time before funding', 1, 480),
      );
      if (percent === undefined || minutesBefore === undefined) return undefined;
      const aboveRate = new Big(percent).div(100).toFixed();
      if (!DECIMAL.test(aboveRate)) {
        take('fundingPercent', { problem: 'The funding rate has too many decimals.' });
        return undefined;
      }
      return { kind: 'funding', scope, aboveRate, minutesBefore };
    }
    case 'fill':
      return { kind: 'fill', scope, partial: values.partial };
    case 'stop':
    case 'closed':
      return { kind: values.kind, scope };
    default:
      return undefined;
  }
}
