import * as z from 'zod/mini';
import { optionalStrings } from '../transport/http-schema';

/**
 * Algo order shapes at the boundary (docs/protocol.md "OKX protection"): the per-item answer of
 * order-algo, amend-algos and cancel-algos, and one algo order as orders-algo-pending lists it and the
 * orders-algo and algo-advance channels push it. Empty fields arrive as "".
 */

const str = z.string();

export const OkxAlgoAcks = z.array(
  z.looseObject({ algoId: z.optional(str), algoClOrdId: z.optional(str), sCode: str, sMsg: z.optional(str) }),
);
export type OkxAlgoAck = z.infer<typeof OkxAlgoAcks>[number];

export const OkxAlgoOrder = z.looseObject({
  instType: str,
  instId: str,
  algoId: str,
  ordType: str,
  state: str,
  ...optionalStrings(
    'posSide',
    'sz',
    'closeFraction',
    'slTriggerPx',
    'slTriggerPxType',
    'tpTriggerPx',
    'tpTriggerPxType',
    'callbackRatio',
    'callbackSpread',
    'activePx',
    'moveTriggerPx',
    'uTime',
    'cTime',
    'pTime',
  ),
});
export type OkxAlgoOrder = z.infer<typeof OkxAlgoOrder>;
export const OkxAlgoOrders = z.array(OkxAlgoOrder);
