import type { TradeFailure } from '../../accounts/trade-error.js';
import { okxError } from '../../server/envelopes.js';
import type { SimResponse } from '../../server/http.js';

/** Which operation failed: OKX words "not found" differently for query, cancel and amend (docs/protocol.md "OKX envelopes and errors"). */
export type OkxOperation = 'place' | 'cancel' | 'amend' | 'query';

export interface OkxCodeMessage {
  readonly code: string;
  readonly msg: string;
}

const NOT_FOUND: Readonly<Record<OkxOperation, OkxCodeMessage>> = {
  place: { code: '51603', msg: 'Order does not exist' },
  query: { code: '51603', msg: 'Order does not exist' },
  cancel: { code: '51400', msg: 'Cancellation failed as the order does not exist.' },
  amend: { code: '51503', msg: 'Order modification failed as the order does not exist.' },
};

/** OKX's code and message for a trading failure (docs/protocol.md "OKX envelopes and errors"). */
export function okxFailure(failure: TradeFailure, operation: OkxOperation): OkxCodeMessage {
  switch (failure.reason) {
    case 'permissionDenied':
      return OKX_PERMISSION_DENIED;
    case 'instrumentNotFound':
      return { code: '51001', msg: 'Instrument ID does not exist' };
    case 'paramError':
      return { code: '51000', msg: `Parameter ${failure.detail} error` };
    case 'positionModeMismatch':
      return { code: '51000', msg: 'Parameter posSide error' };
    case 'sizeTooLarge':
      return failure.detail === 'market'
        ? { code: '51202', msg: 'Market order amount exceeds the maximum amount.' }
        : { code: '51000', msg: 'Parameter sz error' };
    case 'insufficientBalance':
      return { code: '51008', msg: 'Order failed. Insufficient USDT margin in account' };
    case 'orderNotFound':
      return NOT_FOUND[operation];
    case 'orderFilled':
      return operation === 'amend'
        ? { code: '51503', msg: 'Order modification failed as the order has been completed.' }
        : { code: '51402', msg: 'Cancellation failed as the order has been completed.' };
    case 'orderCanceled':
      return operation === 'amend'
        ? { code: '51503', msg: 'Order modification failed as the order has been canceled.' }
        : { code: '51401', msg: 'Cancellation failed as the order has been canceled.' };
    case 'reduceOnlyNoPosition':
      return {
        code: '51169',
        msg: "Order failed because you don't have any positions in this direction for this contract to reduce or close.",
      };
    case 'positionNotFound':
      return { code: '51023', msg: 'Position does not exist' };
  }
}

const OKX_PERMISSION_DENIED: OkxCodeMessage = {
  code: '50120',
  msg: "API key doesn't have permission to use this function",
};

/** A read-only key calling a trading or settings endpoint: refused before any item runs. */
export const okxPermissionDenied = (): SimResponse =>
  okxError(OKX_PERMISSION_DENIED.code, OKX_PERMISSION_DENIED.msg, 401);
