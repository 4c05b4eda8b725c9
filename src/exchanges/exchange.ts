import { createBybitExchange, type BybitExchangeOptions } from './bybit/exchange';
import type { Exchange } from './exchange-types';
import { createOkxExchange, type OkxExchangeOptions } from './okx/exchange';

export type ExchangeOptions =
  | ({ readonly exchange: 'okx' } & OkxExchangeOptions)
  | ({ readonly exchange: 'bybit' } & BybitExchangeOptions);

/**
 * An Exchange for either exchange: the options say which (and the rest of its settings). Nothing is
 * connected until a stream is subscribed, except the trade socket of an account with keys, which logs
 * in at once so orders can go over it.
 */
export function createExchange(options: ExchangeOptions): Exchange {
  return options.exchange === 'okx' ? createOkxExchange(options) : createBybitExchange(options);
}
