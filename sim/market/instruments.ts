import { decimalsOf, type DecimalStyle } from './decimal';
import type { OptionTerms } from './option-pricing';

export type ExchangeId = 'okx' | 'bybit';
/** BTC, ETH, SOL, and the made-up coins `extraCoins` adds (`ALT1`, `ALT2`…). */
export type Coin = string;
export const COINS: readonly Coin[] = ['BTC', 'ETH', 'SOL'];

/** Names for `count` made-up coins: a benchmark that needs many instruments lists them beside the real three. */
export function extraCoinNames(count: number): Coin[] {
  return Array.from({ length: count }, (_, index) => `ALT${String(index + 1)}`);
}

/**
 * One tradable market on one exchange. `category` is the exchange's own word for the market type
 * (OKX instType `SWAP`/`SPOT`, Bybit category `linear`/`spot`/`inverse`/`option`); `symbol` is the OKX
 * instId or Bybit symbol.
 * Prices and sizes are integers of 10^-priceDecimals / 10^-sizeDecimals (see decimal.ts).
 */
export interface SimInstrument {
  /** Unique across the simulator, e.g. `okx:SWAP:BTC-USDT-SWAP`, `bybit:spot:BTCUSDT`. */
  readonly key: string;
  readonly exchange: ExchangeId;
  readonly kind: 'perp' | 'spot' | 'option';
  readonly category: 'SWAP' | 'SPOT' | 'linear' | 'spot' | 'inverse' | 'option';
  readonly symbol: string;
  readonly coin: Coin;
  /** Bybit inverse quotes in USD (contracts of 1 USD), options in USDC; everything else in USDT. */
  readonly quote: 'USDT' | 'USD' | 'USDC';
  readonly tickSize: string;
  readonly priceDecimals: number;
  /** tickSize in price units (Bybit BTCUSDT: tick "0.10" at 2 decimals = 10 units). */
  readonly tickUnits: number;
  /** OKX lotSz / Bybit qtyStep (OKX swaps and Bybit inverse: contracts; everything else: base coin). */
  readonly lotSize: string;
  readonly sizeDecimals: number;
  readonly lotUnits: number;
  readonly minSize: string;
  readonly maxLimitSize: string;
  readonly maxMarketSize: string;
  /** OKX swaps: base coin per contract (BTC 0.01, ETH 0.1, SOL 1). null for spot and Bybit. */
  readonly contractValue: string | null;
  readonly maxLeverage: number;
  readonly style: DecimalStyle;
  /** Levels kept per side: OKX `books` has 400, Bybit goes to orderbook.1000 (options: 100). */
  readonly bookDepth: number;
  readonly listTime: number;
  /** Call/put, strike and delivery for Bybit options; null for everything else. */
  readonly option: OptionTerms | null;
}

interface Row {
  exchange: ExchangeId;
  category: SimInstrument['category'];
  coin: Coin;
  tick: string;
  /** Bybit pads prices to priceScale, which can exceed the tick's decimals ("0.10" at scale 2). */
  priceDecimals?: number;
  lot: string;
  min: string;
  maxLimit: string;
  maxMarket: string;
  ctVal?: string;
  lever: number;
}

// Steps as the exchanges list them for these markets (OKX instruments, Bybit instruments-info).
const ROWS: readonly Row[] = [
  {
    exchange: 'okx',
    category: 'SWAP',
    coin: 'BTC',
    tick: '0.1',
    lot: '0.01',
    min: '0.01',
    maxLimit: '100000000',
    maxMarket: '12000',
    ctVal: '0.01',
    lever: 100,
  },
  {
    exchange: 'okx',
    category: 'SWAP',
    coin: 'ETH',
    tick: '0.01',
    lot: '0.01',
    min: '0.01',
    maxLimit: '100000000',
    maxMarket: '12000',
    ctVal: '0.1',
    lever: 100,
  },
  {
    exchange: 'okx',
    category: 'SWAP',
    coin: 'SOL',
    tick: '0.01',
    lot: '0.01',
    min: '0.01',
    maxLimit: '100000000',
    maxMarket: '12000',
    ctVal: '1',
    lever: 50,
  },
  {
    exchange: 'okx',
    category: 'SPOT',
    coin: 'BTC',
    tick: '0.1',
    lot: '0.00000001',
    min: '0.00001',
    maxLimit: '9999999999',
    maxMarket: '1000000',
    lever: 10,
  },
  {
    exchange: 'okx',
    category: 'SPOT',
    coin: 'ETH',
    tick: '0.01',
    lot: '0.000001',
    min: '0.0001',
    maxLimit: '9999999999',
    maxMarket: '1000000',
    lever: 10,
  },
  {
    exchange: 'okx',
    category: 'SPOT',
    coin: 'SOL',
    tick: '0.01',
    lot: '0.000001',
    min: '0.001',
    maxLimit: '9999999999',
    maxMarket: '1000000',
    lever: 10,
  },
  {
    exchange: 'bybit',
    category: 'linear',
    coin: 'BTC',
    tick: '0.10',
    priceDecimals: 2,
    lot: '0.001',
    min: '0.001',
    maxLimit: '1190.000',
    maxMarket: '119.000',
    lever: 100,
  },
  {
    exchange: 'bybit',
    category: 'linear',
    coin: 'ETH',
    tick: '0.01',
    lot: '0.01',
    min: '0.01',
    maxLimit: '7240.00',
    maxMarket: '724.00',
    lever: 100,
  },
  {
    exchange: 'bybit',
    category: 'linear',
    coin: 'SOL',
    tick: '0.010',
    lot: '0.1',
    min: '0.1',
    maxLimit: '79770.0',
    maxMarket: '7977.0',
    lever: 100,
  },
  {
    exchange: 'bybit',
    category: 'spot',
    coin: 'BTC',
    tick: '0.01',
    lot: '0.000001',
    min: '0.000048',
    maxLimit: '83.000000',
    maxMarket: '71.000000',
    lever: 10,
  },
  {
    exchange: 'bybit',
    category: 'spot',
    coin: 'ETH',
    tick: '0.01',
    lot: '0.00001',
    min: '0.00062',
    maxLimit: '1229.00000',
    maxMarket: '1000.00000',
    lever: 10,
  },
  {
    exchange: 'bybit',
    category: 'spot',
    coin: 'SOL',
    tick: '0.01',
    lot: '0.001',
    min: '0.011',
    maxLimit: '20000.000',
    maxMarket: '15000.000',
    lever: 10,
  },
];

function symbolOf(row: Row): string {
  if (row.exchange === 'bybit') return `${row.coin}USDT`;
  return row.category === 'SWAP' ? `${row.coin}-USDT-SWAP` : `${row.coin}-USDT`;
}

export function unitsOfStep(step: string, decimals: number): number {
  return Math.round(Number(step) * 10 ** decimals);
}

/** A made-up coin trades with SOL's steps on the same four markets. */
function extraRows(coin: Coin): Row[] {
  return ROWS.filter((row) => row.coin === 'SOL').map((row) => ({ ...row, coin }));
}

/**
 * Builds the simulator's instrument list: 3 coins × perp/spot × 2 exchanges, and the same four markets
 * for each extra coin.
 */
export function createInstruments(listTime: number, extraCoins: readonly Coin[] = []): SimInstrument[] {
  return [...ROWS, ...extraCoins.flatMap(extraRows)].map((row) => {
    const priceDecimals = row.priceDecimals ?? decimalsOf(row.tick);
    const sizeDecimals = decimalsOf(row.lot);
    const symbol = symbolOf(row);
    return {
      key: `${row.exchange}:${row.category}:${symbol}`,
      exchange: row.exchange,
      kind: row.category === 'SWAP' || row.category === 'linear' ? 'perp' : 'spot',
      category: row.category,
      symbol,
      coin: row.coin,
      quote: 'USDT',
      tickSize: row.tick,
      priceDecimals,
      tickUnits: unitsOfStep(row.tick, priceDecimals),
      lotSize: row.lot,
      sizeDecimals,
      lotUnits: unitsOfStep(row.lot, sizeDecimals),
      minSize: row.min,
      maxLimitSize: row.maxLimit,
      maxMarketSize: row.maxMarket,
      contractValue: row.ctVal ?? null,
      maxLeverage: row.lever,
      style: row.exchange === 'okx' ? 'trimmed' : 'fixed',
      bookDepth: row.exchange === 'okx' ? 400 : 1000,
      listTime,
      option: null,
    } satisfies SimInstrument;
  });
}
