import { present } from '../decimal';
import type { CloseReason, OrderOrigin } from '../model';
import type { OkxOrder } from './schemas';

/**
 * Who made an order (docs/protocol.md "Order origin"). `category`: normal is the trader's, the risk
 * engine's are full_liquidation, partial_liquidation and adl; the rest (twap, delivery, ddh,
 * auto_conversion) are left unnamed. https://www.okx.com/docs-v5/en/#order-book-trading-trade-ws-order-channel
 */
const CATEGORY_ORIGINS: Readonly<Record<string, OrderOrigin>> = {
  normal: 'trader',
  full_liquidation: 'liquidation',
  partial_liquidation: 'liquidation',
  adl: 'adl',
};

/** `source` of an order an algo order placed when it triggered: 7 a TP/SL order, 25 a trailing stop. */
const TPSL_SOURCE = '7';
const TRAILING_SOURCE = '25';

export function okxOrderOrigin(
  raw: Pick<OkxOrder, 'category' | 'source' | 'tpTriggerPx' | 'slTriggerPx'>,
): OrderOrigin | undefined {
  const byCategory = CATEGORY_ORIGINS[raw.category ?? ''];
  if (byCategory !== undefined && byCategory !== 'trader') return byCategory;
  if (raw.source === TRAILING_SOURCE) return 'trailing';
  // The order row does not say which leg of a TP/SL fired: a stop, unless only a take-profit price shows.
  if (raw.source === TPSL_SOURCE)
    return present(raw.tpTriggerPx) !== undefined && present(raw.slTriggerPx) === undefined
      ? 'target'
      : 'stop';
  return byCategory;
}

/**
 * positions-history `type`: 1 partial close, 2 close all, 3 liquidation, 4 partial liquidation, 5 ADL
 * not fully closed, 6 ADL fully closed (docs/protocol.md "Position history"). A plain close does not say
 * whose it was.
 */
const CLOSE_TYPES: Readonly<Record<string, { readonly reason: CloseReason; readonly whole: boolean }>> = {
  '1': { reason: 'unknown', whole: false },
  '2': { reason: 'unknown', whole: true },
  '3': { reason: 'liquidation', whole: true },
  '4': { reason: 'liquidation', whole: false },
  '5': { reason: 'adl', whole: false },
  '6': { reason: 'adl', whole: true },
};

export function okxCloseType(type: string): { readonly reason: CloseReason; readonly whole: boolean } {
  return CLOSE_TYPES[type] ?? { reason: 'unknown', whole: false };
}
