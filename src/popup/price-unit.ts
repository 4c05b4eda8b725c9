import type { AlertInstrument } from '../contracts/alerts';

/** The quote coins a Bybit symbol ends in, longest first: BTCUSDT is USDT, BTCUSD is USD. */
const BYBIT_QUOTES = ['USDT', 'USDC', 'USD', 'BTC', 'ETH', 'EUR'] as const;

/**
 * The currency an instrument's price is quoted in, read from its symbol ("BTC-USDT-SWAP" -> "USDT",
 * "BTCUSDT" -> "USDT", Bybit's "BTCPERP" -> "USDC"); undefined where the symbol does not say, so a screen
 * shows no unit rather than a wrong one.
 */
export function priceUnit({
  exchange,
  symbol,
}: Pick<AlertInstrument, 'exchange' | 'symbol'>): string | undefined {
  if (exchange === 'okx') return symbol.split('-')[1];
  // A Bybit future adds its expiry after a dash: BTCUSDT-26DEC25.
  const name = symbol.split('-')[0] ?? symbol;
  if (name.endsWith('PERP')) return 'USDC';
  return BYBIT_QUOTES.find((quote) => name.endsWith(quote) && name.length > quote.length);
}
