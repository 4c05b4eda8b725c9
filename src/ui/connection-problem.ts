import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { ExchangeId } from '../contracts/vocabulary';

/** A socket's close code ("socket closed: 1006", "closed: 1006 going away"): the line dropped, not a fault to read. */
const DROPPED = /socket closed|\bclosed:? \(?\d{4}\b/i;

/**
 * What is wrong with an exchange's connection in a trader's words: "OKX connection dropped; reconnecting…"
 * for a dropped socket. Other problems are the background's own sentences and stay as they are; the raw
 * text goes in a title for whoever reports it.
 */
export function connectionProblemWords(exchange: ExchangeId, raw: string): string {
  return DROPPED.test(raw) ? `${EXCHANGE_NAMES[exchange]} connection dropped; reconnecting…` : raw;
}
