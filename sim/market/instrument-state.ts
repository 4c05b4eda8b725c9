import { OrderBook } from './book';
import { CandleSeries } from './candles';
import type { SimInstrument } from './instruments';
import type { Rng } from './rng';

/** A public trade on one instrument (price/size in instrument units). */
export interface PublicTrade {
  id: string;
  px: number;
  sz: number;
  /** The taker's side. */
  side: 'buy' | 'sell';
  ts: number;
}

/** Live state of one instrument; read by the public REST/WS code. */
export interface InstrumentState {
  readonly instrument: SimInstrument;
  readonly book: OrderBook;
  readonly candles: CandleSeries;
  /** Newest last, at most 1000 (the deepest any trades endpoint returns). */
  readonly trades: PublicTrade[];
  last: number;
  lastSize: number;
  open24h: number;
  high24h: number;
  low24h: number;
  /** 24 h volume in base coin (OKX swaps: the publishers convert to contracts; Bybit inverse: USD contracts). */
  volume24h: number;
  quoteVolume24h: number;
  /** Open interest in base coin (Bybit inverse: USD contracts). */
  openInterest: number;
  fundingRate: number;
}

/** Rounds price units to the instrument's tick (never below one tick). */
export function snapToTick(instrument: SimInstrument, units: number): number {
  return Math.max(instrument.tickUnits, Math.round(units / instrument.tickUnits) * instrument.tickUnits);
}

/** A fresh instrument around `price` (units): a full book, 24 h statistics, open interest, funding. */
export function createInstrumentState(
  instrument: SimInstrument,
  rng: Rng,
  price: number,
  levelMaxBase: number,
): InstrumentState {
  const levelUnits = (levelMaxBase / Number(instrument.contractValue ?? '1')) * 10 ** instrument.sizeDecimals;
  const book = new OrderBook(
    {
      tickUnits: instrument.tickUnits,
      lotUnits: instrument.lotUnits,
      depth: instrument.bookDepth,
      maxLots: Math.max(1, Math.round(levelUnits / instrument.lotUnits)),
    },
    rng,
    price,
  );
  // A day's volume is many books' worth; a single option strike trades far less than a perpetual.
  const volumeBase = levelMaxBase * (instrument.kind === 'option' ? 20 : 20_000) * (0.5 + rng.next());
  const startPrice = price / 10 ** instrument.priceDecimals;
  return {
    instrument,
    book,
    candles: new CandleSeries(rng, instrument.tickUnits, instrument.priceDecimals),
    trades: [],
    last: price,
    lastSize: instrument.lotUnits,
    open24h: snapToTick(instrument, price * (0.97 + 0.06 * rng.next())),
    high24h: snapToTick(instrument, price * 1.035),
    low24h: snapToTick(instrument, price * 0.965),
    volume24h: volumeBase,
    quoteVolume24h: turnover(instrument, volumeBase, startPrice),
    openInterest: instrument.kind === 'spot' ? 0 : volumeBase * 0.4,
    fundingRate: 0.0001,
  };
}

/** Applies a printed trade to the last price, 24 h statistics, volumes and candles. */
export function recordTrade(state: InstrumentState, trade: PublicTrade): void {
  const { instrument } = state;
  state.trades.push(trade);
  if (state.trades.length > 1000) state.trades.splice(0, state.trades.length - 1000);
  state.last = trade.px;
  state.lastSize = trade.sz;
  state.high24h = Math.max(state.high24h, trade.px);
  state.low24h = Math.min(state.low24h, trade.px);
  // Size units -> base coin (OKX swap contracts × ctVal; Bybit inverse stays in USD contracts).
  const base = (trade.sz / 10 ** instrument.sizeDecimals) * Number(instrument.contractValue ?? '1');
  const quote = turnover(instrument, base, trade.px / 10 ** instrument.priceDecimals);
  state.volume24h += base;
  state.quoteVolume24h += quote;
  state.candles.update(trade.ts, trade.px, base, quote);
}

/** Turnover of `size` at `price`: in quote currency, or in the settle coin for Bybit inverse (USD / price). */
function turnover(instrument: SimInstrument, size: number, price: number): number {
  return instrument.category === 'inverse' ? size / price : size * price;
}
