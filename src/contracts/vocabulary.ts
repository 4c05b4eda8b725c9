import * as z from 'zod/mini';
import type { ExchangeId, InstrumentKind } from '../exchanges';

/**
 * The exchange core's names as message schemas. Contracts may import only types from the exchange
 * core, so the lists live here, each checked against the core's type.
 */
/** Which exchange: for the pages, which may not import the exchange core even for its types. */
export type { ExchangeId };

export const EXCHANGE_IDS = ['okx', 'bybit'] as const satisfies readonly ExchangeId[];
export const exchangeId = z.enum(EXCHANGE_IDS);

export const instrumentKind = z.enum([
  'spot',
  'margin',
  'perpetual',
  'future',
  'option',
] as const satisfies readonly InstrumentKind[]);

export { EXCHANGE_NAMES } from './exchange-names';
