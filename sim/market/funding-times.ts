/**
 * When perpetuals settle funding, and the rate as the exchanges publish it: both settle every 8 hours at
 * 00:00, 08:00 and 16:00 UTC (docs/protocol.md "Funding"). Public pushes and the settlement share these,
 * so a client that reads the published rate can work out the payment to the cent.
 */
export const FUNDING_PERIOD_MS = 8 * 3_600_000;

/** The first settlement after `now` (a settlement exactly at `now` has happened). */
export function nextFundingTime(now: number): number {
  return Math.floor(now / FUNDING_PERIOD_MS) * FUNDING_PERIOD_MS + FUNDING_PERIOD_MS;
}

/** The funding rate as published (8 decimals), the one a settlement charges. */
export function publishedFundingRate(rate: number): string {
  return rate.toFixed(8);
}
