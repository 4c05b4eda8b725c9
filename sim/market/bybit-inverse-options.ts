import { decimalsOf } from './decimal';
import { unitsOfStep, type SimInstrument } from './instruments';
import type { OptionTerms } from './option-pricing';

const DAY_MS = 86_400_000;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Strikes are listed on a 1000 grid around the price, like Bybit's BTC chain. */
const STRIKE_STEP = 1_000;

/** Bybit's inverse perpetual BTCUSD: qty in USD contracts of 1 USD, settled in BTC (docs/protocol.md "Bybit instruments and tickers"). */
function inversePerpetual(listTime: number): SimInstrument {
  return {
    key: 'bybit:inverse:BTCUSD',
    exchange: 'bybit',
    kind: 'perp',
    category: 'inverse',
    symbol: 'BTCUSD',
    coin: 'BTC',
    quote: 'USD',
    // Bybit pads to priceScale 2, like BTCUSDT's "0.10".
    tickSize: '0.50',
    priceDecimals: 2,
    tickUnits: 50,
    lotSize: '1',
    sizeDecimals: 0,
    lotUnits: 1,
    minSize: '1',
    maxLimitSize: '10000000',
    maxMarketSize: '2000000',
    contractValue: null,
    maxLeverage: 100,
    style: 'fixed',
    bookDepth: 1000,
    listTime,
    option: null,
  };
}

/** `BTC-27DEC26-70000-C`: Bybit writes the day without a leading zero (`BTC-6JAN23-17500-C`). */
export function optionSymbol(coin: string, terms: OptionTerms): string {
  const date = new Date(terms.expiry);
  const year = String(date.getUTCFullYear() % 100).padStart(2, '0');
  const day = `${date.getUTCDate()}${MONTHS[date.getUTCMonth()] ?? ''}${year}`;
  return `${coin}-${day}-${terms.strike}-${terms.type === 'Call' ? 'C' : 'P'}`;
}

/** The first Friday 08:00 UTC (Bybit's delivery time) at least four weeks after `start`. */
export function optionExpiry(start: number): number {
  const date = new Date(Math.floor((start + 28 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3_600_000);
  while (date.getUTCDay() !== 5) date.setUTCDate(date.getUTCDate() + 1);
  return date.getTime();
}

function btcOption(listTime: number, terms: OptionTerms): SimInstrument {
  const symbol = optionSymbol('BTC', terms);
  const tickSize = '5';
  const lotSize = '0.01';
  const priceDecimals = decimalsOf(tickSize);
  const sizeDecimals = decimalsOf(lotSize);
  return {
    key: `bybit:option:${symbol}`,
    exchange: 'bybit',
    kind: 'option',
    category: 'option',
    symbol,
    coin: 'BTC',
    quote: 'USDC',
    tickSize,
    priceDecimals,
    tickUnits: unitsOfStep(tickSize, priceDecimals),
    lotSize,
    sizeDecimals,
    lotUnits: unitsOfStep(lotSize, sizeDecimals),
    minSize: '0.01',
    maxLimitSize: '500',
    maxMarketSize: '500',
    contractValue: null,
    maxLeverage: 1,
    style: 'fixed',
    // Option books go to orderbook.100 (docs/protocol.md "Bybit pushes").
    bookDepth: 100,
    listTime,
    option: terms,
  };
}

/**
 * Bybit inverse BTCUSD and a BTC call and put at the strikes just above and below `btcPrice`,
 * delivering a few weeks after `start` (the simulator's start time).
 */
export function createBybitInverseAndOptions(
  listTime: number,
  start: number,
  btcPrice: number,
): SimInstrument[] {
  const expiry = optionExpiry(start);
  const below = Math.floor(btcPrice / STRIKE_STEP) * STRIKE_STEP;
  return [
    inversePerpetual(listTime),
    btcOption(start, { type: 'Call', strike: below + STRIKE_STEP, expiry }),
    btcOption(start, { type: 'Put', strike: below, expiry }),
  ];
}
