import { querySymbol, type SiteAdapter } from './site-adapter';

/** The simulator's demo chart (`/demo/chart?symbol=BYBIT:BTCUSDT.P`), which only development builds match. */
export const demoChart: SiteAdapter = {
  site: 'demo',
  readSymbol: (_doc, url) => querySymbol(url),
};

export function isDemoChart(url: URL): boolean {
  return url.hostname === '127.0.0.1' && url.pathname === '/demo/chart';
}
