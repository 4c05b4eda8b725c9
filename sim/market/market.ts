import type { BookSide } from './book';
import { createBybitInverseAndOptions } from './bybit-inverse-options';
import { ANNUAL_VOLATILITY } from './candles';
import { formatUnits, parseUnits } from './decimal';
import {
  createInstrumentState,
  recordTrade,
  snapToTick,
  type InstrumentState,
  type PublicTrade,
} from './instrument-state';
import {
  COINS,
  createInstruments,
  extraCoinNames,
  type Coin,
  type ExchangeId,
  type SimInstrument,
} from './instruments';
import { priceOption, type OptionQuote } from './option-pricing';
import type { Rng } from './rng';

export type { InstrumentState, PublicTrade } from './instrument-state';

export type MarketEvent =
  | { type: 'ticker'; state: InstrumentState }
  | { type: 'book'; state: InstrumentState }
  | { type: 'trade'; state: InstrumentState; trade: PublicTrade };

/** One price/size pair as decimal strings formatted to the instrument's tick and lot. */
export interface PriceSize {
  price: string;
  size: string;
}

/** Result of walking the book for a market order. */
export interface BookWalk {
  fills: PriceSize[];
  filledSize: string;
  /** Size-weighted average fill price, or null when nothing filled. */
  averagePrice: string | null;
}

const START_PRICE: Readonly<Record<Coin, number>> = { BTC: 67_000, ETH: 3_500, SOL: 150 };
/** Largest level size in base coin, so books look deep but not absurd. */
const LEVEL_MAX_BASE: Readonly<Record<Coin, number>> = { BTC: 4, ETH: 60, SOL: 1500 };
/** Extra coins (`extraCoins`) trade like SOL. */
const startPrice = (coin: Coin) => START_PRICE[coin] ?? 150;
const levelMaxBase = (coin: Coin) => LEVEL_MAX_BASE[coin] ?? 1500;
const PERP_PREMIUM = 0.0002;
/** The fixed implied volatility every simulated option is marked at. */
export const OPTION_VOLATILITY = 0.5;

/**
 * The simulated market: a seeded random walk per coin drives every instrument's book, trades,
 * candles, mark/index price, funding and open interest. The accounts side matches orders with
 * `bestBidAsk`, `walkBook` and `markPrice`; admin and tests move prices with `setPrice`.
 */
export class Market {
  private readonly coinPrice = new Map<Coin, number>();
  private readonly coins: readonly Coin[];
  private readonly states = new Map<string, InstrumentState>();
  private readonly listeners = new Set<(event: MarketEvent) => void>();
  private readonly priceText = new Map<SimInstrument, Map<number, string>>();
  private nextTradeId: number;

  constructor(
    private readonly rng: Rng,
    private readonly now: () => number,
    extraCoins = 0,
  ) {
    this.nextTradeId = 100_000_000 + rng.int(0, 99_999_999);
    const extra = extraCoinNames(extraCoins);
    this.coins = [...COINS, ...extra];
    for (const coin of this.coins) this.coinPrice.set(coin, startPrice(coin) * (0.95 + 0.1 * rng.next()));
    const listTime = now() - 400 * 86_400_000;
    const instruments = [
      ...createInstruments(listTime, extra),
      ...createBybitInverseAndOptions(listTime, now(), this.coin('BTC')),
    ];
    for (const instrument of instruments) this.addInstrument(instrument);
  }

  /** Every instrument, or one exchange's. */
  list(exchange?: ExchangeId): SimInstrument[] {
    return [...this.states.values()]
      .map((s) => s.instrument)
      .filter((i) => !exchange || i.exchange === exchange);
  }

  /** Looks up e.g. ('okx', 'SWAP', 'BTC-USDT-SWAP') or ('bybit', 'linear', 'BTCUSDT'). */
  find(exchange: ExchangeId, category: string, symbol: string): SimInstrument | undefined {
    return this.states.get(`${exchange}:${category}:${symbol}`)?.instrument;
  }

  /** The live state behind an instrument (public REST/WS read it). */
  state(instrument: SimInstrument): InstrumentState {
    const state = this.states.get(instrument.key);
    if (!state) throw new Error(`Unknown instrument ${instrument.key}`);
    return state;
  }

  /** Prices repeat endlessly (checksums format the top 25 on every update), so they are cached. */
  formatPrice(instrument: SimInstrument, units: number): string {
    let cache = this.priceText.get(instrument);
    if (!cache) {
      cache = new Map();
      this.priceText.set(instrument, cache);
    }
    let text = cache.get(units);
    if (text === undefined) {
      // Bounded: prices drift over a long run; starting over costs one miss per level.
      if (cache.size >= 100_000) cache.clear();
      text = formatUnits(units, instrument.priceDecimals, instrument.style);
      cache.set(units, text);
    }
    return text;
  }

  formatSize(instrument: SimInstrument, units: number): string {
    return formatUnits(units, instrument.sizeDecimals, instrument.style);
  }

  bestBidAsk(instrument: SimInstrument): { bid: PriceSize | null; ask: PriceSize | null } {
    const { book } = this.state(instrument);
    const pair = (level: { px: number; sz: number } | undefined): PriceSize | null =>
      level
        ? { price: this.formatPrice(instrument, level.px), size: this.formatSize(instrument, level.sz) }
        : null;
    return { bid: pair(book.bids[0]), ask: pair(book.asks[0]) };
  }

  /**
   * Walks the book for a taker order of `size` (instrument units as a decimal string: contracts on
   * OKX swaps). `consume` removes the liquidity and prints public trades, as a real fill does.
   */
  walkBook(
    instrument: SimInstrument,
    side: 'buy' | 'sell',
    size: string,
    options: { limitPrice?: string; consume?: boolean } = {},
  ): BookWalk {
    const state = this.state(instrument);
    const sizeUnits = parseUnits(size, instrument.sizeDecimals) ?? 0;
    const limitPx =
      options.limitPrice === undefined ? undefined : parseUnits(options.limitPrice, instrument.priceDecimals);
    const bookSide: BookSide = side === 'buy' ? 'asks' : 'bids';
    const consume = options.consume ?? false;
    const fills = state.book.take(bookSide, sizeUnits, {
      consume,
      ...(limitPx === undefined ? {} : { limitPx }),
    });
    const filled = fills.reduce((sum, f) => sum + f.sz, 0);
    const notional = fills.reduce((sum, f) => sum + f.sz * f.px, 0);
    if (consume && fills.length > 0) {
      for (const fill of fills) this.printTrade(state, side, fill.px, fill.sz);
      this.emit({ type: 'book', state });
    }
    return {
      fills: fills.map((f) => ({
        price: this.formatPrice(instrument, f.px),
        size: this.formatSize(instrument, f.sz),
      })),
      filledSize: this.formatSize(instrument, filled),
      averagePrice:
        filled > 0 ? this.formatPrice(instrument, this.snap(instrument, notional / filled)) : null,
    };
  }

  /** Index price: the coin's spot reference, formatted to the instrument's tick. */
  indexPrice(instrument: SimInstrument): string {
    return this.formatPrice(instrument, this.toUnits(instrument, this.coin(instrument.coin)));
  }

  /** Mark price: index plus a small premium for perpetuals, Black–Scholes for options; what unrealised PnL follows. */
  markPrice(instrument: SimInstrument): string {
    if (instrument.kind === 'option') return this.formatPrice(instrument, this.fairUnits(instrument));
    const premium = instrument.kind === 'perp' ? 1 + PERP_PREMIUM : 1;
    return this.formatPrice(instrument, this.toUnits(instrument, this.coin(instrument.coin) * premium));
  }

  /** The coin's spot reference as a plain number (options quote it as underlying and index price). */
  underlyingPrice(instrument: SimInstrument): number {
    return this.coin(instrument.coin);
  }

  /** Black–Scholes price and greeks of an option at OPTION_VOLATILITY; undefined for other instruments. */
  optionQuote(instrument: SimInstrument): OptionQuote | undefined {
    if (!instrument.option) return undefined;
    return priceOption(instrument.option, this.coin(instrument.coin), OPTION_VOLATILITY, this.now());
  }

  lastPrice(instrument: SimInstrument): string {
    return this.formatPrice(instrument, this.state(instrument).last);
  }

  /** Moves the instrument's coin so this instrument trades at `price`; every market of the coin follows. */
  setPrice(instrument: SimInstrument, price: string): void {
    if (instrument.option)
      throw new Error(`Set the price on a ${instrument.coin} perpetual, not on an option`);
    const units = parseUnits(price, instrument.priceDecimals);
    if (units === undefined || units <= 0)
      throw new Error(`Price must be a positive decimal, got "${price}"`);
    this.coinPrice.set(instrument.coin, units / 10 ** instrument.priceDecimals);
    for (const state of this.states.values()) {
      if (state.instrument.coin !== instrument.coin) continue;
      this.moveTo(state, 0);
      this.printTrade(state, 'buy', this.fairUnits(state.instrument), state.instrument.lotUnits);
      // The ticker moveTo pushed still carried the last trade's price: push the new last at once.
      this.emit({ type: 'ticker', state });
    }
  }

  /** Registers a listener for every market change; returns its remover. */
  subscribe(listener: (event: MarketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One market heartbeat: every coin walks, every book and ticker follows, some trades print. */
  tick(elapsedMs: number): void {
    const years = elapsedMs / (365 * 86_400_000);
    for (const coin of this.coins) {
      const move = this.rng.normal() * ANNUAL_VOLATILITY * Math.sqrt(years);
      this.coinPrice.set(coin, this.coin(coin) * Math.exp(move));
    }
    for (const state of this.states.values()) {
      this.moveTo(state, this.rng.int(1, 4));
      if (this.rng.next() < 0.6) this.randomTrade(state);
      state.openInterest *= 1 + this.rng.normal() * 0.0005;
      state.fundingRate = clamp(state.fundingRate + this.rng.normal() * 0.000002, -0.00075, 0.00075);
    }
  }

  /** One small book change on one instrument, announced as book + ticker (load mode drives this). */
  step(instrument: SimInstrument): void {
    this.moveTo(this.state(instrument), 1);
  }

  private addInstrument(instrument: SimInstrument): void {
    // Inverse sizes are USD contracts, so a level holds the coin amount's worth in USD.
    const levelMax =
      levelMaxBase(instrument.coin) * (instrument.category === 'inverse' ? this.coin(instrument.coin) : 1);
    this.states.set(
      instrument.key,
      createInstrumentState(instrument, this.rng, this.fairUnits(instrument), levelMax),
    );
  }

  /** Where an instrument's book centres: the coin price, or the option's Black–Scholes premium. */
  private fairUnits(instrument: SimInstrument): number {
    const option = this.optionQuote(instrument);
    return this.toUnits(instrument, option ? option.price : this.coin(instrument.coin));
  }

  private moveTo(state: InstrumentState, changes: number): void {
    state.book.evolve(this.fairUnits(state.instrument), changes);
    this.emit({ type: 'book', state });
    this.emit({ type: 'ticker', state });
  }

  private randomTrade(state: InstrumentState): void {
    const side = this.rng.next() < 0.5 ? 'buy' : 'sell';
    const level = side === 'buy' ? state.book.asks[0] : state.book.bids[0];
    if (!level) return;
    const lots = this.rng.int(1, Math.max(1, Math.floor(level.sz / state.instrument.lotUnits)));
    this.printTrade(state, side, level.px, lots * state.instrument.lotUnits);
  }

  private printTrade(state: InstrumentState, side: 'buy' | 'sell', px: number, sz: number): void {
    const trade: PublicTrade = { id: String(this.nextTradeId++), px, sz, side, ts: this.now() };
    recordTrade(state, trade);
    this.emit({ type: 'trade', state, trade });
  }

  private emit(event: MarketEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private coin(coin: Coin): number {
    return this.coinPrice.get(coin) ?? startPrice(coin);
  }

  private toUnits(instrument: SimInstrument, price: number): number {
    return this.snap(instrument, price * 10 ** instrument.priceDecimals);
  }

  private snap(instrument: SimInstrument, units: number): number {
    return snapToTick(instrument, units);
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
