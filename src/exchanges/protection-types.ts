import type { ExchangeId, InstrumentKind, Position, PositionSlot } from './model';

/**
 * Protection of a position, in the same words on both exchanges (docs/protocol.md "Protection"): Bybit
 * keeps a position's take-profit, stop-loss and trailing stop on the position itself (Full mode) or as
 * untriggered orders (Partial mode); OKX keeps them as algo orders. Prices and sizes stay the exchange's
 * decimal strings.
 */

/** Which price crosses a trigger: mark by default (a wick in the last price does not fire it). */
export type TriggerSource = 'mark' | 'last' | 'index';

/** What a protective order does when it fires: every one closes (part of) the position at market. */
export type ProtectionRole = 'stop' | 'target' | 'trailing';

/** A trailing stop's settings, as the exchange holds them. */
export interface TrailingSettings {
  /** A price distance behind the best price since activation (Bybit trailingStop, OKX callbackSpread). */
  readonly distance: string | undefined;
  /** A fraction of the best price (OKX callbackRatio, 0.01 = 1 %); Bybit has no ratio. */
  readonly ratio: string | undefined;
  /** The price from which the stop starts to trail; undefined = at once. */
  readonly activationPrice: string | undefined;
}

/** One protective order waiting on a position. */
export interface ProtectionLeg {
  /**
   * What moving or cancelling it needs: OKX algoId; Bybit the untriggered order's orderId (Partial) or
   * `full-stop` / `full-target` / `full-trailing` for what is kept on the position itself (Full).
   * One OKX algo order can hold a stop and a target: both legs then carry its algoId.
   */
  readonly id: string;
  readonly role: ProtectionRole;
  /** Stop and target: the trigger price. Trailing: the stop the exchange has ratcheted to, once it is known. */
  readonly triggerPrice: string | undefined;
  readonly triggerBy: TriggerSource;
  /** In the exchange's order unit; undefined = the whole position, whatever its size when it fires. */
  readonly size: string | undefined;
  /** Trailing legs only. */
  readonly trailing: TrailingSettings | undefined;
}

/** Which position a leg belongs to. */
export interface ProtectedPosition {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly instrumentKind: InstrumentKind;
  readonly positionSlot: PositionSlot;
}

/** The legs waiting on one position (REST snapshot). */
export interface PositionProtection extends ProtectedPosition {
  readonly legs: readonly ProtectionLeg[];
}

/**
 * A push about one leg. `live`: placed or moved (the leg shows its new price and size); `cancelled`:
 * gone without firing (cancelled, or the position closed); `triggered`: fired; `failed`: fired but the
 * exchange could not place its order. Bybit Full-mode legs are read off the position push, so the same
 * live leg may be pushed many times: a consumer treats these as idempotent.
 */
export interface ProtectionEvent extends ProtectedPosition {
  readonly kind: 'protection';
  readonly ts: number;
  readonly leg: ProtectionLeg;
  readonly status: 'live' | 'cancelled' | 'triggered' | 'failed';
  /** The exchange's own status text (OKX `state`, Bybit `orderStatus`, or `position` for Full legs). */
  readonly rawStatus: string;
}

/** Set a new stop or target on `position` (acts on the side and slot the trader saw). */
export interface ProtectRequest {
  readonly position: Position;
  readonly role: 'stop' | 'target';
  readonly triggerPrice: string;
  /** Default mark. */
  readonly triggerBy?: TriggerSource;
  /** In the exchange's order unit; undefined = the whole position. */
  readonly size?: string;
}

/** Move a waiting stop or target (a new trigger price; for a partial leg, optionally a new size). */
export interface MoveProtectionRequest {
  readonly position: Position;
  readonly leg: ProtectionLeg;
  readonly triggerPrice: string;
  readonly size?: string;
}

/** Start a trailing stop for the whole position: a distance or a ratio, not both. */
export interface TrailRequest {
  readonly position: Position;
  readonly distance?: string;
  readonly ratio?: string;
  readonly activationPrice?: string;
}

/** What an exchange answered to a protection request. */
export interface ProtectionAck {
  readonly exchange: ExchangeId;
  /** The leg's id (see ProtectionLeg.id) when the exchange names it in the answer. */
  readonly legId: string | undefined;
  /** "0" when accepted; the exchange's own code otherwise. */
  readonly code: string;
  readonly message: string;
}
