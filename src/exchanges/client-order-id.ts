import type { Clock } from './transport/timers';

/**
 * Client order ids for orders placed without one: letters and digits only, at most 24 characters, so
 * both OKX clOrdId (32) and Bybit orderLinkId (36) take them. Time first, then a counter, so ids from
 * one worker never repeat and ids from a restarted worker sort after the old ones.
 */
export function createClientOrderIds(clock: Clock, prefix = 'perch'): () => string {
  let counter = 0;
  return () => `${prefix}${clock.now().toString(36)}${(counter++).toString(36)}`;
}
