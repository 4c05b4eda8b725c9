/**
 * The public face of src/exchanges: what the background uses, and nothing else. One Exchange per
 * exchange account from one factory: `rest` (snapshots and account lists), `streams` (model-level
 * requests in, model events and socket status out) and `trade` (over the trade socket when it is
 * logged in, else REST).
 *
 * Wiring in the worker (fetch, sockets, timers and the clock are handed in; nothing here touches
 * globals but Web Crypto, TextEncoder and AbortController, through runtime.ts):
 *
 *   const exchange = createExchange({
 *     exchange: 'okx', apiRegion: 'eea', credentials: { apiKey, secret, passphrase },
 *     fetch: (url, init) => fetch(url, init as RequestInit),
 *     createSocket: (url) => new WebSocket(url),
 *     timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number) },
 *     clock: { now: () => Date.now() }, logger: console,
 *   });
 *   await exchange.rest.syncClock(); // then every signature uses corrected time
 *   const stop = exchange.streams.subscribe(
 *     { kind: 'quote', instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } },
 *     (event) => show(event),
 *   );
 */
export { createExchange, type ExchangeOptions } from './exchange';
export type {
  AccountFilter,
  AccountStreamRequest,
  AmendRequest,
  CancelAllAfterAck,
  CancelAllReport,
  CancelAllScope,
  CandleInterval,
  CandlePrice,
  CandleRange,
  Exchange,
  ExchangeProtection,
  ExchangeRest,
  ExchangeStreams,
  ExchangeTrade,
  MarketStreamRequest,
  OrderRequest,
  OrderTarget,
  SocketStatusEvent,
  StreamRequest,
} from './exchange-types';
export { CANDLE_INTERVALS } from './exchange-types';
// Trading persists a close's client order id before sending it, so it makes the id itself.
export { createClientOrderIds } from './client-order-id';
export * from './errors';
// A close compares the size the trader saw with the exchange's, exactly (docs/architecture.md "Closing a position").
export { compareDecimals, plainDecimal } from './decimal';
export * from './model';
// A book event carries only what changed; a listener that shows a book keeps its view with this.
export { EMPTY_BOOK_VIEW, applyBookEvent, type BookView } from './book-view';
// Stops, targets and trailing stops in the same words on both exchanges.
export type * from './protection-types';
// The host tables, from which the worker builds its origin allow-list (fetch guard, CSP, host permissions).
export {
  OKX_REGIONS,
  okxRestBaseUrl,
  okxSocketUrl,
  type OkxHostOptions,
  type OkxSocketKey,
} from './okx/hosts';
export {
  BYBIT_REGIONS,
  bybitRestBaseUrl,
  bybitSocketUrl,
  type BybitHostOptions,
  type BybitSocketKey,
} from './bybit/hosts';
export type { FetchLike, Logger } from './transport/http-types';
// One REST limiter per account, handed to every Exchange built for it (createExchange's `rateLimiter`).
export { createRateLimiter, type RateLimiter, type RateSpend } from './transport/rest-limiter';
export type { SocketState, WebSocketFactory } from './transport/socket-types';
export type { Clock, TimerHandle, Timers } from './transport/timers';
// A protection action is confirmed by a leg's trigger price, compared exactly (within a tick for breakeven).
export { absoluteDecimal, subtractDecimals } from './decimal';
