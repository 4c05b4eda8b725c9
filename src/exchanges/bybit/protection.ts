import { multiplyDecimals, roundToStep } from '../decimal';
import { ConfigError, UnsupportedError } from '../errors';
import type { ExchangeProtection } from '../exchange-types';
import type { Position } from '../model';
import type { ProtectionAck, ProtectionLeg, TrailRequest } from '../protection-types';
import type { BybitInstruments } from './instruments';
import { listBybitProtection } from './protection-list';
import {
  cancelFullRequest,
  FULL_LEG_ID,
  isFullLeg,
  legRequest,
  tradingStopTarget,
  trailRequest,
} from './protection-map';
import type { BybitApi } from './rest-api';

export interface BybitProtectionParts {
  readonly api: BybitApi;
  readonly instruments: BybitInstruments;
}

/** Reaching an answer means retCode 0 (the envelope refuses any other): accepted. */
const accepted = (legId: string | undefined): ProtectionAck => ({
  exchange: 'bybit',
  legId,
  code: '0',
  message: '',
});

/**
 * Bybit stops, targets and trailing stops (docs/protocol.md "Bybit protection"): Full legs live on the
 * position and change through POST /v5/position/trading-stop; Partial legs are conditional orders, moved
 * with order/amend and cancelled with order/cancel.
 */
export function createBybitProtection({ api, instruments }: BybitProtectionParts): ExchangeProtection {
  /** The order that is a Partial leg, as order/amend and order/cancel name it. */
  const partialOrder = (position: Position, leg: ProtectionLeg) => {
    const { category, symbol } = tradingStopTarget(position);
    return { category, symbol, orderId: leg.id };
  };

  /** A ratio becomes a price distance off the mark, on the instrument's tick: Bybit trails by distance only. */
  async function distanceOf(request: TrailRequest): Promise<string> {
    const { distance, ratio, position } = request;
    if ((distance === undefined) === (ratio === undefined))
      throw new ConfigError('A trailing stop takes a distance or a ratio, not both and not neither.');
    if (distance !== undefined) return distance;
    const mark = position.markPrice;
    if (mark === undefined)
      throw new UnsupportedError(
        `Bybit trails by a price distance only, and ${position.symbol} has no mark price to turn the ratio into one.`,
      );
    const { category, symbol } = tradingStopTarget(position);
    const instrument = (await instruments.ofCategory(category)).find((listed) => listed.id === symbol);
    const raw = multiplyDecimals(ratio ?? '0', mark);
    return instrument === undefined ? raw : roundToStep(raw, instrument.tickSize);
  }

  return {
    list: (filter) => listBybitProtection(api, instruments, filter),
    protect: async ({ position, role, triggerPrice, triggerBy, size }) => {
      await api.setTradingStop(legRequest(position, role, triggerPrice, triggerBy ?? 'mark', size));
      // trading-stop answers an empty result: only a Full leg's id is known beforehand.
      return accepted(size === undefined ? FULL_LEG_ID[role] : undefined);
    },
    move: async ({ position, leg, triggerPrice, size }) => {
      if (leg.role === 'trailing')
        throw new UnsupportedError('A Bybit trailing stop is moved by starting it again with new settings.');
      if (isFullLeg(leg)) {
        await api.setTradingStop(legRequest(position, leg.role, triggerPrice, leg.triggerBy, undefined));
        return accepted(leg.id);
      }
      const amend = {
        ...partialOrder(position, leg),
        triggerPrice,
        ...(size === undefined ? {} : { qty: size }),
      };
      return accepted((await api.amendOrder(amend)).data.orderId);
    },
    cancel: async (position, leg) => {
      if (isFullLeg(leg)) await api.setTradingStop(cancelFullRequest(position, leg.role));
      else await api.cancelOrder(partialOrder(position, leg));
      return accepted(leg.id);
    },
    breakeven: async (position) => {
      const price = position.breakEvenPrice ?? position.entryPrice;
      if (price === undefined)
        throw new UnsupportedError(
          `Bybit sends no breakeven or entry price for ${position.symbol}: there is no price to move the stop to.`,
        );
      await api.setTradingStop(legRequest(position, 'stop', price, 'mark', undefined));
      return accepted(FULL_LEG_ID.stop);
    },
    trail: async (request) => {
      const distance = await distanceOf(request);
      await api.setTradingStop(trailRequest(request.position, distance, request.activationPrice));
      return accepted(FULL_LEG_ID.trailing);
    },
  };
}
