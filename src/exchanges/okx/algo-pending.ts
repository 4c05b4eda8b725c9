import type { AccountFilter } from '../exchange-types';
import type { OkxAlgoOrder } from './protection-schemas';
import type { OkxAlgoOrdType, OkxApi } from './rest-api';
import { OKX_KINDS } from './vocabulary';

/** orders-algo-pending answers 100 a page (docs/protocol.md "OKX protection"). */
const ALGO_PAGE = 100;

function okxAlgoFilter(filter: AccountFilter) {
  const kind = filter.instrument?.kind ?? filter.kind;
  return {
    ...(kind === undefined ? {} : { instType: OKX_KINDS.theirs(kind) }),
    ...(filter.instrument === undefined ? {} : { instId: filter.instrument.symbol }),
  };
}

/**
 * Every pending algo order of the given types the filter allows: one ordType a request, every page
 * (newest first; `after`, the last algoId, reads older ones).
 */
export async function okxPendingAlgoOrders(
  api: OkxApi,
  ordTypes: readonly OkxAlgoOrdType[],
  filter: AccountFilter,
): Promise<OkxAlgoOrder[]> {
  const params = okxAlgoFilter(filter);
  const rows: OkxAlgoOrder[] = [];
  for (const ordType of ordTypes) {
    for (let after: string | undefined = undefined; ;) {
      const page: OkxAlgoOrder[] = (
        await api.getPendingAlgoOrders({ ordType, ...params, ...(after === undefined ? {} : { after }) })
      ).data;
      rows.push(...page);
      after = page.at(-1)?.algoId;
      if (page.length < ALGO_PAGE || after === undefined) break;
    }
  }
  return rows;
}
