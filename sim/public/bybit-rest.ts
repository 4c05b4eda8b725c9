import { BAR_MS, BYBIT_KLINE_INTERVALS } from '../market/candles';
import { FUNDING_PERIOD_MS, nextFundingTime } from '../market/funding-times';
import type { SimInstrument } from '../market/instruments';
import type { SimContext } from '../server/context';
import { bybitError, bybitOk, paramError } from '../server/envelopes';
import { isSimResponse, type SimRequest, type SimResponse } from '../server/http';
import { bybitCandle, bybitInstrument, bybitRestTrade, bybitTicker } from './bybit-shapes';
import { readLimit, readTime } from './params';

const CATEGORIES = ['spot', 'linear', 'inverse', 'option'] as const;
type Category = (typeof CATEGORIES)[number];
/** `/v5/market/orderbook` limit [default, max] per category (BYDOC orderbook page). */
const BOOK_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  spot: [1, 200],
  linear: [25, 500],
  inverse: [25, 500],
  option: [1, 25],
};

/** Bybit v5 public market endpoints (docs/protocol.md "Server time and clock tolerance", "Bybit instruments and tickers"). Categories with no markets here answer empty lists. */
export function installBybitMarketData(ctx: SimContext): void {
  const { http, market } = ctx;
  const ok = (result: unknown): SimResponse => bybitOk(result, ctx.now());
  const listed = (category: Category, symbol: string | null): SimInstrument[] =>
    market.list('bybit').filter((i) => i.category === category && (!symbol || i.symbol === symbol));

  http.route('GET', '/v5/market/time', () => {
    const now = ctx.now();
    return ok({ timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` });
  });

  http.route('GET', '/v5/market/instruments-info', (request) => {
    const category = readCategory(ctx, request);
    if (isSimResponse(category)) return category;
    const status = request.query.get('status');
    const baseCoin = request.query.get('baseCoin');
    const limit = readLimit(request.query, 'limit', 500, 1000);
    if (limit === undefined) return paramError('bybit', 'limit', ctx.now());
    const all = listed(category, request.query.get('symbol')).filter(
      (i) => (!status || status === 'Trading') && (!baseCoin || baseCoin === i.coin),
    );
    // Spot is not paginated; derivatives page with an opaque cursor (here: the next offset).
    const offset = category === 'spot' ? 0 : Number(request.query.get('cursor') ?? '0') || 0;
    const page = category === 'spot' ? all : all.slice(offset, offset + limit);
    const nextPageCursor = category !== 'spot' && offset + limit < all.length ? String(offset + limit) : '';
    return ok({ category, list: page.map(bybitInstrument), nextPageCursor });
  });

  http.route('GET', '/v5/market/tickers', (request) => {
    const category = readCategory(ctx, request);
    if (isSimResponse(category)) return category;
    const symbol = request.query.get('symbol');
    // Options also filter by baseCoin (docs/protocol.md "Bybit instruments and tickers").
    const baseCoin = category === 'option' ? request.query.get('baseCoin') : null;
    const list = listed(category, symbol).filter((i) => !baseCoin || i.coin === baseCoin);
    if (symbol && list.length === 0) return bybitError(10001, 'Not supported symbols', ctx.now());
    return ok({ category, list: list.map((i) => bybitTicker(market, market.state(i), ctx.now())) });
  });

  http.route('GET', '/v5/market/orderbook', (request) => {
    const instrument = readSymbol(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    const [fallback, most] = BOOK_LIMITS[instrument.category] ?? [25, 500];
    const limit = readLimit(request.query, 'limit', fallback, most);
    if (limit === undefined) return paramError('bybit', 'limit', ctx.now());
    const { book } = market.state(instrument);
    const level = (l: { px: number; sz: number }): [string, string] => [
      market.formatPrice(instrument, l.px),
      market.formatSize(instrument, l.sz),
    ];
    const now = ctx.now();
    return ok({
      s: instrument.symbol,
      b: book.bids.slice(0, limit).map(level),
      a: book.asks.slice(0, limit).map(level),
      ts: now,
      u: book.version,
      seq: book.version,
      cts: now,
    });
  });

  for (const path of ['/v5/market/kline', '/v5/market/mark-price-kline', '/v5/market/index-price-kline']) {
    const withVolume = path === '/v5/market/kline';
    http.route('GET', path, (request) => {
      const instrument = readSymbol(ctx, request);
      if (isSimResponse(instrument)) return instrument;
      const interval = request.query.get('interval') ?? '';
      const barMs = BYBIT_KLINE_INTERVALS.includes(interval) ? BAR_MS[interval] : undefined;
      if (barMs === undefined) return paramError('bybit', 'interval', ctx.now());
      const limit = readLimit(request.query, 'limit', 200, 1000);
      const start = readTime(request.query, 'start');
      const end = readTime(request.query, 'end');
      if (limit === undefined || start === 'invalid' || end === 'invalid')
        return paramError('bybit', 'limit', ctx.now());
      const state = market.state(instrument);
      const rows = state.candles
        .latest(barMs, ctx.now(), state.last, 1440)
        .filter((c) => (start === undefined || c.start >= start) && (end === undefined || c.start <= end))
        .slice(0, limit)
        .map((c) => bybitCandle(market, instrument, c))
        .map((row) => (withVolume ? row : row.slice(0, 5)));
      return ok({ category: instrument.category, symbol: instrument.symbol, list: rows });
    });
  }

  http.route('GET', '/v5/market/recent-trade', (request) => {
    const instrument = readSymbol(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    const spot = instrument.category === 'spot';
    const limit = readLimit(request.query, 'limit', spot ? 60 : 500, spot ? 60 : 1000);
    if (limit === undefined) return paramError('bybit', 'limit', ctx.now());
    const recent = market.state(instrument).trades.slice(-limit).reverse();
    return ok({
      category: instrument.category,
      list: recent.map((t) => bybitRestTrade(market, instrument, t)),
    });
  });

  http.route('GET', '/v5/market/funding/history', (request) => {
    const instrument = readSymbol(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    if (instrument.category === 'spot') return bybitError(10001, 'Illegal category', ctx.now());
    const limit = readLimit(request.query, 'limit', 200, 200);
    if (limit === undefined) return paramError('bybit', 'limit', ctx.now());
    const period = FUNDING_PERIOD_MS;
    const last = nextFundingTime(ctx.now()) - period;
    const rate = market.state(instrument).fundingRate;
    const list = Array.from({ length: limit }, (_, i) => ({
      symbol: instrument.symbol,
      fundingRate: (rate + Math.sin(i) * 0.00003).toFixed(8),
      fundingRateTimestamp: String(last - i * period),
    }));
    return ok({ category: instrument.category, list });
  });

  http.route('GET', '/v5/market/open-interest', (request) => {
    const instrument = readSymbol(ctx, request);
    if (isSimResponse(instrument)) return instrument;
    if (instrument.category === 'spot') return bybitError(10001, 'Illegal category', ctx.now());
    const step = {
      '5min': 300_000,
      '15min': 900_000,
      '30min': 1_800_000,
      '1h': 3_600_000,
      '4h': 14_400_000,
      '1d': 86_400_000,
    }[request.query.get('intervalTime') ?? ''];
    if (step === undefined) return paramError('bybit', 'intervalTime', ctx.now());
    const limit = readLimit(request.query, 'limit', 50, 200);
    if (limit === undefined) return paramError('bybit', 'limit', ctx.now());
    const oi = market.state(instrument).openInterest;
    const newest = Math.floor(ctx.now() / step) * step;
    const list = Array.from({ length: limit }, (_, i) => ({
      openInterest: (oi * (1 - i * 0.0007)).toFixed(instrument.sizeDecimals),
      timestamp: String(newest - i * step),
    }));
    return ok({ category: instrument.category, symbol: instrument.symbol, list, nextPageCursor: '' });
  });
}

/** `category` is required; an unknown one is a param error (10001). */
function readCategory(ctx: SimContext, request: SimRequest): Category | SimResponse {
  const raw = request.query.get('category');
  if (!raw) return paramError('bybit', 'category', ctx.now(), true);
  return CATEGORIES.find((c) => c === raw) ?? bybitError(10001, 'Illegal category', ctx.now());
}

/** `category` + `symbol`, both required, resolved to an instrument. */
function readSymbol(ctx: SimContext, request: SimRequest): SimInstrument | SimResponse {
  const category = readCategory(ctx, request);
  if (isSimResponse(category)) return category;
  const symbol = request.query.get('symbol');
  if (!symbol) return paramError('bybit', 'symbol', ctx.now(), true);
  return ctx.market.find('bybit', category, symbol) ?? bybitError(10001, 'Not supported symbols', ctx.now());
}
