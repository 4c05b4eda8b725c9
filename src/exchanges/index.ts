/**
 * The public face of src/exchanges: what the background uses. Both exchanges implement ExchangeRest over
 * their REST clients; `call` on the clients reaches every catalogued endpoint.
 *
 * Wiring in the worker (fetch, timers and the clock are handed in; nothing here touches globals but Web
 * Crypto, TextEncoder and AbortController, through runtime.ts):
 *
 *   const exchange = createExchangeRest({
 *     exchange: 'okx', apiRegion: 'eea', credentials: { apiKey, secret, passphrase },
 *     fetch: (url, init) => fetch(url, init as RequestInit),
 *     timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number) },
 *     clock: { now: () => Date.now() }, logger: console,
 *   });
 *   await exchange.syncClock(); // then every private request is signed with corrected time
 */
import type {
  AccountConfig,
  Balance,
  Book,
  ExchangeId,
  Instrument,
  Order,
  OrderAck,
  Position,
  Quote,
} from './model';
import type { BybitRestOptions } from './bybit/rest';
import { createBybitExchange } from './bybit/rest-exchange';
import type { OkxRestOptions } from './okx/rest';
import { createOkxExchange } from './okx/rest-exchange';

/** An instrument as both exchanges address it: OKX instType + instId, Bybit category + symbol. */
export interface InstrumentRef {
  readonly category: string;
  readonly symbol: string;
}

/** Narrows position and open-order lists. */
export interface AccountFilter {
  /** OKX instType / Bybit category; default all (OKX) or linear (Bybit). */
  readonly category?: string;
  readonly symbol?: string;
  /** Bybit only: settle coin for linear/inverse lists without a symbol (default USDT / BTC). */
  readonly settleCoin?: string;
}

export interface ExchangeRest {
  readonly id: ExchangeId;
  /** Measures the clock offset (several samples, median); signs with corrected time from then on. */
  syncClock(): Promise<number>;
  getServerTime(): Promise<number>;
  getInstruments(category: string): Promise<Instrument[]>;
  getQuote(instrument: InstrumentRef): Promise<Quote | undefined>;
  getBook(instrument: InstrumentRef, depth?: number): Promise<Book>;
  getBalance(): Promise<Balance>;
  /** Open positions (flat rows left out on Bybit; OKX lists only open ones). */
  getPositions(filter?: AccountFilter): Promise<Position[]>;
  getOpenOrders(filter?: AccountFilter): Promise<Order[]>;
  cancelOrder(instrument: InstrumentRef, orderId: string): Promise<OrderAck>;
  getAccountConfig(): Promise<AccountConfig>;
  /** OKX: close-position (market, whole size). Bybit: reduce-only market order the other way, whole size. */
  closePosition(position: Position, clientOrderId?: string): Promise<OrderAck>;
}

export type ExchangeRestOptions =
  ({ readonly exchange: 'okx' } & OkxRestOptions) | ({ readonly exchange: 'bybit' } & BybitRestOptions);

/** One door for both: the options say which exchange (and the rest of its settings). */
export function createExchangeRest(options: ExchangeRestOptions): ExchangeRest {
  return options.exchange === 'okx' ? createOkxExchange(options) : createBybitExchange(options);
}

export * from './errors';
export * from './model';
export { WEB_CRYPTO_UNAVAILABLE } from './runtime';
export {
  ONE_DAY_MS,
  ONE_WEEK_MS,
  createServerClock,
  estimateClockOffset,
  type ServerClock,
} from './transport/clock';
export { DEFAULT_TIMEOUT_MS } from './transport/http';
export { MISSING_CREDENTIALS } from './transport/http-client';
export type {
  FetchLike,
  HttpRequestInit,
  HttpResponseLike,
  Logger,
  RateLimitInfo,
  RestResult,
} from './transport/http-types';
export type { Route, RouteAuth } from './transport/http-routes';
export { UNDEFINED_PARAMETER } from './transport/http-url';
export type { Clock, TimerHandle, Timers } from './transport/timers';
export { OKX_ROUTES, type OkxRoute, type OkxRouteName } from './okx/endpoints';
export {
  OKX_REGIONS,
  okxRestBaseUrl,
  okxSocketUrl,
  type OkxHostOptions,
  type OkxSocketKey,
} from './okx/hosts';
export { createOkxRestClient, type OkxRestClient, type OkxRestOptions } from './okx/rest';
export { createOkxApi, type OkxApi } from './okx/rest-api';
export { createOkxExchange };
export { BYBIT_ROUTES, type BybitRoute, type BybitRouteName } from './bybit/endpoints';
export {
  BYBIT_REGIONS,
  bybitRestBaseUrl,
  bybitSocketUrl,
  type BybitHostOptions,
  type BybitSocketKey,
} from './bybit/hosts';
export { createBybitRestClient, type BybitRestClient, type BybitRestOptions } from './bybit/rest';
export { createBybitApi, type BybitApi } from './bybit/rest-api';
export { createBybitExchange };
export { uploadP2PChatFile, type P2PChatFile } from './bybit/rest-upload';
