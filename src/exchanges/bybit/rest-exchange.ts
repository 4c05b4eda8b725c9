import type { ExchangeRest } from '../index';
import {
  mapBybitAccountConfig,
  mapBybitBook,
  mapBybitInstrument,
  mapBybitPosition,
  mapBybitTicker,
  mapBybitWallet,
} from './map';
import { createBybitRestClient, type BybitRestOptions } from './rest';
import { createBybitApi, type BybitCategory, type BybitPositionIdx } from './rest-api';

const CATEGORIES: readonly BybitCategory[] = ['spot', 'linear', 'inverse', 'option'];

function category(value: string | undefined, fallback: BybitCategory): BybitCategory {
  return CATEGORIES.find((known) => known === value) ?? fallback;
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
      // Linear and inverse have more than one page of 500 (PROTOCOL.md §10.2).
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
      const time = (result.raw as { time?: unknown }).time;
      return ticker === undefined ? undefined : mapBybitTicker(ticker, typeof time === 'number' ? time : 0);
    },
    getBook: async (ref, depth) => {
      const params = { category: category(ref.category, 'linear'), symbol: ref.symbol };
      return mapBybitBook(
        (await api.getOrderBook(depth === undefined ? params : { ...params, limit: depth })).data,
      );
    },
    getBalance: async () => mapBybitWallet((await api.getWalletBalance()).data),
    getPositions: async (filter = {}) => {
      const cat = category(filter.category, 'linear');
      // Linear needs a symbol or a settle coin; USDT covers the usual perpetuals.
      const settle =
        cat === 'linear' || cat === 'inverse'
          ? { settleCoin: filter.settleCoin ?? (cat === 'linear' ? 'USDT' : 'BTC') }
          : {};
      const result = await api.getPositions({ category: cat, limit: 200, ...settle });
      return result.data.list
        .map((raw) => mapBybitPosition(raw, cat))
        .filter((position) => position.side !== 'flat');
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
      return {
        exchange: 'bybit',
        orderId: result.data.orderId,
        clientOrderId: result.data.orderLinkId ?? '',
        code: '0',
        message: '',
      };
    },
  };
}
