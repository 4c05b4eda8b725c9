import type { TradeFailure } from '../../accounts/trade-error.js';

export interface BybitCodeMessage {
  readonly retCode: number;
  readonly retMsg: string;
}

/** The engine names parameters as OKX does; Bybit's requests call them differently. */
const BYBIT_PARAM: Readonly<Record<string, string>> = {
  sz: 'qty',
  newSz: 'qty',
  px: 'price',
  newPx: 'price',
  instId: 'symbol',
  posSide: 'positionIdx',
};

export const BYBIT_PERMISSION_DENIED: BybitCodeMessage = {
  retCode: 10005,
  retMsg: 'Permission denied, please check your API key permissions.',
};

/** Bybit's retCode and retMsg for a trading failure (docs/protocol.md "Bybit envelopes and errors"). */
export function bybitFailure(failure: TradeFailure): BybitCodeMessage {
  switch (failure.reason) {
    case 'permissionDenied':
      return BYBIT_PERMISSION_DENIED;
    case 'instrumentNotFound':
      return { retCode: 10001, retMsg: 'params error: symbol invalid' };
    case 'paramError':
      return {
        retCode: 10001,
        retMsg: `params error: ${BYBIT_PARAM[failure.detail] ?? failure.detail} invalid`,
      };
    case 'sizeTooLarge':
      return { retCode: 10001, retMsg: 'The number of contracts exceeds maximum limit allowed: too large' };
    case 'positionModeMismatch':
      return { retCode: 10001, retMsg: 'position idx not match position mode' };
    case 'insufficientBalance':
      return { retCode: 110007, retMsg: 'Available balance is insufficient' };
    case 'orderNotFound':
      return { retCode: 110001, retMsg: 'Order does not exist.' };
    case 'orderFilled':
      return { retCode: 110008, retMsg: 'The order has been completed or cancelled.' };
    case 'orderCanceled':
      return { retCode: 110010, retMsg: 'The order has been cancelled' };
    case 'reduceOnlyNoPosition':
      // Live V5 wording; the docs' table says "orderQty will be truncated to zero" (docs/protocol.md "Bybit 110017").
      return { retCode: 110017, retMsg: 'Reduce-only rule not satisfied' };
    case 'positionNotFound':
      return { retCode: 110017, retMsg: 'Reduce-only rule not satisfied' };
  }
}
