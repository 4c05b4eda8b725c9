import type { MessageHandlers } from '../../platform/message-dispatch';
import type { ProtectionService } from '../trading/protection-service';
import { allowedTarget, type TabInstruments } from './position-access';

type ProtectionHandlers = Pick<
  MessageHandlers,
  | 'setProtection'
  | 'moveProtection'
  | 'cancelProtection'
  | 'moveStopToBreakeven'
  | 'setTrailingStop'
  | 'closePart'
>;

/**
 * The protection messages, each handed to the protection service with the position as the trader saw it.
 * The contracts let only extension pages set, move, cancel or trail; a chart page's content script may
 * move the stop to breakeven or close part of a position its own tab follows, as with closePosition.
 */
export function createProtectionHandlers(
  service: Pick<ProtectionService, 'act'>,
  tabs: TabInstruments,
): ProtectionHandlers {
  return {
    setProtection: async (request, context) => {
      const { role, triggerPrice, triggerBy, size } = request;
      return service.act(allowedTarget(request, context, tabs, 'protect'), request.seen, {
        type: 'set',
        role,
        triggerPrice,
        ...(triggerBy === undefined ? {} : { triggerBy }),
        ...(size === undefined ? {} : { size }),
      });
    },
    moveProtection: async (request, context) => {
      const { legId, triggerPrice, size } = request;
      return service.act(allowedTarget(request, context, tabs, 'protect'), request.seen, {
        type: 'move',
        legId,
        triggerPrice,
        ...(size === undefined ? {} : { size }),
      });
    },
    cancelProtection: async (request, context) =>
      service.act(allowedTarget(request, context, tabs, 'protect'), request.seen, {
        type: 'cancel',
        legId: request.legId,
      }),
    moveStopToBreakeven: async (request, context) =>
      service.act(allowedTarget(request, context, tabs, 'protect'), request.seen, { type: 'breakeven' }),
    setTrailingStop: async (request, context) => {
      const { distance, ratio, activationPrice } = request;
      return service.act(allowedTarget(request, context, tabs, 'protect'), request.seen, {
        type: 'trail',
        ...(distance === undefined ? {} : { distance }),
        ...(ratio === undefined ? {} : { ratio }),
        ...(activationPrice === undefined ? {} : { activationPrice }),
      });
    },
    closePart: async (request, context) =>
      service.act(allowedTarget(request, context, tabs, 'trim'), request.seen, {
        type: 'close-part',
        part: request.part,
      }),
  };
}
