import { InvalidResponseError } from '../errors';
import type { AccountFilter, ExchangeRest } from '../index';
import type { Instrument } from '../model';
import type { RestResult } from '../transport/http-types';
import {
  mapOkxAccountConfig,
  mapOkxBalance,
  mapOkxBook,
  mapOkxInstrument,
  mapOkxOrder,
  mapOkxOrderAck,
  mapOkxPosition,
  mapOkxTicker,
} from './map';
import { createOkxRestClient, type OkxRestOptions } from './rest';
import { createOkxApi, type OkxInstType, type OkxPosSide } from './rest-api';

/** Sizes in coin need each contract's value, so instruments are fetched once per type and kept. */
const CONTRACT_TYPES = new Set(['SWAP', 'FUTURES', 'OPTION']);

function okxFilter(filter: AccountFilter): { instType?: OkxInstType; instId?: string } {
  return {
    ...(filter.category === undefined ? {} : { instType: filter.category as OkxInstType }),
    ...(filter.symbol === undefined ? {} : { instId: filter.symbol }),
  };
}

/** OKX wraps single answers in a one-item array; an empty one is not what its docs promise. */
function firstItem<T>(result: RestResult<readonly T[]>): T {
  const [item] = result.data;
  if (item === undefined)
    throw new InvalidResponseError(result.endpoint, result.httpStatus, 'data is empty', result.raw);
  return item;
}

export function createOkxExchange(options: OkxRestOptions): ExchangeRest {
  const client = createOkxRestClient(options);
  const api = createOkxApi(client);
  const instruments = new Map<string, Promise<Map<string, Instrument>>>();

  function instrumentsOf(instType: string): Promise<Map<string, Instrument>> {
    let cached = instruments.get(instType);
    if (cached === undefined) {
      cached = api
        .getInstruments({ instType: instType as OkxInstType })
        .then((result) => new Map(result.data.map((raw) => [raw.instId, mapOkxInstrument(raw)])));
      // A failed fetch is not kept: the next call tries again.
      cached.catch(() => instruments.delete(instType));
      instruments.set(instType, cached);
    }
    return cached;
  }

  /**
   * Instruments by id for these position rows. A type whose cache lacks a row's instrument (a contract
   * listed after the cache was filled) is fetched again, once, so its size in coin can be computed.
   */
  async function instrumentsForRows(
    rows: readonly { readonly instType: string; readonly instId: string }[],
  ): Promise<Map<string, Instrument>> {
    const types = [...new Set(rows.map((row) => row.instType).filter((type) => CONTRACT_TYPES.has(type)))];
    const byType = await Promise.all(
      types.map(async (type) => {
        const cached = instrumentsOf(type);
        const byId = await cached;
        if (rows.every((row) => row.instType !== type || byId.has(row.instId))) return byId;
        if (instruments.get(type) === cached) instruments.delete(type);
        return instrumentsOf(type);
      }),
    );
    return new Map(byType.flatMap((byId) => [...byId]));
  }

  return {
    id: 'okx',
    syncClock: () => client.syncClock(),
    getServerTime: async () => (await api.getServerTime()).data,
    getInstruments: async (category) => [...(await instrumentsOf(category)).values()],
    getQuote: async ({ symbol }) => {
      const [ticker] = (await api.getTicker(symbol)).data;
      return ticker === undefined ? undefined : mapOkxTicker(ticker);
    },
    getBook: async ({ symbol }, depth) => {
      const params = depth === undefined ? { instId: symbol } : { instId: symbol, sz: depth };
      return mapOkxBook(firstItem(await api.getOrderBook(params)), symbol);
    },
    getBalance: async () => {
      const [account] = (await api.getBalance()).data;
      return account === undefined
        ? { exchange: 'okx', totalEquityUsd: undefined, coins: [] }
        : mapOkxBalance(account);
    },
    getPositions: async (filter = {}) => {
      const rows = (await api.getPositions(okxFilter(filter))).data;
      const known = await instrumentsForRows(rows);
      return rows.map((row) => mapOkxPosition(row, known.get(row.instId)));
    },
    getOpenOrders: async (filter = {}) => (await api.getOpenOrders(okxFilter(filter))).data.map(mapOkxOrder),
    cancelOrder: async ({ symbol }, orderId) =>
      mapOkxOrderAck(firstItem(await api.cancelOrder({ instId: symbol, ordId: orderId }))),
    getAccountConfig: async () => mapOkxAccountConfig(firstItem(await api.getAccountConfig())),
    closePosition: async (position, clientOrderId) => {
      const ack = firstItem(
        await api.closePosition({
          instId: position.symbol,
          mgnMode: position.marginMode ?? 'cross',
          // In hedge mode the slot (long/short) says which side to close; net mode needs none.
          ...(position.positionMode === 'hedge' ? { posSide: position.positionSlot as OkxPosSide } : {}),
          ...(clientOrderId === undefined ? {} : { clOrdId: clientOrderId }),
        }),
      );
      // close-position answers with no order id (docs/protocol.md §9.1); the private stream reports the fill.
      return {
        exchange: 'okx',
        orderId: '',
        clientOrderId: ack.clOrdId ?? clientOrderId ?? '',
        code: '0',
        message: '',
      };
    },
  };
}
