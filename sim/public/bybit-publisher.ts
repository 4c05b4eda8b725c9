import { BAR_MS, BYBIT_KLINE_INTERVALS } from '../market/candles';
import type { SimInstrument } from '../market/instruments';
import type { InstrumentState, MarketEvent } from '../market/market';
import type { SimContext } from '../server/context';
import { BybitBookStream } from './bybit-book-stream';
import { bybitOptionTicker } from './bybit-option-shapes';
import { bybitTicker, bybitWsTrade } from './bybit-shapes';
import { BOOK_DEPTHS, bybitPublicPath, type BybitPublicCategory, type BybitTopic } from './bybit-topics';

/**
 * Builds Bybit public pushes from market events (docs/protocol.md "Bybit pushes"): shared book streams per depth, linear and
 * inverse tickers as snapshot + deltas of changed fields, spot and option tickers, trades and
 * klines as snapshots. Option pushes carry a message `id` and no `cs`.
 */
export class BybitPublisher {
  private readonly books = new Map<string, BybitBookStream>();
  private readonly tickers = new Map<string, Record<string, string>>();

  constructor(private readonly ctx: SimContext) {}

  /** What a new subscriber gets after the ack. Call BEFORE adding its topic (flushes the others first). */
  initial(topic: BybitTopic): unknown[] {
    const state = this.ctx.market.state(topic.instrument);
    const now = this.ctx.now();
    switch (topic.kind) {
      case 'orderbook':
        this.pushBook(state, topic.depth);
        return [this.book(topic.instrument, topic.depth).snapshot(now)];
      case 'tickers':
        this.pushTicker(state);
        return [this.tickerMessage(state, 'snapshot', this.tickers.get(topic.instrument.key) ?? {})];
      case 'kline':
        return [this.klineMessage(state, topic.interval)];
      case 'publicTrade':
        return [];
    }
  }

  readonly onEvent = (event: MarketEvent): void => {
    const { instrument } = event.state;
    if (instrument.exchange !== 'bybit') return;
    if (event.type === 'book') {
      for (const depth of BOOK_DEPTHS[this.category(instrument)]) this.pushBook(event.state, depth);
    } else if (event.type === 'trade') {
      const topic = `publicTrade.${instrument.symbol}`;
      const path = this.path(instrument);
      if (this.ctx.sockets.hasSubscribers(path, topic)) {
        const now = this.ctx.now();
        this.ctx.sockets.publish(path, topic, {
          ...this.optionId(instrument, topic, now),
          topic,
          type: 'snapshot',
          ts: now,
          data: [bybitWsTrade(this.ctx.market, event.state, event.trade)],
        });
      }
    } else {
      this.pushTicker(event.state);
      for (const interval of BYBIT_KLINE_INTERVALS) {
        const topic = `kline.${interval}.${instrument.symbol}`;
        if (this.ctx.sockets.hasSubscribers(this.path(instrument), topic))
          this.ctx.sockets.publish(this.path(instrument), topic, this.klineMessage(event.state, interval));
      }
    }
  };

  /** Level-1 books re-send their snapshot after 3 s without a change; the caller runs this on a timer. */
  repeatLevelOne(): void {
    for (const instrument of this.ctx.market.list('bybit'))
      this.pushBook(this.ctx.market.state(instrument), 1);
  }

  private pushBook(state: InstrumentState, depth: number): void {
    const { instrument } = state;
    const topic = `orderbook.${depth}.${instrument.symbol}`;
    const path = this.path(instrument);
    if (!this.ctx.sockets.hasSubscribers(path, topic)) {
      // An idle stream builds no message, but drops what changed so its journal never grows.
      this.books.get(`${instrument.key}|${depth}`)?.discard();
      return;
    }
    const { faults } = this.ctx;
    const skip = faults.bybitSeqGap && depth > 1;
    const message = this.book(instrument, depth).next(this.ctx.now(), skip);
    if (!message) return;
    if (skip) faults.bybitSeqGap = false;
    this.ctx.sockets.publish(path, topic, message);
  }

  /** Linear/inverse: a delta of the fields that changed since the last push; spot/option: a full snapshot. */
  private pushTicker(state: InstrumentState): void {
    const { instrument } = state;
    const current =
      instrument.kind === 'option'
        ? bybitOptionTicker(this.ctx.market, state, 'ws')
        : bybitTicker(this.ctx.market, state, this.ctx.now());
    const previous = this.tickers.get(instrument.key);
    this.tickers.set(instrument.key, current);
    const topic = `tickers.${instrument.symbol}`;
    const path = this.path(instrument);
    if (!previous || !this.ctx.sockets.hasSubscribers(path, topic)) return;
    if (instrument.kind !== 'perp') {
      this.ctx.sockets.publish(path, topic, this.tickerMessage(state, 'snapshot', current));
      return;
    }
    const changed: Record<string, string> = { symbol: instrument.symbol };
    for (const [key, value] of Object.entries(current)) if (previous[key] !== value) changed[key] = value;
    if (Object.keys(changed).length > 1)
      this.ctx.sockets.publish(path, topic, this.tickerMessage(state, 'delta', changed));
  }

  private tickerMessage(
    state: InstrumentState,
    type: 'snapshot' | 'delta',
    data: Record<string, string>,
  ): Record<string, unknown> {
    const topic = `tickers.${state.instrument.symbol}`;
    const now = this.ctx.now();
    if (state.instrument.kind === 'option')
      return { ...this.optionId(state.instrument, topic, now), topic, ts: now, data, type };
    return { topic, type, data, cs: state.book.version, ts: now };
  }

  /** Option pushes carry a message id, e.g. `tickers.BTC-6JAN23-17500-C-2480334983-1672917511074` (BYDOC). */
  private optionId(instrument: SimInstrument, topic: string, now: number): { id?: string } {
    if (instrument.kind !== 'option') return {};
    return { id: `${topic}-${this.ctx.market.state(instrument).book.version}-${now}` };
  }

  private klineMessage(state: InstrumentState, interval: string): Record<string, unknown> {
    const { instrument } = state;
    const now = this.ctx.now();
    const barMs = BAR_MS[interval] ?? 60_000;
    const candle = state.candles.current(barMs, now, state.last);
    const price = (units: number): string => this.ctx.market.formatPrice(instrument, units);
    return {
      topic: `kline.${interval}.${instrument.symbol}`,
      type: 'snapshot',
      ts: now,
      data: [
        {
          start: candle.start,
          end: candle.start + barMs - 1,
          interval,
          open: price(candle.open),
          close: price(candle.close),
          high: price(candle.high),
          low: price(candle.low),
          volume: candle.volume.toFixed(instrument.sizeDecimals),
          turnover: candle.quoteVolume.toFixed(4),
          confirm: candle.closed,
          timestamp: now,
        },
      ],
    };
  }

  private book(instrument: SimInstrument, depth: number): BybitBookStream {
    const key = `${instrument.key}|${depth}`;
    let stream = this.books.get(key);
    if (!stream) {
      stream = new BybitBookStream(this.ctx.market, instrument, depth, this.ctx.rng);
      this.books.set(key, stream);
    }
    return stream;
  }

  private category(instrument: SimInstrument): BybitPublicCategory {
    return instrument.category as BybitPublicCategory;
  }

  private path(instrument: SimInstrument): ReturnType<typeof bybitPublicPath> {
    return bybitPublicPath(this.category(instrument));
  }
}
