import type { InProcessResult } from './results';

/** Implementations that keep a book, whose best bid must agree after the same frames. */
const BOOK_KEEPERS = new Set(['perch', 'perch-nochecksum', 'ccxt.pro']);

/**
 * Proof that every implementation did the work: one delivery per frame in every timed pass, and the
 * books that Perch and ccxt built from the same frames (per exchange and mix, where it has book frames) agree on the best bid
 * (compared as numbers: Bybit pads, ccxt holds floats). Returns the problems found; none means the
 * figures may be reported.
 */
export function verifyInProcess(results: readonly InProcessResult[]): string[] {
  const problems: string[] = [];
  for (const result of results) {
    const short = result.passes.find((pass) => pass.delivered !== result.frames);
    if (short !== undefined)
      problems.push(
        `${result.exchange} ${result.mix} ${result.impl} delivered ${String(short.delivered)} in a pass of ${String(result.frames)} frames`,
      );
  }
  for (const group of new Set(results.map((result) => `${result.exchange} ${result.mix}`))) {
    const bids = results
      .filter(
        (result) =>
          `${result.exchange} ${result.mix}` === group &&
          BOOK_KEEPERS.has(result.impl) &&
          result.count.books > 0,
      )
      .map((result) => ({ impl: result.impl, bid: Number(result.bestBid) }));
    const [first] = bids;
    if (first === undefined) continue;
    if (bids.some(({ bid }) => !Number.isFinite(bid) || bid !== first.bid))
      problems.push(
        `${group} books disagree on the best bid: ${bids.map(({ impl, bid }) => `${impl} ${String(bid)}`).join(', ')}`,
      );
  }
  return problems;
}
