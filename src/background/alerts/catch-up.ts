import type { AlertInstrument } from '../../contracts/alerts';
import type { Candle, ClosedPosition, Fill } from '../../exchanges';
import { addDecimals, divideDecimals, multiplyDecimals, plainDecimal } from '../../exchanges/decimal';
import type { CandleInput, ClosedInput, FillInput } from './alert-inputs';

/**
 * What the worker read over REST on waking, as the rules' inputs, oldest first: the minute candles a price
 * may have crossed in, the positions closed and the orders filled while it was stopped. The worker
 * observes them as late (`observe(input, { late: true })`).
 */

const CANDLE_MS = 60_000;

/** The minute candles that end after `since` (the last price the alerts saw), as candle inputs. */
export function candleInputs(
  instrument: AlertInstrument,
  candles: readonly Candle[],
  mark: boolean,
  since: number,
): CandleInput[] {
  return candles
    .filter((candle) => candle.start + CANDLE_MS > since)
    .toSorted((a, b) => a.start - b.start)
    .map(({ start, open, high, low, close }) => ({
      type: 'candle',
      exchange: instrument.exchange,
      kind: instrument.kind,
      symbol: instrument.symbol,
      start,
      end: start + CANDLE_MS,
      open,
      high,
      low,
      close,
      mark,
    }));
}

export function closedInputs(closed: readonly ClosedPosition[]): ClosedInput[] {
  return closed
    .toSorted((a, b) => a.closedAt - b.closedAt)
    .map((position) => ({
      type: 'closed',
      source: 'history',
      exchange: position.exchange,
      symbol: position.symbol,
      slot: position.positionSlot,
      id: position.id,
      reason: position.reason,
      whole: position.whole,
      price: position.closePrice,
      realisedPnl: position.realisedPnl,
      ts: position.closedAt,
    }));
}

/**
 * Each order's fills summed into one input at their average price: whole when the order is no longer
 * open. The order's size is not in a fill: a whole order is told by what filled.
 */
export function fillInputs(fills: readonly Fill[], stillOpenOrderIds: ReadonlySet<string>): FillInput[] {
  // Map.groupBy came in Chrome 117 and Node 21; Perch runs on Chrome 116 and tests on Node 20.
  const byOrder = new Map<string, Fill[]>();
  for (const fill of fills) {
    const order = `${fill.exchange}:${fill.orderId}`;
    byOrder.set(order, [...(byOrder.get(order) ?? []), fill]);
  }
  return [...byOrder.values()]
    .flatMap((orderFills): FillInput[] => {
      const [first] = orderFills;
      if (first === undefined) return [];
      const size = orderFills.reduce((sum, fill) => addDecimals(sum, fill.size), '0');
      const value = orderFills.reduce(
        (sum, fill) => addDecimals(sum, multiplyDecimals(fill.price, fill.size)),
        '0',
      );
      const average = divideDecimals(value, size);
      const whole = !stillOpenOrderIds.has(first.orderId);
      return [
        {
          type: 'fill',
          exchange: first.exchange,
          symbol: first.symbol,
          orderId: first.orderId,
          side: first.side,
          filledSize: plainDecimal(size),
          orderSize: whole ? plainDecimal(size) : undefined,
          price: average === undefined ? undefined : plainDecimal(average),
          whole,
          ts: Math.max(...orderFills.map((fill) => fill.ts)),
        },
      ];
    })
    .toSorted((a, b) => a.ts - b.ts);
}
