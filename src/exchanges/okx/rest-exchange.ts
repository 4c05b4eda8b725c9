import type { ExchangeRest } from '../index';
import type { Instrument } from '../model';
import {
  mapOkxAccountConfig,
  mapOkxBalance,
  mapOkxBook,
  mapOkxInstrument,
  mapOkxPosition,
  mapOkxTicker,
} from './map';
import { createOkxRestClient, type OkxRestOptions } from './rest';
import { createOkxApi, type OkxInstType, type OkxPosSide } from './rest-api';
import { InvalidResponseError } from '../errors';

/** Sizes in coin need each contract's value, so instruments are fetched once per type and kept. */
const CONTRACT_TYPES = new Set(['SWAP', 'FUTURES', 'OPTION']);

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
      // A failed fetch is not cached: the next call tries again.
      cached.catch(() => instruments.delete(instType));
      instruments.set(instType, cached);
    }
    return cached;
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
      const result = await api.getOrderBook(
        depth === undefined ? { instId: symbol } : { instId: symbol, sz: depth },
      );
      const [book] = result.data;
      if (book === undefined)
        throw new InvalidResponseError(result.endpoint, result.httpStatus, 'no book in data', result.raw);
      return mapOkxBook(book, symbol);
    },
    getBalance: async () => {
      const [account] = (await api.getBalance()).data;
      return account === undefined
        ? { exchange: 'okx', totalEquityUsd: undefined, coins: [] }
        : mapOkxBalance(account);
    },
    getPositions: async (filter = {}) => {
      const params = filter.category === undefined ? {} : { instType: filter.category as OkxInstType };
      const rows = (await api.getPositions(params)).data;
      const types = [...new Set(rows.map((row) => row.instType).filter((type) => CONTRACT_TYPES.has(type)))];
      const known = new Map((await Promise.all(types.map(instrumentsOf))).flatMap((byId) => [...byId]));
      return rows.map((row) => mapOkxPosition(row, known.get(row.instId)));
    },
    getAccountConfig: async () => {
      const result = await api.getAccountConfig();
      const [config] = result.data;
      if (config === undefined)
        throw new InvalidResponseError(
          result.endpoint,
          result.httpStatus,
          'no account config in data',
          result.raw,
        );
      return mapOkxAccountConfig(config);
    },
    closePosition: async (position, clientOrderId) => {
      const result = await api.closePosition({
        instId: position.symbol,
        mgnMode: position.marginMode ?? 'cross',
        // In hedge mode the slot (long/short) says which side to close; net mode needs none.
        ...(position.positionMode === 'hedge' ? { posSide: position.positionSlot as OkxPosSide } : {}),
        ...(clientOrderId === undefined ? {} : { clOrdId: clientOrderId }),
      });
      const [ack] = result.data;
      return {
        exchange: 'okx',
        orderId: '',
        clientOrderId: ack?.clOrdId ?? clientOrderId ?? '',
        code: '0',
        message: '',
      };
    },
  };
}
