import { UnsupportedError } from '../errors';
import type { Position } from '../model';
import type { ProtectionAck, TrailRequest, TriggerSource } from '../protection-types';
import type { OkxAlgoAck } from './protection-schemas';
import type { OkxAlgoOrderRequest, OkxAmendAlgoRequest } from './rest-api';
import { OKX_SLOTS } from './vocabulary';

/**
 * Perch's protection requests in OKX's words (docs/protocol.md "OKX protection"): each stop or target
 * is its own `conditional` algo order closing at market; a trailing stop is a `move_order_stop`.
 */

/** Which kinds OKX takes algo stops on: contracts, and spot margin (never spot cash or options). */
export function assertProtectable(position: Position): void {
  if (position.instrumentKind === 'option')
    throw new UnsupportedError('OKX takes no stops, targets or trailing stops on options.');
  if (position.instrumentKind === 'spot')
    throw new UnsupportedError(
      'A spot holding is not a position: OKX stops need a margin or contract position.',
    );
}

/** closeFraction ("close the whole position, whatever its size") exists for futures and swaps only. */
const FRACTION_KINDS = new Set<Position['instrumentKind']>(['perpetual', 'future']);

/** The fields every leg of `position` sends: instrument, margin mode, the closing side and the slot. */
function legBase(position: Position) {
  const slot = position.positionSlot;
  return {
    instId: position.symbol,
    tdMode: position.marginMode ?? 'cross',
    side: position.side === 'short' ? 'buy' : 'sell',
    // reduceOnly applies in net mode only; in long/short mode posSide already says what is reduced.
    ...(slot === 'one-way' ? { reduceOnly: true } : { posSide: OKX_SLOTS.theirs(slot) }),
  } as const;
}

export interface StopOrTarget {
  readonly role: 'stop' | 'target';
  readonly triggerPrice: string;
  readonly triggerBy: TriggerSource;
  /** undefined = the whole position. */
  readonly size: string | undefined;
}

/**
 * A stop or a target. The whole position is closeFraction "1" where OKX has it, but OKX keeps one such
 * order per position (51088): while one waits, `wholeTaken` makes the next one name the position's
 * current size instead.
 */
export function okxStopOrTargetRequest(
  position: Position,
  leg: StopOrTarget,
  wholeTaken: boolean,
): OkxAlgoOrderRequest {
  assertProtectable(position);
  const whole = leg.size === undefined && FRACTION_KINDS.has(position.instrumentKind) && !wholeTaken;
  const trigger =
    leg.role === 'stop'
      ? ({ slTriggerPx: leg.triggerPrice, slOrdPx: '-1', slTriggerPxType: leg.triggerBy } as const)
      : ({ tpTriggerPx: leg.triggerPrice, tpOrdPx: '-1', tpTriggerPxType: leg.triggerBy } as const);
  return {
    ...legBase(position),
    ordType: 'conditional',
    ...(whole ? { closeFraction: '1' } : { sz: leg.size ?? position.sizeContracts }),
    ...trigger,
  } as const;
}

/** A trailing stop for the whole position (move_order_stop takes no closeFraction: its size is sent). */
export function okxTrailRequest(request: TrailRequest): OkxAlgoOrderRequest {
  const { position, distance, ratio, activationPrice } = request;
  assertProtectable(position);
  if ((distance === undefined) === (ratio === undefined))
    throw new UnsupportedError('A trailing stop takes a distance or a ratio, not both and not neither.');
  return {
    ...legBase(position),
    ordType: 'move_order_stop',
    sz: position.sizeContracts,
    ...(distance === undefined ? {} : { callbackSpread: distance }),
    ...(ratio === undefined ? {} : { callbackRatio: ratio }),
    ...(activationPrice === undefined ? {} : { activePx: activationPrice }),
  };
}

/** Moves a stop or target: a new trigger price (market close kept), and a new size for a partial leg. */
export function okxAmendRequest(
  position: Position,
  leg: { readonly id: string; readonly role: 'stop' | 'target'; readonly triggerBy: TriggerSource },
  triggerPrice: string,
  size: string | undefined,
): OkxAmendAlgoRequest {
  const trigger =
    leg.role === 'stop'
      ? ({ newSlTriggerPx: triggerPrice, newSlOrdPx: '-1', newSlTriggerPxType: leg.triggerBy } as const)
      : ({ newTpTriggerPx: triggerPrice, newTpOrdPx: '-1', newTpTriggerPxType: leg.triggerBy } as const);
  return {
    instId: position.symbol,
    algoId: leg.id,
    ...(size === undefined ? {} : { newSz: size }),
    ...trigger,
  } as const;
}

export function mapOkxAlgoAck(raw: OkxAlgoAck): ProtectionAck {
  return {
    exchange: 'okx',
    legId: raw.algoId === undefined || raw.algoId === '' ? undefined : raw.algoId,
    code: raw.sCode,
    message: raw.sMsg ?? '',
  };
}
