import * as z from 'zod/mini';
import { exchangeId, instrumentKind } from './vocabulary';
import { defineMessage } from './define';

/** The most instruments one search answers with: enough to pick from, small enough to render at once. */
export const INSTRUMENT_SEARCH_MAX = 50;

export const instrumentSummary = z.object({
  exchange: exchangeId,
  kind: instrumentKind,
  /** The exchange's own id: OKX instId (BTC-USDT-SWAP), Bybit symbol (BTCUSDT). */
  symbol: z.string(),
  contractType: z.optional(z.enum(['linear', 'inverse'])),
  base: z.string(),
  quote: z.string(),
  settle: z.string(),
  /** Price step and order size step, as the exchange's decimal strings. */
  tickSize: z.string(),
  lotSize: z.string(),
});
export type InstrumentSummary = z.infer<typeof instrumentSummary>;

/**
 * Searches one exchange's tradable instruments (its instrument lists, fetched by the background and
 * kept) by symbol or base coin, best matches first. No kind searches perpetuals, futures and spot.
 */
export const searchInstruments = defineMessage({
  name: 'searchInstruments',
  senders: ['popup', 'options'],
  request: z.strictObject({
    exchange: exchangeId,
    query: z.string().check(z.maxLength(32)),
    kind: z.optional(instrumentKind),
  }),
  response: z.object({ instruments: z.array(instrumentSummary) }),
});
