import type { InProcessResult } from './results';

/** Implementations that keep a book, whose best bid must agree after the same frames. */
const BOOK_KEEPERS = new Set(['perch', 'perch-nochecksum', 'ccxt.pro']);

/**
 * Proof that every implementation did the work: one delivery per frame, and the books that Perch and
 * ccxt built from the same frames agree on the best bid (compared as numbers: Bybit pads, ccxt holds
 * floats). Returns the problems found; none means the figures may be reported.
 */
export function verifyInProcess(results: readonly InProcessResult[]): string[] {
  const problems: string[] = [];
  for (const result of results)
    if (result.deliveredPerPass !== result.frames)
      problems.push(
        `${result.exchange} ${result.impl} delivered ${result.deliveredPerPass} per pass of ${result.frames} frames`,
      );
  for (const exchange of new Set(results.map((result) => result.exchange))) {
    const bids = results
      .filter((result) => result.exchange === exchange && BOOK_KEEPERS.has(result.impl))
      .map((result) => ({ impl: result.impl, bid: Number(result.bestBid) }));
    const [first] = bids;
    if (first === undefined) continue;
    if (bids.some(({ bid }) => !Number.isFinite(bid) || bid !== first.bid))
      problems.push(
        `${exchange} books disagree on the best bid: ${bids.map(({ impl, bid }) => `${impl} ${bid}`).join(', ')}`,
      );
  }
  return problems;
}
