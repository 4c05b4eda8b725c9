import type { SimContext } from '../../server/context.js';
import { okxError, okxOk } from '../../server/envelopes.js';
import type { SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import type { OkxAlgoBook } from './okx-algo-book.js';
import type { PriceOf, TriggerPxType } from './okx-algo-order.js';
import { okxAlgoRow } from './okx-algo-shapes.js';
import { okxPermissionDenied } from './okx-errors.js';
import { okxOperationEnvelope, type OkxItemResult } from './okx-trade-ops.js';

/** OKX's cap on one cancel-algos request. */
const MAX_CANCEL = 10;
const PAGE = 100;

/** Algo order routes (docs/protocol.md "OKX protection"): place, amend, cancel and the pending list. */
export function registerOkxAlgoRoutes(routes: PrivateRoutes, book: OkxAlgoBook): void {
  const answer = (items: OkxItemResult[]): SimResponse => ({
    status: 200,
    body: okxOperationEnvelope(items),
  });
  routes.okx('POST', '/api/v5/trade/order-algo', (request, engine) =>
    engine.account.permission === 'read_only' ? okxPermissionDenied() : answer([book.place(request.json)]),
  );
  routes.okx('POST', '/api/v5/trade/amend-algos', (request, engine) =>
    engine.account.permission === 'read_only' ? okxPermissionDenied() : answer([book.amend(request.json)]),
  );
  routes.okx('POST', '/api/v5/trade/cancel-algos', (request, engine) => {
    if (engine.account.permission === 'read_only') return okxPermissionDenied();
    if (!Array.isArray(request.json) || request.json.length === 0)
      return okxError('50014', 'Parameter data can not be empty');
    if (request.json.length > MAX_CANCEL) return okxError('51000', 'Parameter data error');
    return answer(request.json.map((item: unknown) => book.cancel(item)));
  });
  routes.okx('GET', '/api/v5/trade/orders-algo-pending', (request) => {
    const ordTypes = (request.query.get('ordType') ?? '').split(',').filter((t) => t !== '');
    if (ordTypes.length === 0) return okxError('50014', 'Parameter ordType can not be empty');
    const instType = request.query.get('instType');
    const instId = request.query.get('instId');
    const after = request.query.get('after');
    let rows = book
      .live()
      .filter(
        (o) =>
          ordTypes.includes(o.ordType) &&
          (!instType || instType === 'SWAP') &&
          (!instId || o.instrument.symbol === instId),
      );
    // Newest first; `after` is an algoId: the page holds older ones.
    if (after) rows = rows.filter((o) => BigInt(o.algoId) < BigInt(after));
    const limit = Math.min(PAGE, Number(request.query.get('limit') ?? PAGE) || PAGE);
    return okxOk(rows.slice(0, limit).map(okxAlgoRow));
  });
}

/** The price an algo trigger watches, from the simulated market. */
export function okxTriggerPrices(ctx: SimContext): PriceOf {
  return (instrument, type: TriggerPxType) => {
    const found = ctx.market.find(instrument.exchange, instrument.category, instrument.symbol);
    if (!found) throw new Error(`Unknown instrument ${instrument.symbol}`);
    const text =
      type === 'mark'
        ? ctx.market.markPrice(found)
        : type === 'index'
          ? ctx.market.indexPrice(found)
          : ctx.market.lastPrice(found);
    return Number(text);
  };
}
