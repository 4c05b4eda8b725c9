import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 61 });
});
afterAll(async () => {
  await sim.stop();
});

async function page(symbol: string): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(`${sim.url}/demo/chart?symbol=${encodeURIComponent(symbol)}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

describe('demo chart page', () => {
  it('serves a Bybit perpetual with the symbol and last price in the title and header', async () => {
    const { status, type, html } = await page('BYBIT:BTCUSDT.P');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toMatch(/<title>BTCUSDT\.P \d+\.\d{2} · Bybit<\/title>/);
    expect(html).toContain(
      'data-exchange="bybit" data-category="linear" data-symbol="BTCUSDT">BTCUSDT.P · Bybit</h1>',
    );
    expect(html).toContain('kline.1.BTCUSDT');
    expect(html).toContain('<canvas id="chart">');
  });

  it('serves an OKX swap with its candles from the business socket', async () => {
    const { status, html } = await page('OKX:ETH-USDT-SWAP');
    expect(status).toBe(200);
    expect(html).toMatch(/<title>ETH-USDT-SWAP [\d.]+ · OKX<\/title>/);
    expect(html).toContain('/ws/v5/business');
    expect(html).toContain('"channel":"candle1m","instId":"ETH-USDT-SWAP"');
  });

  it('is self-contained: no external scripts, styles or fonts', async () => {
    const { html } = await page('BYBIT:SOLUSDT');
    expect(html).not.toMatch(/\ssrc=|<link|@import|https?:\/\//);
  });

  it('lists the symbols it knows when asked for an unknown one', async () => {
    const { status, html } = await page('BINANCE:BTCUSDT');
    expect(status).toBe(404);
    expect(html).toContain('Unknown symbol "BINANCE:BTCUSDT"');
    expect(html).toContain('BYBIT:BTCUSDT.P');
    expect(html).toContain('OKX:SOL-USDT-SWAP');
  });

  it('escapes the requested symbol on the unknown-symbol page', async () => {
    const { html } = await page('<img onerror=x>');
    expect(html).toContain('&#60;img onerror=x&#62;');
    expect(html).not.toContain('<img');
  });
});
