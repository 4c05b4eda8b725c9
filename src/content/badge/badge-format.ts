import type { PositionView } from '../../contracts/portfolio';
import { groupThousands } from '../../contracts/grouped-number';
import { formatPrice } from '../../ui/format-price';

/**
 * How the badge writes numbers. Prices go through the shared formatter of src/ui, which screens and
 * badge share; once it rounds to the instrument's tick size (PortQuote.tickSize), pass the step here.
 */
export { formatPrice };

/** Percent change from the price 24 hours ago, signed, with the typographic minus the charts use. */
export function formatChange(last: string, open24h: string): string | undefined {
  const from = Number(open24h);
  const to = Number(last);
  if (!Number.isFinite(from) || !Number.isFinite(to) || from === 0) return undefined;
  return signed(((to - from) / from) * 100, '%');
}

/** PnL in the settle coin, signed: `+210.30 USDT`. */
export function formatPnl(pnl: number, coin: string | undefined): string {
  return signed(pnl, coin === undefined ? '' : ` ${coin}`);
}

// One formatter for every call: toLocaleString builds a new one each time, and the badge formats on every
// tick (it was most of the overlay's main-thread time in the Chromium benchmark, docs/benchmarks.md "What the benchmarks lifted in the product").
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Where the shortest decimal of a number has no exponent: `String` writes one outside it. */
const PLAIN_FROM = 1e-6;
const PLAIN_BELOW = 1e21;

/** "0999" -> "1000": a run of digits plus one. */
function plusOne(digits: string): string {
  const at = digits.length - 1;
  if (at < 0) return '1';
  const last = digits.charCodeAt(at) - 48;
  return last === 9 ? `${plusOne(digits.slice(0, at))}0` : `${digits.slice(0, at)}${String(last + 1)}`;
}

/**
 * Two decimals, thousands grouped, as the en-US formatter writes them, from the shortest decimal that
 * reads back as the number (as the formatter rounds it: 1.005 is "1.01", where `toFixed` says "1.00"),
 * a half rounded up. A fraction of the formatter's cost: the PnL and the 24-hour change are formatted
 * on every tick.
 */
function twoDecimals(value: number): string {
  if (value < PLAIN_FROM) return value >= 0 ? '0.00' : TWO_DECIMALS.format(value);
  if (!(value < PLAIN_BELOW)) return TWO_DECIMALS.format(value);
  const [whole = '', fraction = ''] = String(value).split('.');
  const kept = `${whole}${fraction.slice(0, 2).padEnd(2, '0')}`;
  const cents = fraction.charCodeAt(2) >= 53 ? plusOne(kept) : kept;
  return `${groupThousands(cents.slice(0, -2))}.${cents.slice(-2)}`;
}

function signed(value: number, unit: string): string {
  const text = twoDecimals(Math.abs(value));
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${text}${unit}`;
}

/**
 * The coin a position's size is counted in: OKX names it first (`BTC-USDT-SWAP`); Bybit's symbol is coin
 * then quote (`BTCUSDT`, `1000PEPEUSDT`, `BTCUSD`, USDC perpetuals `BTCPERP`).
 */
function baseCoin(exchange: string, symbol: string): string {
  if (exchange === 'okx') return symbol.split('-')[0] ?? symbol;
  return symbol.replace(/(USDT|USDC|USD|PERP)$/, '') || symbol;
}

/**
 * The size a trader compares across exchanges: in coin with its coin (`0.03 BTC`, OKX's contracts
 * converted), else in the exchange's own order unit: Bybit's coin (USD for its inverse `BTCUSD`), OKX's
 * contracts (`3 ct`).
 */
export function sizeWithUnit({
  exchange,
  symbol,
  sizeCoin,
  sizeContracts,
}: Pick<PositionView, 'exchange' | 'symbol' | 'sizeCoin' | 'sizeContracts'>): string {
  if (sizeCoin !== undefined) return `${sizeCoin} ${baseCoin(exchange, symbol)}`;
  if (exchange === 'okx') return `${sizeContracts} ct`;
  return `${sizeContracts} ${symbol.endsWith('USD') ? 'USD' : baseCoin(exchange, symbol)}`;
}

/** How old a price is: `now`, `4s`, `2m`. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 1) return 'now';
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m`;
}
