import { BAR_MS, BYBIT_KLINE_INTERVALS } from '../market/candles';
import type { SimContext } from '../server/context';
import { okxOk, paramError } from '../server/envelopes';
import { isSimResponse, type SimRequest } from '../server/http';
import { readInstType, readOkxInstrument } from './okx-rest-public';
import { okxCandle, okxInstType, okxLevel, okxTicker, okxTrade } from './okx-shapes';
import { readLimit, readTime } from './params';

/** OKX market data: tickers, books, candles, trades, index tickers (docs/protocol.md "OKX pushes", "OKX instruments and tickers"). */
export function installOkxMarketData(ctx: SimContext): void {
  const { http, market } = ctx;

  http.route('GET', '/api/v5/market/ticker', (request) => {
    const instrument = readOkxInstrument(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    return okxOk([okxTicker(market, market.state(instrument), ctx.now())]);
  });

  http.route('GET', '/api/v5/market/tickers', (request) => {
    const instType = readInstType(request);
    if (typeof instType !== 'string') return instType;
    const family = request.query.get('instFamily') ?? request.query.get('uly');
    const listed = market
      .list('okx')
      .filter((i) => okxInstType(i) === instType && (!family || family === `${i.coin}-USDT`));
    return okxOk(listed.map((i) => okxTicker(market, market.state(i), ctx.now())));
  });

  http.route('GET', '/api/v5/market/books', (request) => {
    const instrument = readOkxInstrument(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    const depth = readLimit(request.query, 'sz', 1, 400);
    if (depth === undefined) return paramError('okx', 'sz', 0);
    const { book } = market.state(instrument);
    return okxOk([
      {
        asks: book.asks.slice(0, depth).map((l) => okxLevel(market, instrument, l)),
        bids: book.bids.slice(0, depth).map((l) => okxLevel(market, instrument, l)),
        ts: String(ctx.now()),
      },
    ]);
  });

  /** Mark-price candles are [ts, o, h, l, c, confirm]: no volume (docs/protocol.md "OKX mark-price and index candles"). */
  const candles =
    (maxLimit: number, mark = false) =>
    (request: SimRequest) => {
      const instrument = readOkxInstrument(ctx, request);
      if (isSimResponse(instrument)) return instrument;
      const bar = request.query.get('bar') ?? '1m';
      const barMs = BAR_MS[bar];
      if (barMs === undefined || BYBIT_KLINE_INTERVALS.includes(bar)) return paramError('okx', 'bar', 0);
      const limit = readLimit(request.query, 'limit', 100, maxLimit);
      const after = readTime(request.query, 'after');
      const before = readTime(request.query, 'before');
      if (limit === undefined) return paramError('okx', 'limit', 0);
      if (after === 'invalid') return paramError('okx', 'after', 0);
      if (before === 'invalid') return paramError('okx', 'before', 0);
      const state = market.state(instrument);
      // after = older than, before = newer than (OKX pagination by timestamp).
      const rows = state.candles
        .latest(barMs, ctx.now(), state.last, 1440)
        .filter((c) => (after === undefined || c.start < after) && (before === undefined || c.start > before))
        .slice(0, limit);
      return okxOk(
        rows
          .map((c) => okxCandle(market, instrument, c))
          .map((row) => (mark ? [...row.slice(0, 5), row[8]] : row)),
      );
    };
  http.route('GET', '/api/v5/market/candles', candles(300));
  http.route('GET', '/api/v5/market/history-candles', candles(100));
  // The simulated mark follows the trade walk, so its candles carry the trade candles' prices.
  http.route('GET', '/api/v5/market/mark-price-candles', candles(100, true));
  http.route('GET', '/api/v5/market/history-mark-price-candles', candles(100, true));

  const trades = (maxLimit: number) => (request: SimRequest) => {
    const instrument = readOkxInstrument(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    const limit = readLimit(request.query, 'limit', 100, maxLimit);
    if (limit === undefined) return paramError('okx', 'limit', 0);
    const recent = market.state(instrument).trades.slice(-limit).reverse();
    return okxOk(recent.map((t) => okxTrade(market, instrument, t)));
  };
  http.route('GET', '/api/v5/market/trades', trades(500));
  http.route('GET', '/api/v5/market/history-trades', trades(100));

  http.route('GET', '/api/v5/market/index-tickers', (request) => {
    const instId = request.query.get('instId');
    const quoteCcy = request.query.get('quoteCcy');
    if (!instId && !quoteCcy) return paramError('okx', 'quoteCcy', 0, true);
    const spots = market
      .list('okx')
      .filter(
        (i) =>
          i.category === 'SPOT' && (!instId || i.symbol === instId) && (!quoteCcy || quoteCcy === 'USDT'),
      );
    return okxOk(
      spots.map((i) => {
        const state = market.state(i);
        const price = (units: number): string => market.formatPrice(i, units);
        return {
          instId: i.symbol,
          idxPx: market.indexPrice(i),
          high24h: price(state.high24h),
          low24h: price(state.low24h),
          open24h: price(state.open24h),
          sodUtc0: price(state.open24h),
          sodUtc8: price(state.open24h),
          ts: String(ctx.now()),
        };
      }),
    );
  });
}
