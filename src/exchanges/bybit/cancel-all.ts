import type { CancelAllReport, CancelAllScope } from '../exchange-types';
import type { OrderAck } from '../model';
import type { BybitInstruments } from './instruments';
import type { BybitApi, BybitCancelAllRequest, BybitSpotOrderFilter } from './rest-api';
import { allPages, ORDERS_PAGE, withCursor } from './rest-exchange';
import type { BybitCancelAll } from './schemas';

/**
 * Spot cancel-all cancels plain orders unless told another kind, one kind a request; linear, inverse
 * and option cancel every kind (conditional, TP/SL and trailing orders too) when no orderFilter is sent
 * (docs/protocol.md "Cancel all").
 */
const SPOT_FILTERS: readonly BybitSpotOrderFilter[] = [
  'Order',
  'tpslOrder',
  'StopOrder',
  'OcoOrder',
  'BidirectionalTpslOrder',
];

/** Linear needs a settle coin (or symbol) to cancel without a symbol; option needs nothing. */
const ACCOUNT_REQUESTS: readonly BybitCancelAllRequest[] = [
  { category: 'linear', settleCoin: 'USDT' },
  { category: 'linear', settleCoin: 'USDC' },
  { category: 'option' },
  ...SPOT_FILTERS.map((orderFilter) => ({ category: 'spot', orderFilter }) as const),
];

const acksOf = (answer: BybitCancelAll): OrderAck[] =>
  answer.list.map((row) => ({
    exchange: 'bybit',
    orderId: row.orderId,
    clientOrderId: row.orderLinkId ?? '',
    code: '0',
    message: '',
  }));

/**
 * Inverse contracts settle in their own base coin, so cancel-all goes per symbol that holds an open
 * order (a baseCoin request would take the coin's linear orders too).
 */
async function inverseRequests(api: BybitApi): Promise<BybitCancelAllRequest[]> {
  const rows = await allPages(
    async (cursor) =>
      (await api.getOpenOrders({ category: 'inverse', limit: ORDERS_PAGE, ...withCursor(cursor) })).data,
  );
  return [...new Set(rows.map((row) => row.symbol))].map((symbol) => ({ category: 'inverse', symbol }));
}

async function scopedRequests(
  scope: CancelAllScope,
  api: BybitApi,
  instruments: Pick<BybitInstruments, 'categoryOf'>,
): Promise<readonly BybitCancelAllRequest[]> {
  if (scope.instrument === undefined) return [...ACCOUNT_REQUESTS, ...(await inverseRequests(api))];
  const category = await instruments.categoryOf(scope.instrument);
  const symbol = scope.instrument.symbol;
  if (category !== 'spot') return [{ category, symbol }];
  return SPOT_FILTERS.map((orderFilter) => ({ category, symbol, orderFilter }));
}

/**
 * POST /v5/order/cancel-all for each request the scope needs. Bybit answers only the orders it
 * cancelled (each code "0"); the order stream confirms them. Every request is sent even when one fails;
 * then the first failure is thrown.
 */
export async function bybitCancelAll(
  api: BybitApi,
  instruments: Pick<BybitInstruments, 'categoryOf'>,
  scope: CancelAllScope = {},
): Promise<CancelAllReport> {
  const requests = await scopedRequests(scope, api, instruments);
  const answers = await Promise.allSettled(requests.map((request) => api.cancelAll(request)));
  const failed = answers.find((answer) => answer.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return {
    exchange: 'bybit',
    acks: answers.flatMap((answer) => (answer.status === 'fulfilled' ? acksOf(answer.value.data) : [])),
  };
}
