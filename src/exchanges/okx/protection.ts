import { UnsupportedError } from '../errors';
import type { AccountFilter, ExchangeProtection } from '../exchange-types';
import type { Position } from '../model';
import type { ProtectionAck, ProtectionLeg } from '../protection-types';
import type { RestResult } from '../transport/http-types';
import { okxPendingAlgoOrders } from './algo-pending';
import { firstItem } from './rest-exchange';
import { mapOkxAlgoAck, okxAmendRequest, okxStopOrTargetRequest, okxTrailRequest } from './protection-map';
import { groupOkxAlgoLegs } from './protection-parse';
import type { OkxAlgoAck, OkxAlgoOrder } from './protection-schemas';
import type { OkxAlgoOrdType, OkxApi } from './rest-api';
import { OKX_SLOTS } from './vocabulary';

/** Every algo order type a Perch leg (or one set on OKX's own site) can be. */
const PROTECTION_ORD_TYPES: readonly OkxAlgoOrdType[] = ['conditional', 'oco', 'move_order_stop'];

/** An ack whose item refused: OKX answers code "1" for that, which the envelope already throws. */
async function ack(result: Promise<RestResult<OkxAlgoAck[]>>): Promise<ProtectionAck> {
  return mapOkxAlgoAck(firstItem(await result));
}

/** OKX stops, targets and trailing stops as algo orders (docs/protocol.md "OKX protection"). */
export function createOkxProtection(api: OkxApi): ExchangeProtection {
  const pending = (filter: AccountFilter): Promise<OkxAlgoOrder[]> =>
    okxPendingAlgoOrders(api, PROTECTION_ORD_TYPES, filter);

  /** The legs waiting on `position` (its instrument and slot). */
  async function legsOf(
    position: Position,
  ): Promise<{ legs: readonly ProtectionLeg[]; rows: OkxAlgoOrder[] }> {
    const rows = await pending({ instrument: { kind: position.instrumentKind, symbol: position.symbol } });
    const slot = OKX_SLOTS.theirs(position.positionSlot);
    const mine = rows.filter(
      (row) => (row.posSide === '' || row.posSide === undefined ? 'net' : row.posSide) === slot,
    );
    return { legs: groupOkxAlgoLegs(mine).flatMap((group) => group.legs), rows: mine };
  }

  const protection: ExchangeProtection = {
    list: async (filter = {}) => groupOkxAlgoLegs(await pending(filter)),
    protect: async (request) => {
      const { position, role, triggerPrice, triggerBy = 'mark', size } = request;
      // OKX keeps one whole-position (closeFraction) TP/SL order per position: look before asking for another.
      const wholeTaken =
        size === undefined && (await legsOf(position)).rows.some((row) => row.closeFraction === '1');
      return ack(
        api.placeAlgoOrder(
          okxStopOrTargetRequest(position, { role, triggerPrice, triggerBy, size }, wholeTaken),
        ),
      );
    },
    move: async ({ position, leg, triggerPrice, size }) => {
      if (leg.role === 'trailing')
        throw new UnsupportedError('OKX cannot move a trailing stop: cancel it and start another.');
      if (size !== undefined && leg.size === undefined)
        throw new UnsupportedError('This leg closes the whole position: it has no size to change.');
      return ack(
        api.amendAlgoOrder(okxAmendRequest(position, { ...leg, role: leg.role }, triggerPrice, size)),
      );
    },
    cancel: async (position, leg) => ack(api.cancelAlgoOrders([{ instId: position.symbol, algoId: leg.id }])),
    breakeven: async (position) => {
      const price = position.breakEvenPrice ?? position.entryPrice;
      if (price === undefined)
        throw new UnsupportedError(`OKX sent no breakeven or entry price for ${position.symbol}.`);
      const wholeStop = (await legsOf(position)).legs.find(
        (leg) => leg.role === 'stop' && leg.size === undefined,
      );
      return wholeStop === undefined
        ? protection.protect({ position, role: 'stop', triggerPrice: price })
        : protection.move({ position, leg: wholeStop, triggerPrice: price });
    },
    trail: async (request) => ack(api.placeAlgoOrder(okxTrailRequest(request))),
  };
  return protection;
}
