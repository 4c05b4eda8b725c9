/**
 * Why a trading request failed, in neutral words. Each exchange layer turns a reason into its own
 * code and message (docs/protocol.md "OKX envelopes and errors", "Bybit envelopes and errors") via the tables in sim/private.
 */
export type TradeFailureReason =
  | 'permissionDenied'
  | 'instrumentNotFound'
  | 'paramError'
  | 'sizeTooLarge'
  | 'positionModeMismatch'
  | 'insufficientBalance'
  | 'orderNotFound'
  | 'orderFilled'
  | 'orderCanceled'
  | 'reduceOnlyNoPosition'
  | 'positionNotFound';

export interface TradeFailure {
  readonly reason: TradeFailureReason;
  /** Which parameter was wrong, for param errors ("Parameter sz error"). */
  readonly detail: string;
}

export type TradeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: TradeFailure };

export const succeed = <T>(value: T): TradeResult<T> => ({ ok: true, value });
export const refuse = <T = never>(reason: TradeFailureReason, detail = ''): TradeResult<T> => ({
  ok: false,
  failure: { reason, detail },
});
