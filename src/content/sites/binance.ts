import type { SiteAdapter } from './site-adapter';

/** `/en/futures/BTCUSDT`, `/futures/BTCUSDT`, `/zh-CN/futures/BTCUSD_PERP`: a perpetual each. */
const FUTURES_PAGE = /^\/(?:[a-z]{2}(?:-[A-Za-z]{2,4})?\/)?futures\/([A-Za-z0-9_]+)\/?$/;

export const binance: SiteAdapter = {
  site: 'binance',
  readSymbol(_doc, url) {
    const symbol = FUTURES_PAGE.exec(url.pathname)?.[1]?.toUpperCase();
    if (symbol === undefined) return undefined;
    // Coin-margined perpetuals carry `_PERP`; any other `_` is a dated contract, not followed.
    const perpetual = symbol.endsWith('_PERP') ? symbol.slice(0, -'_PERP'.length) : symbol;
    return perpetual.includes('_') ? undefined : `BINANCE:${perpetual}.P`;
  },
};

export function isBinanceHost(host: string): boolean {
  return host === 'www.binance.com';
}
