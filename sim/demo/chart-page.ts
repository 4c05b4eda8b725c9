import type { SimContext } from '../server/context';
import type { SimResponse } from '../server/http';
import { CHART_SCRIPT } from './chart-script';
import { chartSymbols, parseChartSymbol, type ChartSymbol } from './chart-symbol';

const HTML = 'text/html; charset=utf-8';

/**
 * `GET /demo/chart?symbol=BYBIT:BTCUSDT.P` — a self-contained page (no external scripts or fonts)
 * with a live candle chart, the symbol and last price in the title and header, like a charting
 * site shows them, so the Perch overlay has somewhere to appear.
 */
export function installDemoChart(ctx: SimContext): void {
  ctx.http.route('GET', '/demo/chart', (request) => {
    const text = request.query.get('symbol') ?? 'BYBIT:BTCUSDT.P';
    const symbol = parseChartSymbol(ctx.market, text);
    if (!symbol) return unknownSymbol(ctx, text);
    return { status: 200, contentType: HTML, body: chartPage(ctx, symbol) };
  });
  // Browsers ask for it on every page; an empty answer keeps the demo's console clean.
  ctx.http.route('GET', '/favicon.ico', () => ({ status: 204, body: '' }));
}

function chartPage(ctx: SimContext, symbol: ChartSymbol): string {
  const { instrument, display, exchangeName } = symbol;
  const last = ctx.market.lastPrice(instrument);
  const okx = instrument.exchange === 'okx';
  const config = {
    exchange: instrument.exchange,
    exchangeName,
    display,
    // Relative URLs: the page talks to the simulator that served it, whatever its port.
    candlesUrl: okx
      ? `/api/v5/market/candles?instId=${instrument.symbol}&bar=1m&limit=120`
      : `/v5/market/kline?category=${instrument.category}&symbol=${instrument.symbol}&interval=1&limit=120`,
    wsPath: okx ? '/ws/v5/business' : `/v5/public/${instrument.category}`,
    subscribe: okx
      ? { op: 'subscribe', args: [{ channel: 'candle1m', instId: instrument.symbol }] }
      : { op: 'subscribe', args: [`kline.1.${instrument.symbol}`] },
  };
  const configJson = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${display} ${last} · ${exchangeName}`)}</title>
<style>
  html, body { margin: 0; height: 100%; background: #131722; color: #d1d4dc; font: 14px system-ui, sans-serif; }
  header { display: flex; gap: 16px; align-items: baseline; padding: 10px 16px; border-bottom: 1px solid #2a2e39; }
  h1 { margin: 0; font-size: 18px; }
  #last-price { font-size: 18px; font-variant-numeric: tabular-nums; }
  #chart { display: block; width: 100%; height: calc(100% - 50px); }
</style>
</head>
<body>
<header>
  <h1 id="symbol" data-exchange="${instrument.exchange}" data-category="${instrument.category}" data-symbol="${instrument.symbol}">${escapeHtml(`${display} · ${exchangeName}`)}</h1>
  <span id="last-price">${escapeHtml(last)}</span>
  <span>1m</span>
</header>
<canvas id="chart"></canvas>
<script id="chart-config" type="application/json">${configJson}</script>
<script>${CHART_SCRIPT}</script>
</body>
</html>
`;
}

function unknownSymbol(ctx: SimContext, text: string): SimResponse {
  const choices = chartSymbols(ctx.market)
    .map((s) => `<li><a href="/demo/chart?symbol=${encodeURIComponent(s)}">${escapeHtml(s)}</a></li>`)
    .join('');
  return {
    status: 404,
    contentType: HTML,
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unknown symbol</title></head><body><h1>Unknown symbol "${escapeHtml(text)}"</h1><p>The simulator charts these symbols:</p><ul>${choices}</ul></body></html>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
