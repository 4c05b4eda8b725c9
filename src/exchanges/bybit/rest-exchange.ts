import type { AccountFilter, ExchangeRest } from '../index';
import {
  mapBybitAccountConfig,
  mapBybitBook,
  mapBybitInstrument,
  mapBybitOrder,
  mapBybitOrderAck,
  mapBybitPosition,
  mapBybitTicker,
  mapBybitWallet,
} from './map';
import { createBybitRestClient, readBybitServerTime, type BybitRestOptions } from './rest';
import { createBybitApi, type BybitCategory, type BybitPositionIdx } from './rest-api';

const CATEGORIES: readonly BybitCategory[] = ['spot', 'linear', 'inverse', 'option'];

function category(value: string | undefined, fallback: BybitCategory): BybitCategory {
  return CATEGORIES.find((known) => known === value) ?? fallback;
}

/** Linear and inverse lists need a symbol or a settle coin; USDT (linear) and BTC (inverse) are the usual ones. */
function bybitFilter(filter: AccountFilter): {
  category: BybitCategory;
  symbol?: string;
  settleCoin?: string;
} {
  const cat = category(filter.category, 'linear');
  if (filter.symbol !== undefined) return { category: cat, symbol: filter.symbol };
  if (cat !== 'linear' && cat !== 'inverse') return { category: cat };
  return { category: cat, settleCoin: filter.settleCoin ?? (cat === 'linear' ? 'USDT' : 'BTC') };
}

export function createBybitExchange(options: BybitRestOptions): ExchangeRest {
  const client = createBybitRestClient(options);
  const api = createBybitApi(client);

  return {
    id: 'bybit',
    syncClock: () => client.syncClock(),
    getServerTime: async () => (await api.getServerTime()).data,
    getInstruments: async (name) => {
      const cat = category(name, 'linear');
      const mapped = [];
      // Linear and inverse have more than one page of 500 (docs/protocol.md §10.2).
      for (let cursor: string | undefined = undefined; ;) {
        const page = await api.getInstruments({
          category: cat,
          limit: 1000,
          ...(cursor === undefined ? {} : { cursor }),
        });
        mapped.push(...page.data.list.map((raw) => mapBybitInstrument(raw, cat)));
        cursor = page.data.nextPageCursor;
        if (cursor === undefined || cursor === '' || page.data.list.length === 0) return mapped;
      }
    },
    getQuote: async (ref) => {
      const result = await api.getTickers({ category: category(ref.category, 'linear'), symbol: ref.symbol });
      const [ticker] = result.data.list;
      return ticker === undefined ? undefined : mapBybitTicker(ticker, readBybitServerTime(result));
    },
    getBook: async (ref, depth) => {
      const params = { category: category(ref.category, 'linear'), symbol: ref.symbol };
      return mapBybitBook(
        (await api.getOrderBook(depth === undefined ? params : { ...params, limit: depth })).data,
      );
    },
    getBalance: async () => mapBybitWallet((await api.getWalletBalance()).data),
    getPositions: async (filter = {}) => {
      const params = bybitFilter(filter);
      const result = await api.getPositions({ ...params, limit: 200 });
      return result.data.list
        .map((raw) => mapBybitPosition(raw, params.category))
        .filter((position) => position.side !== 'flat');
    },
    getOpenOrders: async (filter = {}) =>
      (await api.getOpenOrders(bybitFilter(filter))).data.list.map(mapBybitOrder),
    cancelOrder: async (ref, orderId) => {
      const params = { category: category(ref.category, 'linear'), symbol: ref.symbol, orderId };
      return mapBybitOrderAck((await api.cancelOrder(params)).data);
    },
    getAccountConfig: async () => mapBybitAccountConfig((await api.getApiKeyInfo()).data),
    closePosition: async (position, clientOrderId) => {
      const result = await api.closePosition(
        {
          category: category(position.category, 'linear'),
          symbol: position.symbol,
          side: position.side === 'short' ? 'Sell' : 'Buy',
          size: position.sizeContracts,
          positionIdx: Number(position.positionSlot) as BybitPositionIdx,
        },
        clientOrderId,
      );
      return mapBybitOrderAck(result.data);
    },
  };
}
