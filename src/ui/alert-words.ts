import Big from 'big.js';
import type { AlertCondition, AlertDraft, AlertRepeat, AlertScope } from '../contracts/alerts';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { formatPriceByTick } from './format-step';

/** "OKX and Bybit", "OKX BTC-USDT-SWAP and ETH-USDT-SWAP", or "Bybit". */
export function scopeWords(scope: AlertScope): string {
  const exchanges = scope.exchanges.map((exchange) => EXCHANGE_NAMES[exchange]).join(' and ');
  return scope.symbols.length === 0 ? exchanges : `${exchanges} ${scope.symbols.join(', ')}`;
}

/** A fraction as a trader reads a funding rate: "0.0005" -> "0.05 %". */
export const fundingPercent = (rate: string) => `${new Big(rate).times(100).toFixed()} %`;

/** What an alert waits for, in words: "OKX BTC-USDT-SWAP last price goes above 65,000.0". */
export function conditionWords(condition: AlertCondition, tickSize?: string): string {
  switch (condition.kind) {
    case 'price': {
      const { instrument, source, direction, level } = condition;
      const verb = direction === 'above' ? 'rises above' : 'falls below';
      return `${EXCHANGE_NAMES[instrument.exchange]} ${instrument.symbol} ${source} price ${verb} ${formatPriceByTick(level, tickSize)}`;
    }
    case 'move': {
      const { instrument, percent, windowMinutes } = condition;
      return `${EXCHANGE_NAMES[instrument.exchange]} ${instrument.symbol} moves ${percent} % within ${String(windowMinutes)} min`;
    }
    case 'liquidation':
      return `a position on ${scopeWords(condition.scope)} comes within ${condition.belowPercent} % of liquidation`;
    case 'margin':
      return `the margin ratio on ${scopeWords(condition.scope)} goes over ${condition.abovePercent} %`;
    case 'fill':
      return `an order ${condition.partial ? 'fills, fully or in part,' : 'fills'} on ${scopeWords(condition.scope)}`;
    case 'stop':
      return `a stop or target fires on ${scopeWords(condition.scope)}`;
    case 'closed':
      return `a position closes on ${scopeWords(condition.scope)}`;
    case 'funding':
      return `funding above ${fundingPercent(condition.aboveRate)} is due within ${String(condition.minutesBefore)} min on ${scopeWords(condition.scope)}`;
  }
}

/** "once", "every time, at most once per 5 min", or "every time". */
export function repeatWords(repeat: AlertRepeat): string {
  if (repeat.mode === 'once') return 'once';
  const { cooldownSeconds } = repeat;
  if (cooldownSeconds === 0) return 'every time';
  const per =
    cooldownSeconds % 60 === 0 ? `${String(cooldownSeconds / 60)} min` : `${String(cooldownSeconds)} s`;
  return `every time, at most once per ${per}`;
}

/** The whole alert in one sentence: "When OKX BTC-USDT-SWAP last price rises above 65,000.0, once, with sound." */
export function draftWords(draft: AlertDraft, tickSize?: string): string {
  const sound = draft.sound ? 'with sound' : 'silent';
  return `When ${conditionWords(draft.condition, tickSize)}: ${repeatWords(draft.repeat)}, ${sound}.`;
}
