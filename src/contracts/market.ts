import * as z from 'zod/mini';
import { exchangeId } from './vocabulary';
import { defineMessage } from './define';

/** `npm start` runs the simulator here, and a development build's default market points at it. */
export const DEFAULT_SIMULATOR_PORT = 8765;

/**
 * Where the background sends exchange traffic. A development build defaults to the local simulator;
 * a store build to the exchanges' live hosts. Options will let the trader switch (live/testnet/demo).
 */
export const marketEndpoint = z.discriminatedUnion('environment', [
  z.object({ environment: z.literal('simulator'), restUrl: z.url(), wsUrl: z.url() }),
  z.object({ environment: z.literal('live') }),
]);
export type MarketEndpoint = z.infer<typeof marketEndpoint>;

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
