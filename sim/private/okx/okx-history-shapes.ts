import type { SimClose } from '../../accounts/types.js';
import { trimmedDecimal, usdt } from '../number-format.js';

/**
 * positions-history `type` (docs/protocol.md "Position history"): 1 partial close, 2 close all,
 * 3 liquidation, 4 partial liquidation, 5 ADL not fully closed, 6 ADL fully closed.
 */
function closeType(close: SimClose): string {
  switch (close.order.origin) {
    case 'liquidation':
      return close.whole ? '3' : '4';
    case 'adl':
      return close.whole ? '6' : '5';
    default:
      return close.whole ? '2' : '1';
  }
}

/** A GET /api/v5/account/positions-history row: one close of a position, its PnL split as OKX splits it. */
export function okxPositionHistory(close: SimClose): Record<string, string> {
  const { position } = close;
  const px = (value: number) => trimmedDecimal(value, position.instrument.priceDecimals);
  const pnl = close.realisedPnl;
  return {
    instType: 'SWAP',
    instId: position.instrument.symbol,
    mgnMode: position.marginMode,
    type: closeType(close),
    cTime: String(close.openedAt),
    uTime: String(close.closedAt),
    openAvgPx: px(close.openAvgPx),
    closeAvgPx: px(close.closeAvgPx),
    posId: position.id,
    openMaxPos: trimmedDecimal(close.closedSize, position.instrument.sizeDecimals),
    closeTotalPos: trimmedDecimal(close.closedSize, position.instrument.sizeDecimals),
    realizedPnl: usdt(pnl - close.fee),
    fee: usdt(-close.fee),
    fundingFee: '0',
    liqPenalty: '0',
    pnl: usdt(pnl),
    pnlRatio: '',
    posSide: position.posSide,
    lever: String(position.leverage),
    direction: close.direction > 0 ? 'long' : 'short',
    triggerPx: '',
    uly: '',
    ccy: 'USDT',
  };
}
