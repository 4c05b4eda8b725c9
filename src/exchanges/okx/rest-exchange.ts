import { InvalidResponseError } from '../errors';
import type { AccountFilter, ExchangeRest } from '../exchange-types';
import { emptyBalance } from '../model';
import type { RestResult } from '../transport/http-types';
import { okxHistory } from './history';
import { createOkxInstruments, type OkxInstruments } from './instruments';
import {
  mapOkxAccountConfig,
  mapOkxBalance,
  mapOkxBook,
  mapOkxOrder,
  mapOkxOrderAck,
  mapOkxPosition,
  mapOkxTicker,
  okxFundingQuoteFields,
  okxOptionQuoteFields,
} from './map';
import { createOkxRestClient, type OkxRestClient, type OkxRestOptions } from './rest';
import { createOkxApi, type OkxApi, type OkxInstType } from './rest-api';
import { OKX_KINDS, OKX_SLOTS, okxInstFamily } from './vocabulary';

/** Without a kind, OKX lists every instType the account holds. */
function okxFilter(filter: AccountFilter): { instType?: OkxInstType; instId?: string } {
  const kind = filter.instrument?.kind ?? filter.kind;
  return {
    ...(kind === undefined ? {} : { instType: OKX_KINDS.theirs(kind) }),
    ...(filter.instrument === undefined ? {} : { instId: filter.instrument.symbol }),
  };
}

/** OKX wraps single answers in a one-item array; an empty one is not what its docs promise. */
export function firstItem<T>(result: RestResult<readonly T[]>): T {
  const [item] = result.data;
  if (item === undefined)
    throw new InvalidResponseError(result.endpoint, result.httpStatus, 'data is empty', result.raw);
  return item;
}

/**
 * orders-pending answers at most 100 orders a page; older pages are read with `after` (the last ordId).
 * https://www.okx.com/docs-v5/en/#order-book-trading-trade-get-order-list
 */
const ORDERS_PAGE = 100;

type OpenOrderRows = Awaited<ReturnType<OkxApi['getOpenOrders']>>['data'];

export interface OkxRestParts {
  readonly client: OkxRestClient;
  readonly api: OkxApi;
  readonly instruments: OkxInstruments;
}

export function createOkxExchangeRest(options: OkxRestOptions): ExchangeRest {
  const client = createOkxRestClient(options);
  const api = createOkxApi(client);
  return okxExchangeRest({ client, api, instruments: createOkxInstruments(api) });
}

export function okxExchangeRest({ client, api, instruments }: OkxRestParts): ExchangeRest {
  return {
    id: 'okx',
    ...okxHistory(api),
    syncClock: () => client.syncClock(),
    getServerTime: async () => (await api.getServerTime()).data,
    getInstruments: async (kind, options) => [
      ...(await instruments.ofType(OKX_KINDS.theirs(kind), options?.refresh)).values(),
    ],
    getQuote: async ({ kind, symbol }) => {
      // An option's greeks are listed with its family's in opt-summary; a perpetual's funding in
      // public/funding-rate (docs/protocol.md "Funding"): OKX's ticker carries neither.
      const [tickers, summaries, funding] = await Promise.all([
        api.getTicker(symbol),
        kind === 'option' ? api.getOptionSummary({ instFamily: okxInstFamily(symbol) }) : undefined,
        kind === 'perpetual' ? api.getFundingRate(symbol) : undefined,
      ]);
      const [ticker] = tickers.data;
      if (ticker === undefined) return undefined;
      const summary = summaries?.data.find((row) => row.instId === symbol);
      const rate = funding?.data.find((row) => row.instId === symbol);
      return {
        ...mapOkxTicker(ticker),
        ...(summary === undefined ? {} : okxOptionQuoteFields(summary)),
        ...(rate === undefined ? {} : okxFundingQuoteFields(rate)),
      };
    },
    getBook: async ({ symbol }, depth) => {
      const params = depth === undefined ? { instId: symbol } : { instId: symbol, sz: depth };
      return mapOkxBook(firstItem(await api.getOrderBook(params)), symbol);
    },
    getBalance: async () => {
      const [account] = (await api.getBalance()).data;
      return account === undefined ? emptyBalance('okx') : mapOkxBalance(account);
    },
    getPositions: async (filter = {}) => {
      const rows = (await api.getPositions(okxFilter(filter))).data;
      const known = await instruments.forRows(rows);
      return rows.map((row) => mapOkxPosition(row, known.get(row.instId)));
    },
    getOpenOrders: async (filter = {}) => {
      const params = okxFilter(filter);
      const orders = [];
      for (let after: string | undefined = undefined; ;) {
        const page: OpenOrderRows = (
          await api.getOpenOrders({
            ...params,
            limit: ORDERS_PAGE,
            ...(after === undefined ? {} : { after }),
          })
        ).data;
        orders.push(...page.map(mapOkxOrder));
        after = page.at(-1)?.ordId;
        if (page.length < ORDERS_PAGE || after === undefined) return orders;
      }
    },
    cancelOrder: async ({ symbol }, orderId) =>
      mapOkxOrderAck(firstItem(await api.cancelOrder({ instId: symbol, ordId: orderId }))),
    getAccountConfig: async () => mapOkxAccountConfig(firstItem(await api.getAccountConfig())),
    closePosition: async (position, clientOrderId) => {
      const ack = firstItem(
        await api.closePosition({
          instId: position.symbol,
          mgnMode: position.marginMode ?? 'cross',
          // In hedge mode the slot (long/short) says which side to close; net mode needs none.
          ...(position.positionSlot === 'one-way'
            ? {}
            : { posSide: OKX_SLOTS.theirs(position.positionSlot) }),
          ...(clientOrderId === undefined ? {} : { clOrdId: clientOrderId }),
        }),
      );
      // close-position answers with no order id (docs/protocol.md "OKX positions"); the private stream reports the fill.
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
