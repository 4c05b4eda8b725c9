import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { binance, isBinanceHost } from './binance';
import { demoChart, isDemoChart } from './demo-chart';
import { extraSite } from './extra-site';
import type { SiteAdapter } from './site-adapter';
import { isTradingViewHost, tradingView } from './tradingview';

/** The adapter for the page at `url`; any page Perch was not built for is a site the trader added. */
export function pickSite(url: URL, developmentBuild: boolean): SiteAdapter {
  if (isTradingViewHost(url.hostname)) return tradingView;
  if (isBinanceHost(url.hostname)) return binance;
  if (WITH_DEVELOPMENT_PATHS && developmentBuild && isDemoChart(url)) return demoChart;
  return extraSite;
}
