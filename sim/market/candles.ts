import type { Rng } from './rng';

/** One candle in instrument price units; volumes in base coin and quote currency. */
export interface Candle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  quoteVolume: number;
  /** false while the candle is still forming (OKX `confirm` "0", Bybit `confirm` false). */
  closed: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Annualised volatility of the simulated coins: the live walk and the synthesised history share it. */
export const ANNUAL_VOLATILITY = 0.6;
const YEAR = 365 * DAY;
/** History synthesised per bar the first time someone asks for it. */
const HISTORY = 1440;

/** Bybit kline `interval` values (docs/protocol.md "Bybit pushes"), in Bybit's order; every one is a key of BAR_MS. */
export const BYBIT_KLINE_INTERVALS: readonly string[] = [
  '1',
  '3',
  '5',
  '15',
  '30',
  '60',
  '120',
  '240',
  '360',
  '720',
  'D',
  'W',
  'M',
];

/** Bar lengths by name: OKX `bar` values and Bybit `interval` values. */
export const BAR_MS: Readonly<Record<string, number>> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1H': HOUR,
  '2H': 2 * HOUR,
  '4H': 4 * HOUR,
  '6H': 6 * HOUR,
  '12H': 12 * HOUR,
  '1D': DAY,
  '1W': 7 * DAY,
  '1M': 30 * DAY,
  '6Hutc': 6 * HOUR,
  '12Hutc': 12 * HOUR,
  '1Dutc': DAY,
  '1Wutc': 7 * DAY,
  '1Mutc': 30 * DAY,
  '1': MINUTE,
  '3': 3 * MINUTE,
  '5': 5 * MINUTE,
  '15': 15 * MINUTE,
  '30': 30 * MINUTE,
  '60': HOUR,
  '120': 2 * HOUR,
  '240': 4 * HOUR,
  '360': 6 * HOUR,
  '720': 12 * HOUR,
  D: DAY,
  W: 7 * DAY,
  M: 30 * DAY,
};

/**
 * Candles of one instrument, per bar length. A bar's history is synthesised on first use
 * (a walk that ends at the current price), then every trade updates the forming candle.
 */
export class CandleSeries {
  private readonly series = new Map<number, Candle[]>();
  /**
   * Each minute's traded high and low (the last HISTORY minutes): a bar first asked for after prices
   * moved (`POST /__sim/price`) is synthesised with them, so its recent candles span what traded.
   */
  private readonly minutes = new Map<number, { high: number; low: number }>();

  constructor(
    private readonly rng: Rng,
    private readonly tickUnits: number,
    private readonly priceDecimals: number,
  ) {}

  /** Newest first, like both exchanges return them; at most `limit`. */
  latest(barMs: number, now: number, price: number, limit: number): Candle[] {
    const candles = this.ensure(barMs, now, price);
    return candles.slice(-limit).reverse();
  }

  /** The forming candle of a bar (creating history if needed). */
  current(barMs: number, now: number, price: number): Candle {
    const candles = this.ensure(barMs, now, price);
    const last = candles[candles.length - 1];
    if (!last) throw new Error('candle series is never empty');
    return last;
  }

  /** Applies a trade to every bar in use: `size` in base coin, `quote` its value in quote currency. */
  update(now: number, price: number, size: number, quote: number): void {
    this.noteMinute(now, price);
    for (const [barMs, candles] of this.series) {
      const candle = this.roll(candles, barMs, now, price);
      candle.high = Math.max(candle.high, price);
      candle.low = Math.min(candle.low, price);
      candle.close = price;
      candle.volume += size;
      candle.quoteVolume += quote;
    }
  }

  private noteMinute(now: number, price: number): void {
    const minute = Math.floor(now / MINUTE) * MINUTE;
    const seen = this.minutes.get(minute);
    if (seen) {
      seen.high = Math.max(seen.high, price);
      seen.low = Math.min(seen.low, price);
      return;
    }
    this.minutes.set(minute, { high: price, low: price });
    // Maps iterate in insertion order: the first key is the oldest minute.
    const oldest = this.minutes.keys().next().value;
    if (this.minutes.size > HISTORY && oldest !== undefined) this.minutes.delete(oldest);
  }

  /** Widens synthesised candles (oldest first, the last starting at `lastStart`) to the minutes that traded. */
  private foldMinutes(candles: Candle[], barMs: number, lastStart: number): void {
    for (const [minute, { high, low }] of this.minutes) {
      const index = candles.length - 1 - (lastStart - Math.floor(minute / barMs) * barMs) / barMs;
      const candle = candles[index];
      if (candle === undefined) continue;
      candle.high = Math.max(candle.high, high);
      candle.low = Math.min(candle.low, low);
    }
  }

  private ensure(barMs: number, now: number, price: number): Candle[] {
    let candles = this.series.get(barMs);
    if (!candles) {
      candles = this.synthesise(barMs, now, price);
      this.series.set(barMs, candles);
    }
    this.roll(candles, barMs, now, price);
    return candles;
  }

  /** Closes finished candles and opens new ones up to `now`. */
  private roll(candles: Candle[], barMs: number, now: number, price: number): Candle {
    const start = Math.floor(now / barMs) * barMs;
    let last = candles[candles.length - 1];
    while (!last || last.start < start) {
      if (last) last.closed = true;
      const open = last ? last.close : price;
      const next: Candle = {
        start: last ? last.start + barMs : start,
        open,
        high: open,
        low: open,
        close: open,
        volume: 0,
        quoteVolume: 0,
        closed: false,
      };
      candles.push(next);
      last = next;
    }
    if (candles.length > HISTORY * 2) candles.splice(0, candles.length - HISTORY);
    return last;
  }

  private synthesise(barMs: number, now: number, price: number): Candle[] {
    const start = Math.floor(now / barMs) * barMs;
    const step = price * ANNUAL_VOLATILITY * Math.sqrt(barMs / YEAR);
    const unitsPerQuote = 10 ** this.priceDecimals;
    const candles: Candle[] = [];
    let close = price;
    for (let i = 0; i < HISTORY; i++) {
      const open = this.snap(Math.max(this.tickUnits, close - this.rng.normal() * step));
      const high = Math.max(open, close) + this.snap(Math.abs(this.rng.normal()) * step * 0.5);
      const low = Math.max(
        this.tickUnits,
        Math.min(open, close) - this.snap(Math.abs(this.rng.normal()) * step * 0.5),
      );
      const volume = (0.5 + this.rng.next()) * (barMs / MINUTE);
      candles.push({
        start: start - i * barMs,
        open,
        high,
        low,
        close,
        volume,
        quoteVolume: (volume * close) / unitsPerQuote,
        closed: i > 0,
      });
      close = open;
    }
    candles.reverse();
    this.foldMinutes(candles, barMs, start);
    return candles;
  }

  private snap(units: number): number {
    return Math.round(units / this.tickUnits) * this.tickUnits;
  }
}
