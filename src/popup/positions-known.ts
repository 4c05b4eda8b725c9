import type { PortAccount } from '../contracts/ports';
import type { ExchangeId } from '../contracts/vocabulary';

/**
 * Whether an exchange's positions are confirmed by the exchange since the worker started: not merely
 * kept from before a restart, and not unknown. Until then an empty list proves nothing.
 */
function confirmed(account: PortAccount, exchange: ExchangeId): boolean {
  const freshness = account.freshness?.find((item) => item.exchange === exchange);
  return freshness?.positionsKnown === true && !freshness.restored;
}

/** The exchanges with keys whose positions Perch is still checking, in the order given. */
export function exchangesChecking(account: PortAccount, keyed: readonly ExchangeId[]): ExchangeId[] {
  return keyed.filter((exchange) => !confirmed(account, exchange));
}

/** A row painted from the snapshot kept before the worker restarted, not yet confirmed by the exchange. */
export function keptFromBefore(account: PortAccount, exchange: ExchangeId): boolean {
  return account.freshness?.find((item) => item.exchange === exchange)?.restored === true;
}
