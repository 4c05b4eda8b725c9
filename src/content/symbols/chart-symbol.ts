/**
 * A charting site's symbol taken apart: `BYBIT:1000PEPEUSDT.P` is venue BYBIT, coin PEPE scaled by 1000,
 * quote USDT, a perpetual. Pure text rules (docs/overlay.md "Mapping rules"); no exchange is asked.
 */
export interface ChartSymbol {
  /** The venue prefix (`BYBIT`, `OKX`, `BINANCE`…); undefined when the page names none (title text). */
  readonly venue: string | undefined;
  /** The ticker as the chart shows it, without the venue: `BTCUSDT.P`. */
  readonly ticker: string;
  /** The coin without any scale: `PEPE` for `1000PEPE` and for `SHIB1000`'s `SHIB`. */
  readonly coin: string;
  /** The multiplier written into the name (1000 for `1000PEPE`), 1 when there is none. */
  readonly scale: number;
  /** Where the venue wrote the multiplier: before the coin (`1000PEPE`) or after it (`SHIB1000`). */
  readonly scaleAfter: boolean;
  readonly quote: Quote;
  readonly contract: 'spot' | 'perpetual';
}

/** Quotes both exchanges list pairs in; longest first, so `BTCUSDT` is USDT and `RLUSDUSDT` is RLUSD/USDT. */
const QUOTES = ['USDT', 'USDC', 'USD'] as const;
export type Quote = (typeof QUOTES)[number];

/** Series that are not an instrument: open interest and friends (`_OI`), indexes and market-wide series. */
const DERIVED_SUFFIX = /_[A-Z]+$/;
const NOT_TRADABLE_VENUES = new Set(['INDEX', 'CRYPTO', 'CRYPTOCAP', 'TVC', 'ECONOMICS']);
/** Anything with an operator is a spread or a formula (`BYBIT:BTCUSDT.P/AMEX:SPY`, `A+B`): never one instrument. */
const FORMULA = /[/*+()^\s]/;
const SCALES = [1_000_000, 100_000, 10_000, 1_000, 100];
const OKX_INST_ID = /^([A-Z0-9]+)-(USDT|USDC|USD)(-SWAP)?$/;

function unscale(base: string): Pick<ChartSymbol, 'coin' | 'scale' | 'scaleAfter'> {
  for (const scale of SCALES) {
    const digits = String(scale);
    const before = base.startsWith(digits) ? base.slice(digits.length) : '';
    // A coin name has a letter after the multiplier: `1INCH` keeps its 1, `1000PEPE` loses its 1000.
    if (/^[A-Z]/.test(before)) return { coin: before, scale, scaleAfter: false };
    const after = base.endsWith(digits) ? base.slice(0, -digits.length) : '';
    if (/[A-Z]$/.test(after)) return { coin: after, scale, scaleAfter: true };
  }
  return { coin: base, scale: 1, scaleAfter: false };
}

function parsePair(
  venue: string | undefined,
  ticker: string,
  pair: string,
  contract: ChartSymbol['contract'],
): ChartSymbol | undefined {
  const quote = QUOTES.find((candidate) => pair.endsWith(candidate) && pair.length > candidate.length);
  if (quote === undefined) return undefined;
  const base = pair.slice(0, -quote.length);
  if (!/^[A-Z0-9]+$/.test(base)) return undefined;
  return { venue, ticker, quote, contract, ...unscale(base) };
}

/**
 * Reads `EXCHANGE:TICKER` or a bare ticker. Undefined for what is not one tradable perpetual or spot pair:
 * spreads and formulas, derived series (`_OI`), indexes, dated futures, unknown quotes.
 */
export function parseChartSymbol(text: string): ChartSymbol | undefined {
  const trimmed = text.trim().toUpperCase();
  if (trimmed === '' || FORMULA.test(trimmed)) return undefined;
  const colon = trimmed.indexOf(':');
  const venue = colon === -1 ? undefined : trimmed.slice(0, colon);
  const ticker = colon === -1 ? trimmed : trimmed.slice(colon + 1);
  if (ticker.includes(':') || (venue !== undefined && NOT_TRADABLE_VENUES.has(venue))) return undefined;
  if (DERIVED_SUFFIX.test(ticker)) return undefined;
  const okx = OKX_INST_ID.exec(ticker);
  if (okx !== null) {
    const [, base = '', quote = '', swap] = okx;
    return parsePair(venue, ticker, `${base}${quote}`, swap === undefined ? 'spot' : 'perpetual');
  }
  if (ticker.endsWith('.P')) return parsePair(venue, ticker, ticker.slice(0, -2), 'perpetual');
  // The old TradingView perpetual name (`BINANCE:BTCUSDTPERP`) still shows up in saved layouts.
  if (ticker.endsWith('PERP')) return parsePair(venue, ticker, ticker.slice(0, -4), 'perpetual');
  return parsePair(venue, ticker, ticker, 'spot');
}
