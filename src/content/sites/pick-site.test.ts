// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isExtraOrigin } from './extra-site';
import { pickSite } from './pick-site';

const site = (href: string, development = false) => pickSite(new URL(href), development).site;

describe('which adapter reads a page', () => {
  it.each([
    ['https://www.tradingview.com/chart/', 'tradingview'],
    ['https://tradingview.com/chart/', 'tradingview'],
    ['https://in.tradingview.com/chart/', 'tradingview'],
    ['https://www.binance.com/en/futures/BTCUSDT', 'binance'],
    ['https://charts.example.com/', 'extra'],
    ['https://tradingview.com.example.net/chart/', 'extra'],
  ])('%s is read as %s', (href, expected) => {
    expect(site(href)).toBe(expected);
  });

  it('reads the simulator demo chart only in a development build', () => {
    expect(site('http://127.0.0.1:8123/demo/chart?symbol=BYBIT:BTCUSDT.P', true)).toBe('demo');
    expect(site('http://127.0.0.1:8123/demo/chart?symbol=BYBIT:BTCUSDT.P', false)).toBe('extra');
  });

  it('reads a site the trader added from ?symbol= or else the title', () => {
    const adapter = pickSite(new URL('https://charts.example.com/'), false);
    const doc = document.implementation.createHTMLDocument();
    doc.title = 'SOLUSDT.P 150.2 — Example charts';

    expect(adapter.readSymbol(doc, new URL('https://charts.example.com/?symbol=OKX:ETHUSDT.P'))).toBe(
      'OKX:ETHUSDT.P',
    );
    expect(adapter.readSymbol(doc, new URL('https://charts.example.com/'))).toBe('SOLUSDT.P');
  });

  it('knows an added origin, with or without a wildcard', () => {
    const added = ['https://charts.example.com', 'https://*.tradingdesk.io'];

    expect(isExtraOrigin('https://charts.example.com', added)).toBe(true);
    expect(isExtraOrigin('https://eu.tradingdesk.io', added)).toBe(true);
    expect(isExtraOrigin('https://tradingdesk.io', added)).toBe(true);
    expect(isExtraOrigin('https://example.com', added)).toBe(false);
    expect(isExtraOrigin('https://eviltradingdesk.io', added)).toBe(false);
  });
});
