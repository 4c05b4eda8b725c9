import Big from 'big.js';
import type { Alert, AlertInstrument, AlertKind, AlertScope } from '../contracts/alerts';
import type { ExchangeId } from '../contracts/vocabulary';

/** What the alert form knows of the one instrument a market alert watches, from the live quote. */
export interface AlertMarket {
  readonly instrument: AlertInstrument;
  readonly tickSize?: string | undefined;
  readonly last?: string | undefined;
  readonly mark?: string | undefined;
}

export type AlertDirection = 'above' | 'below';
export type AlertSource = 'last' | 'mark';

/** The alert form as typed: strings where the trader types, so a half-typed number is kept as it is. */
export interface AlertFormValues {
  readonly kind: AlertKind;
  readonly direction: AlertDirection;
  readonly level: string;
  readonly source: AlertSource;
  readonly movePercent: string;
  readonly windowMinutes: string;
  readonly liquidationPercent: string;
  readonly marginPercent: string;
  readonly partial: boolean;
  /** In % as traders quote it ("0.05"); the alert keeps the fraction. */
  readonly fundingPercent: string;
  readonly minutesBefore: string;
  readonly exchanges: readonly ExchangeId[];
  /** The instruments an account alert is limited to, as typed ("BTC-USDT-SWAP, ETHUSDT"); empty: all. */
  readonly symbols: string;
  readonly repeat: 'once' | 'every';
  readonly cooldownMinutes: string;
  readonly sound: boolean;
  /** The edited alert's note, kept as it was: the form has no field for it. */
  readonly note?: string | undefined;
}

/** The form's kinds that watch one instrument's price; every other kind watches the account. */
export const MARKET_KINDS: readonly AlertKind[] = ['price', 'move'];
export const isMarketKind = (kind: AlertKind) => MARKET_KINDS.includes(kind);

/** Kinds that fire on an event (each fill, each stop): repeating them needs no cool-down. */
const EVENT_KINDS: readonly AlertKind[] = ['fill', 'stop', 'closed'];

export const DEFAULT_COOLDOWN_MINUTES = '5';

export const DEFAULT_ALERT_VALUES: AlertFormValues = {
  kind: 'price',
  direction: 'above',
  level: '',
  source: 'last',
  movePercent: '2',
  windowMinutes: '15',
  liquidationPercent: '10',
  marginPercent: '80',
  partial: false,
  fundingPercent: '0.05',
  minutesBefore: '30',
  exchanges: ['okx', 'bybit'],
  symbols: '',
  repeat: 'once',
  cooldownMinutes: DEFAULT_COOLDOWN_MINUTES,
  sound: false,
};

/** How a kind repeats unless the trader says otherwise: a level once, an account event every time. */
export function repeatFor(kind: AlertKind): Pick<AlertFormValues, 'repeat' | 'cooldownMinutes'> {
  if (isMarketKind(kind)) return { repeat: 'once', cooldownMinutes: DEFAULT_COOLDOWN_MINUTES };
  return { repeat: 'every', cooldownMinutes: EVENT_KINDS.includes(kind) ? '0' : DEFAULT_COOLDOWN_MINUTES };
}

function decimalsOf(value: Big): number {
  return Math.max(0, value.c.length - value.e - 1);
}

/** `value` on the tick, or to as many decimals as `like` has when the tick is not known. */
function onTick(value: Big, tickSize: string | undefined, like: Big): string {
  const step = new Big(tickSize ?? new Big(1).div(new Big(10).pow(decimalsOf(like))));
  return value.div(step).round(0, Big.roundHalfUp).times(step).toFixed(decimalsOf(step));
}

/** `price` moved by `percent` (signed), rounded to the tick (or to the price's own decimals without one). */
export function levelAway(price: string, percent: number, tickSize: string | undefined): string {
  const base = new Big(price);
  return onTick(base.times(new Big(100).plus(percent)).div(100), tickSize, base);
}

/** The price a price alert on `source` compares with now, when the quote has it. */
export const priceNow = (market: AlertMarket | undefined, source: AlertSource) =>
  source === 'mark' ? (market?.mark ?? market?.last) : (market?.last ?? market?.mark);

/** The level a direction starts at: 1 % above or below the price now; empty when there is no price yet. */
export function levelFor(market: AlertMarket | undefined, source: AlertSource, direction: AlertDirection) {
  const price = priceNow(market, source);
  return price === undefined ? '' : levelAway(price, direction === 'above' ? 1 : -1, market?.tickSize);
}

/** From a watchlist quote: the last price rising 1 % above where it is. */
export function valuesFromQuote(market: AlertMarket): AlertFormValues {
  return {
    ...DEFAULT_ALERT_VALUES,
    level: levelFor(market, 'last', 'above'),
    exchanges: [market.instrument.exchange],
  };
}

/** The part of a position the alert form reads. */
export interface AlertPosition {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly markPrice?: string | undefined;
  readonly liquidationPrice?: string | undefined;
}

/**
 * From a position: a warning half way from the mark to liquidation, on the mark price (what liquidates);
 * without a liquidation price, the mark rising 1 %. Account alerts watch this position's instrument.
 */
export function valuesFromPosition(position: AlertPosition, market: AlertMarket): AlertFormValues {
  const mark = position.markPrice ?? market.mark;
  const liquidation =
    position.liquidationPrice !== undefined && Number(position.liquidationPrice) > 0
      ? position.liquidationPrice
      : undefined;
  const base = {
    ...DEFAULT_ALERT_VALUES,
    source: 'mark' as const,
    exchanges: [position.exchange],
    symbols: position.symbol,
  };
  if (mark === undefined) return { ...base, level: levelFor(market, 'mark', 'above') };
  if (liquidation === undefined) return { ...base, level: levelAway(mark, 1, market.tickSize) };
  const markBig = new Big(mark);
  return {
    ...base,
    direction: new Big(liquidation).lt(markBig) ? 'below' : 'above',
    level: onTick(markBig.plus(liquidation).div(2), market.tickSize, markBig),
  };
}

const minutes = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);

/** An alert as the form shows it for editing: every field of its kind as it was saved, the rest defaults. */
export function valuesFromAlert(alert: Alert): AlertFormValues {
  const { condition, repeat } = alert;
  const values: AlertFormValues = {
    ...DEFAULT_ALERT_VALUES,
    kind: condition.kind,
    repeat: repeat.mode,
    cooldownMinutes: repeat.mode === 'every' ? minutes(repeat.cooldownSeconds) : DEFAULT_COOLDOWN_MINUTES,
    sound: alert.sound,
    note: alert.note,
  };
  const scoped = (scope: AlertScope) => ({ exchanges: scope.exchanges, symbols: scope.symbols.join(', ') });
  switch (condition.kind) {
    case 'price': {
      const { direction, level, source, instrument } = condition;
      return { ...values, direction, level, source, exchanges: [instrument.exchange] };
    }
    case 'move':
      return {
        ...values,
        movePercent: condition.percent,
        windowMinutes: String(condition.windowMinutes),
        exchanges: [condition.instrument.exchange],
      };
    case 'liquidation':
      return { ...values, ...scoped(condition.scope), liquidationPercent: condition.belowPercent };
    case 'margin':
      return { ...values, ...scoped(condition.scope), marginPercent: condition.abovePercent };
    case 'fill':
      return { ...values, ...scoped(condition.scope), partial: condition.partial };
    case 'funding':
      return {
        ...values,
        ...scoped(condition.scope),
        fundingPercent: new Big(condition.aboveRate).times(100).toFixed(),
        minutesBefore: String(condition.minutesBefore),
      };
    case 'stop':
    case 'closed':
      return { ...values, ...scoped(condition.scope) };
  }
}
