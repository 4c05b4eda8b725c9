import type { Alert } from '../contracts/alerts';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { fundingPercent } from '../ui/alert-words';
import { formatPriceByTick } from '../ui/format-step';
import { priceUnit } from './price-unit';

/** An armed alert as a row of the popup reads it: where, on what, and what it waits for with its unit. */
export interface AlertSummary {
  /** "OKX", "OKX · Bybit". */
  readonly exchanges: string;
  /** "BTC-USDT-SWAP", "2 instruments", "Every position". */
  readonly instrument: string;
  /** "Last above 70,000.0 USDT", "Liq. within 10 %". */
  readonly condition: string;
}

/** What an alert watches and waits for, short enough for one line of a 400 px popup. */
export function alertSummary(alert: Alert, tickSize?: string): AlertSummary {
  const { condition } = alert;
  if (condition.kind === 'price' || condition.kind === 'move') {
    const { instrument } = condition;
    const head = { exchanges: EXCHANGE_NAMES[instrument.exchange], instrument: instrument.symbol };
    if (condition.kind === 'move')
      return { ...head, condition: `Moves ${condition.percent} % in ${String(condition.windowMinutes)} min` };
    const unit = priceUnit(instrument);
    const price = formatPriceByTick(condition.level, tickSize);
    const source = condition.source === 'last' ? 'Last' : 'Mark';
    return {
      ...head,
      condition: `${source} ${condition.direction} ${price}${unit === undefined ? '' : ` ${unit}`}`,
    };
  }
  const { scope } = condition;
  const head = {
    exchanges: scope.exchanges.map((exchange) => EXCHANGE_NAMES[exchange]).join(' · '),
    instrument: scope.symbols.length === 0 ? 'Every instrument' : scope.symbols.join(', '),
  };
  switch (condition.kind) {
    case 'liquidation':
      return { ...head, condition: `Liq. within ${condition.belowPercent} %` };
    case 'margin':
      return { ...head, condition: `Margin ratio over ${condition.abovePercent} %` };
    case 'fill':
      return { ...head, condition: condition.partial ? 'Order fills, also in part' : 'Order fills' };
    case 'stop':
      return { ...head, condition: 'Stop or target fires' };
    case 'closed':
      return { ...head, condition: 'Position closes' };
    case 'funding':
      return {
        ...head,
        condition: `Funding over ${fundingPercent(condition.aboveRate)} due in ${String(condition.minutesBefore)} min`,
      };
  }
}
