import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';
import { WITH_DEVELOPMENT_PATHS } from './development-paths';

/**
 * Where the background sends exchange traffic. A development build defaults to the local simulator;
 * a store build to the exchanges' live hosts, and its schema knows no other market.
 */
export type MarketEndpoint =
  | { readonly environment: 'simulator'; readonly restUrl: string; readonly wsUrl: string }
  | { readonly environment: 'live' };

const liveMarket = z.object({ environment: z.literal('live') });

export const marketEndpoint: z.ZodMiniType<MarketEndpoint> = WITH_DEVELOPMENT_PATHS
  ? z.discriminatedUnion('environment', [
      z.object({ environment: z.literal('simulator'), restUrl: z.url(), wsUrl: z.url() }),
      liveMarket,
    ])
  : liveMarket;

export const exchangeStatus = z.object({
  exchange: exchangeId,
  /** The instrument whose last price proves market data flows, e.g. BTC-USDT-SWAP. */
  symbol: z.string(),
  lastPrice: z.optional(z.string()),
  /** Why this exchange could not be reached, in words a trader understands. */
  problem: z.optional(z.string()),
});
export type ExchangeStatus = z.infer<typeof exchangeStatus>;

/** Asks the background whether each exchange answers on the configured market, with a BTC quote. */
export const marketStatus = defineMessage({
  name: 'marketStatus',
  senders: ['popup', 'options'],
  request: z.strictObject({}),
  response: z.object({
    endpoint: marketEndpoint,
    exchanges: z.array(exchangeStatus),
  }),
});
