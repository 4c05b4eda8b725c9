import { parseChartSymbol } from '../symbols/chart-symbol';
import { querySymbol, titleTicker, type SiteAdapter } from './site-adapter';

/**
 * TradingView's page hooks, in one place: they change with its UI, so each is only a hint and the title
 * comes first (docs/overlay.md "How sites are detected").
 */
export const TRADINGVIEW_SELECTORS = {
  /** The top toolbar's symbol button; its last line of text is the short ticker. */
  symbolButton: '#header-toolbar-symbol-search',
} as const;

const SYMBOL_PAGE = /^\/symbols\/([^/]+)/;

/** `/symbols/BTCUSDT.P/?exchange=BYBIT`, `/symbols/OKX-LEOUSDT/`, `/symbols/BTCUSDT.P/` (no venue). */
function symbolPage(url: URL, path: string): string {
  const raw = decodeURIComponent(path).toUpperCase();
  const exchange = url.searchParams.get('exchange');
  if (exchange !== null) return `${exchange.toUpperCase()}:${raw}`;
  const dash = raw.indexOf('-');
  return dash === -1 ? raw : `${raw.slice(0, dash)}:${raw.slice(dash + 1)}`;
}

function buttonTicker(doc: Document): string | undefined {
  const text = doc.querySelector<HTMLElement>(TRADINGVIEW_SELECTORS.symbolButton)?.textContent ?? '';
  const last = text.trim().split(/\s+/).pop() ?? '';
  return parseChartSymbol(last) === undefined ? undefined : last.toUpperCase();
}

const tickerOf = (symbol: string) => symbol.slice(symbol.indexOf(':') + 1);

/**
 * Chart pages keep `?symbol=` (or a saved layout id) while the trader switches symbols, so the URL counts
 * only while the title still shows its ticker; then it adds the venue the title lacks.
 */
function chartSymbol(doc: Document, url: URL): string | undefined {
  const fromUrl = querySymbol(url);
  const onScreen = titleTicker(doc.title) ?? buttonTicker(doc);
  if (onScreen === undefined) return fromUrl;
  return fromUrl !== undefined && tickerOf(fromUrl) === onScreen ? fromUrl : onScreen;
}

export const tradingView: SiteAdapter = {
  site: 'tradingview',
  readSymbol(doc, url) {
    const page = SYMBOL_PAGE.exec(url.pathname);
    if (page?.[1] !== undefined) return symbolPage(url, page[1]);
    if (url.pathname.startsWith('/chart')) return chartSymbol(doc, url);
    // Widget pages (`/widgetembed/?symbol=`) and anything else that names its symbol in the query.
    return querySymbol(url);
  },
};

export function isTradingViewHost(host: string): boolean {
  return host === 'tradingview.com' || host.endsWith('.tradingview.com');
}
