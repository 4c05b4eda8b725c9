/**
 * Black–Scholes (zero rates) for the simulator's Bybit options: the mark price and greeks quoted
 * in option tickers (docs/protocol.md "Bybit pushes", "Bybit instruments and tickers"). Greeks follow Bybit's convention: vega per 1 % of
 * volatility, theta per day.
 */
export interface OptionQuote {
  /** Premium in quote currency (USDC) per contract of one coin. */
  price: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

export interface OptionTerms {
  type: 'Call' | 'Put';
  strike: number;
  /** Delivery time, ms. */
  expiry: number;
}

const YEAR_MS = 365 * 86_400_000;
/** An expired option is priced as if an hour were left, so a long run never divides by zero. */
const MIN_TIME_MS = 3_600_000;

export function priceOption(terms: OptionTerms, spot: number, volatility: number, now: number): OptionQuote {
  const years = Math.max(terms.expiry - now, MIN_TIME_MS) / YEAR_MS;
  const root = Math.sqrt(years);
  const d1 = (Math.log(spot / terms.strike) + 0.5 * volatility ** 2 * years) / (volatility * root);
  const d2 = d1 - volatility * root;
  const density = normalDensity(d1);
  const call = terms.type === 'Call';
  const price = call
    ? spot * normalCdf(d1) - terms.strike * normalCdf(d2)
    : terms.strike * normalCdf(-d2) - spot * normalCdf(-d1);
  return {
    price,
    delta: call ? normalCdf(d1) : normalCdf(d1) - 1,
    gamma: density / (spot * volatility * root),
    vega: (spot * density * root) / 100,
    theta: -(spot * density * volatility) / (2 * root) / 365,
  };
}

function normalDensity(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/** Standard normal CDF (Abramowitz–Stegun 26.2.17, error < 7.5e-8: far below one tick). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const upper = normalDensity(x) * poly;
  return x >= 0 ? 1 - upper : upper;
}
