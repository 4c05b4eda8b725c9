import type { InstrumentSummary } from '../../contracts/instruments';
import type { Instrument, InstrumentKind } from '../../exchanges';

/** The kinds a search without one looks through, in the order their matches are listed. */
export const SEARCHED_KINDS: readonly InstrumentKind[] = ['perpetual', 'future', 'spot'];

/**
 * How well an instrument matches a query (capitals, no separators): lower is better, undefined is no
 * match. The symbol itself first, then the base coin (`BTC` finds every BTC instrument), then prefixes,
 * then the symbol anywhere. Separators are ignored, so `btcusdt` finds BTC-USDT-SWAP too.
 */
function rank(instrument: Instrument, query: string): number | undefined {
  const symbol = instrument.id.toUpperCase();
  const bare = symbol.replace(/[-_/]/g, '');
  const base = instrument.base.toUpperCase();
  if (query === '') return 0;
  if (symbol === query || bare === query) return 0;
  if (base === query) return 1;
  if (symbol.startsWith(query) || bare.startsWith(query)) return 2;
  if (base.startsWith(query)) return 3;
  if (bare.includes(query)) return 4;
  return undefined;
}

const inverseLast = (instrument: Instrument) => (instrument.contractType === 'inverse' ? 1 : 0);

function summary(instrument: Instrument): InstrumentSummary {
  const { exchange, kind, id, contractType, base, quote, settle, tickSize, lotSize } = instrument;
  return {
    exchange,
    kind,
    symbol: id,
    ...(contractType === undefined ? {} : { contractType }),
    base,
    quote,
    settle,
    tickSize,
    lotSize,
  };
}

/**
 * The tradable instruments matching `query` (case-insensitive, against the symbol and the base coin),
 * best first: by rank, then in the order of `kinds`, then linear before inverse (most traders margin in
 * stablecoins), then the shorter symbol, then alphabetically.
 */
export function searchInstrumentLists(
  lists: readonly (readonly Instrument[])[],
  query: string,
  max: number,
): InstrumentSummary[] {
  const wanted = query
    .trim()
    .toUpperCase()
    .replace(/[-_/\s]/g, '');
  const found = lists.flatMap((list, listOrder) =>
    list.flatMap((instrument) => {
      const score = instrument.tradable ? rank(instrument, wanted) : undefined;
      return score === undefined ? [] : [{ instrument, score, listOrder }];
    }),
  );
  found.sort(
    (a, b) =>
      a.score - b.score ||
      a.listOrder - b.listOrder ||
      inverseLast(a.instrument) - inverseLast(b.instrument) ||
      a.instrument.id.length - b.instrument.id.length ||
      a.instrument.id.localeCompare(b.instrument.id),
  );
  return found.slice(0, max).map(({ instrument }) => summary(instrument));
}
