// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { TRADINGVIEW_SELECTORS, tradingView } from './tradingview';

function page(title: string, buttonText?: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.title = title;
  if (buttonText !== undefined) {
    const button = doc.createElement('div');
    button.id = TRADINGVIEW_SELECTORS.symbolButton.slice(1);
    button.textContent = buttonText;
    doc.body.append(button);
  }
  return doc;
}

const read = (href: string, doc = page('TradingView')) => tradingView.readSymbol(doc, new URL(href));

describe('TradingView pages', () => {
  it.each([
    ['https://www.tradingview.com/symbols/BTCUSDT.P/?exchange=BYBIT', 'BYBIT:BTCUSDT.P'],
    ['https://www.tradingview.com/symbols/OKX-LEOUSDT/', 'OKX:LEOUSDT'],
    ['https://www.tradingview.com/symbols/BTCUSDT.P/', 'BTCUSDT.P'],
    ['https://in.tradingview.com/symbols/ETHUSDT.P/technicals/?exchange=BINANCE', 'BINANCE:ETHUSDT.P'],
    ['https://www.tradingview.com/chart/?symbol=BYBIT%3ABTCUSDT.P', 'BYBIT:BTCUSDT.P'],
    ['https://tradingview.com/chart/?symbol=OKX:BTCUSDT.P&timeframe=1', 'OKX:BTCUSDT.P'],
    ['https://s.tradingview.com/widgetembed/?symbol=BINANCE%3ABTCUSDT&interval=15', 'BINANCE:BTCUSDT'],
  ])('reads %s as %s', (href, symbol) => {
    expect(read(href)).toBe(symbol);
  });

  it('finds no symbol on pages that show none', () => {
    expect(read('https://www.tradingview.com/')).toBeUndefined();
    expect(read('https://www.tradingview.com/chart/')).toBeUndefined();
    expect(read('https://www.tradingview.com/markets/cryptocurrencies/')).toBeUndefined();
  });

  it('adds the venue from ?symbol= while the title shows that ticker', () => {
    const doc = page('BTCUSDT.P 67,012.5 ▲ +0.52% Unnamed');

    expect(read('https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P', doc)).toBe('BYBIT:BTCUSDT.P');
  });

  it('follows the title once the trader switched away from the symbol in the URL', () => {
    const doc = page('ETHUSDT.P 3,512.40 ▼ −0.63% Unnamed');

    expect(read('https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P', doc)).toBe('ETHUSDT.P');
  });

  it('reads a saved layout, whose URL names no symbol, from its title', () => {
    const doc = page('BTCUSD.P 63,982.5 ▼ −0.63% Benjamin 09/11/23');

    expect(read('https://www.tradingview.com/chart/2AqpEMfD/', doc)).toBe('BTCUSD.P');
  });

  it('falls back to the symbol button while the title names no ticker', () => {
    const doc = page('TradingView', 'Bitcoin\nSOLUSDT.P');

    expect(read('https://www.tradingview.com/chart/2AqpEMfD/', doc)).toBe('SOLUSDT.P');
  });
});
