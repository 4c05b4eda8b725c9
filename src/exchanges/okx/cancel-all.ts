import * as z from 'zod/mini';
import { ExchangeError } from '../errors';
import type { CancelAllReport, CancelAllScope, ExchangeRest } from '../exchange-types';
import type { OrderAck } from '../model';
import type { RestResult } from '../transport/http-types';
import { okxPendingAlgoOrders } from './algo-pending';
import { mapOkxOrderAck } from './map';
import { OkxAlgoAcks, type OkxAlgoAck } from './protection-schemas';
import type { OkxAlgoOrdType, OkxApi } from './rest-api';
import { OkxOrderAcks } from './schemas';

/**
 * cancel-batch-orders takes at most 20 orders a request, cancel-algos at most 10 (docs/protocol.md
 * "Cancel all"); the rate gate paces the requests inside each endpoint's budget.
 */
export const OKX_CANCEL_BATCH = 20;
export const OKX_CANCEL_ALGOS_BATCH = 10;
/** Every algo order type that waits on the book until it triggers. */
const RESTING_ALGO_TYPES: readonly OkxAlgoOrdType[] = ['conditional', 'oco', 'trigger', 'move_order_stop'];

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * A batch in which every item was refused answers code "1", which the envelope throws; its items still
 * say why each was refused (one that filled meanwhile), and those are the report.
 */
async function itemsOf<Item>(
  schema: z.ZodMiniType<Item[]>,
  call: Promise<RestResult<Item[]>>,
): Promise<Item[]> {
  try {
    return (await call).data;
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const body = z.looseObject({ data: schema }).safeParse(error.raw);
    if (!body.success || body.data.data.length === 0) throw error;
    return body.data.data;
  }
}

const algoAck = (raw: OkxAlgoAck): OrderAck => ({
  exchange: 'okx',
  orderId: raw.algoId ?? '',
  clientOrderId: raw.algoClOrdId ?? '',
  code: raw.sCode,
  message: raw.sMsg ?? '',
});

/**
 * Lists every pending order (all pages) and every pending algo order, then cancels them in batches:
 * OKX has no single cancel-everything call.
 */
export async function okxCancelAll(
  api: OkxApi,
  rest: Pick<ExchangeRest, 'getOpenOrders'>,
  scope: CancelAllScope = {},
): Promise<CancelAllReport> {
  const filter = scope.instrument === undefined ? {} : { instrument: scope.instrument };
  const [orders, algos] = await Promise.all([
    rest.getOpenOrders(filter),
    okxPendingAlgoOrders(api, RESTING_ALGO_TYPES, filter),
  ]);
  const orderBatches = chunks(
    orders.map((order) => ({ instId: order.symbol, ordId: order.orderId })),
    OKX_CANCEL_BATCH,
  );
  const algoBatches = chunks(
    algos.map((algo) => ({ instId: algo.instId, algoId: algo.algoId })),
    OKX_CANCEL_ALGOS_BATCH,
  );
  const [orderAcks, algoAcks] = await Promise.all([
    Promise.all(orderBatches.map((batch) => itemsOf(OkxOrderAcks, api.cancelBatchOrders(batch)))),
    Promise.all(algoBatches.map((batch) => itemsOf(OkxAlgoAcks, api.cancelAlgoOrders(batch)))),
  ]);
  return {
    exchange: 'okx',
    acks: [...orderAcks.flat().map(mapOkxOrderAck), ...algoAcks.flat().map(algoAck)],
  };
}
