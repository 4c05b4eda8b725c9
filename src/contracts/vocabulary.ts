import * as z from 'zod/mini';
import type { ExchangeId, InstrumentKind } from '../exchanges';
import { EXCHANGE_IDS } from './exchange-names';

/**
 * The exchange core's names as message schemas. Contracts may import only types from the exchange
 * core, so the lists live here, each checked against the core's type.
 */
/** Which exchange: for the pages, which may not import the exchange core even for its types. */
export type { ExchangeId };

export const exchangeId = z.enum(EXCHANGE_IDS);

export const instrumentKind = z.enum([
  'spot',
  'margin',
  'perpetual',
  'future',
  'option',
] as const satisfies readonly InstrumentKind[]);

export { EXCHANGE_IDS, EXCHANGE_NAMES } from './exchange-names';
