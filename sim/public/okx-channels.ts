import { BAR_MS, BYBIT_KLINE_INTERVALS } from '../market/candles';
import type { SimInstrument } from '../market/instruments';
import type { InstrumentState, MarketEvent } from '../market/market';
import type { SimContext } from '../server/context';
import type { SocketPath } from '../server/sockets';
import { OkxBookStream } from './okx-book-stream';
import { FUNDING_PERIOD_MS, nextFundingTime, publishedFundingRate } from '../market/funding-times';
import { okxCandle, okxInstType, okxPriceCandle, okxTicker, okxTrade } from './okx-shapes';

export const OKX_PUBLIC = '/ws/v5/public';
export const OKX_BUSINESS = '/ws/v5/business';

/** Public channels per socket (docs/protocol.md "OKX sockets": candles moved to /business in 2023). */
const PUBLIC_CHANNELS = [
  'tickers',
  'trades',
  'books',
  'books5',
  'bbo-tbt',
  'mark-price',
  'index-tickers',
  'funding-rate',
  'open-interest',
];
const CANDLE_PREFIX = 'candle';
/** Mark-price candles: [ts, o, h, l, c, confirm], no volume (docs/protocol.md "OKX pushes"). */
const MARK_CANDLE_PREFIX = 'mark-price-candle';
const TICKER_CHANNELS = ['tickers', 'mark-price', 'index-tickers', 'funding-rate', 'open-interest'];

/** Session topic key of a channel + instId. */
export function okxTopic(channel: string, instId: string): string {
  return `${channel}|${instId}`;
}

/** Which socket serves a channel, or null when OKX has no such public channel. */
export function okxChannelPath(channel: string): SocketPath | null {
  if (PUBLIC_CHANNELS.includes(channel)) return OKX_PUBLIC;
  const bar = candleBar(channel);
  // BAR_MS also holds Bybit's interval names, which are not OKX bars.
  return bar !== '' && BAR_MS[bar] !== undefined && !BYBIT_KLINE_INTERVALS.includes(bar)
    ? OKX_BUSINESS
    : null;
}

/** The bar of a candle or mark-price candle channel ("1m"), or "" for any other channel. */
function candleBar(channel: string): string {
  const prefix = [MARK_CANDLE_PREFIX, CANDLE_PREFIX].find((p) => channel.startsWith(p));
  return prefix === undefined ? '' : channel.slice(prefix.length);
}

const CANDLE_CHANNELS = Object.keys(BAR_MS)
  .flatMap((bar) => [`${CANDLE_PREFIX}${bar}`, `${MARK_CANDLE_PREFIX}${bar}`])
  .filter((channel) => okxChannelPath(channel) === OKX_BUSINESS);

/** Resolves the instId of a channel arg: an instrument, or for index-tickers an index name (`BTC-USDT`). */
export function okxChannelInstrument(
  ctx: SimContext,
  channel: string,
  instId: string,
): SimInstrument | undefined {
  const market = ctx.market;
  if (channel === 'index-tickers') return market.find('okx', 'SPOT', instId);
  const instrument = market.find('okx', 'SWAP', instId) ?? market.find('okx', 'SPOT', instId);
  if ((channel === 'funding-rate' || channel === 'open-interest') && instrument?.category !== 'SWAP')
    return undefined;
  return instrument;
}

/**
 * Builds pushes for OKX public channels from market events, plus the first push a new subscriber
 * gets. Books are shared streams per instrument (one seqId sequence for everyone, like OKX).
 */
export class OkxPublisher {
  private readonly streams = new Map<string, OkxBookStream>();

  constructor(private readonly ctx: SimContext) {}

  /**
   * What a subscriber receives right after the ack (books: the snapshot). Call it BEFORE adding the
   * session's topic: it first flushes the pending update to existing subscribers.
   */
  initial(channel: string, instrument: SimInstrument): unknown[] {
    const arg = { channel, instId: instrument.symbol };
    if (channel === 'books') {
      this.onBook(this.ctx.market.state(instrument));
      return [{ arg, action: 'snapshot', data: [this.stream(instrument).snapshot(this.ctx.now())] }];
    }
    if (channel === 'trades') return [];
    const data = this.data(channel, this.ctx.market.state(instrument));
    return data ? [{ arg, data }] : [];
  }

  /** Market listener: sends what each event changes to the sessions subscribed to it. */
  readonly onEvent = (event: MarketEvent): void => {
    if (event.state.instrument.exchange !== 'okx') return;
    if (event.type === 'book') this.onBook(event.state);
    else if (event.type === 'trade')
      this.push(OKX_PUBLIC, 'trades', event.state, () => [
        okxTrade(this.ctx.market, event.state.instrument, event.trade),
      ]);
    else this.onTicker(event.state);
  };

  private onBook(state: InstrumentState): void {
    const { instrument } = state;
    const instId = instrument.symbol;
    const hub = this.ctx.sockets;
    const wanted = ['books', 'books5', 'bbo-tbt'].filter((channel) =>
      hub.hasSubscribers(OKX_PUBLIC, okxTopic(channel, instId)),
    );
    if (wanted.length === 0) {
      // An idle stream builds no message, but drops what changed so its journal never grows.
      this.streams.get(instrument.key)?.discard();
      return;
    }
    const stream = this.stream(instrument);
    const now = this.ctx.now();
    const { faults } = this.ctx;
    const books = wanted.includes('books');
    const fault = { corrupt: faults.badChecksum && books, skip: faults.okxSeqGap && books };
    const update = stream.update(now, fault);
    if (!update) return;
    if (fault.corrupt) faults.badChecksum = false;
    if (fault.skip) faults.okxSeqGap = false;
    if (wanted.includes('books'))
      hub.publish(OKX_PUBLIC, okxTopic('books', instId), {
        arg: { channel: 'books', instId },
        action: 'update',
        data: [update],
      });
    if (wanted.includes('books5'))
      hub.publish(OKX_PUBLIC, okxTopic('books5', instId), {
        arg: { channel: 'books5', instId },
        data: [stream.top(5, now)],
      });
    if (wanted.includes('bbo-tbt'))
      hub.publish(OKX_PUBLIC, okxTopic('bbo-tbt', instId), {
        arg: { channel: 'bbo-tbt', instId },
        data: [stream.top(1, now)],
      });
  }

  private onTicker(state: InstrumentState): void {
    for (const channel of TICKER_CHANNELS)
      this.push(OKX_PUBLIC, channel, state, () => this.data(channel, state));
    if (!this.ctx.sockets.hasAnySubscribers(OKX_BUSINESS)) return;
    for (const channel of CANDLE_CHANNELS)
      this.push(OKX_BUSINESS, channel, state, () => this.data(channel, state));
  }

  private push(
    path: SocketPath,
    channel: string,
    state: InstrumentState,
    build: () => unknown[] | null,
  ): void {
    const instId = state.instrument.symbol;
    const topic = okxTopic(channel, instId);
    if (!this.ctx.sockets.hasSubscribers(path, topic)) return;
    const data = build();
    if (data) this.ctx.sockets.publish(path, topic, { arg: { channel, instId }, data });
  }

  /** The `data` array of a non-book channel push. */
  private data(channel: string, state: InstrumentState): unknown[] | null {
    const { market } = this.ctx;
    const { instrument } = state;
    const now = this.ctx.now();
    const ts = String(now);
    switch (channel) {
      case 'tickers':
        return [okxTicker(market, state, now)];
      case 'trades':
        return state.trades.slice(-1).map((t) => okxTrade(market, instrument, t));
      case 'mark-price':
        return [
          {
            instType: okxInstType(instrument),
            instId: instrument.symbol,
            markPx: market.markPrice(instrument),
            ts,
          },
        ];
      case 'index-tickers': {
        const price = (units: number): string => market.formatPrice(instrument, units);
        return [
          {
            instId: instrument.symbol,
            idxPx: market.indexPrice(instrument),
            high24h: price(state.high24h),
            low24h: price(state.low24h),
            open24h: price(state.open24h),
            sodUtc0: price(state.open24h),
            sodUtc8: price(state.open24h),
            ts,
          },
        ];
      }
      case 'funding-rate': {
        const next = nextFundingTime(now);
        return [
          {
            instType: 'SWAP',
            instId: instrument.symbol,
            method: 'current_period',
            fundingRate: publishedFundingRate(state.fundingRate),
            fundingTime: String(next),
            nextFundingTime: String(next + FUNDING_PERIOD_MS),
            ts,
          },
        ];
      }
      case 'open-interest':
        return [
          {
            instType: 'SWAP',
            instId: instrument.symbol,
            oi: (state.openInterest / Number(instrument.contractValue)).toFixed(2),
            oiCcy: state.openInterest.toFixed(4),
            ts,
          },
        ];
      default: {
        const barMs = BAR_MS[candleBar(channel)];
        if (barMs === undefined) return null;
        const candle = state.candles.current(barMs, now, state.last);
        // The simulated mark follows the same price walk as trades, so its candles share their prices.
        return channel.startsWith(MARK_CANDLE_PREFIX)
          ? [okxPriceCandle(market, instrument, candle)]
          : [okxCandle(market, instrument, candle)];
      }
    }
  }

  private stream(instrument: SimInstrument): OkxBookStream {
    let stream = this.streams.get(instrument.key);
    if (!stream) {
      stream = new OkxBookStream(this.ctx.market, instrument, this.ctx.rng);
      this.streams.set(instrument.key, stream);
    }
    return stream;
  }
}
