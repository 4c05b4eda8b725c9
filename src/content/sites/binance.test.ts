import { describe, expect, it } from 'vitest';
import { binance } from './binance';

const read = (href: string) => binance.readSymbol({} as Document, new URL(href));

describe('Binance futures pages', () => {
  it.each([
    ['https://www.binance.com/en/futures/BTCUSDT', 'BINANCE:BTCUSDT.P'],
    ['https://www.binance.com/futures/ETHUSDT', 'BINANCE:ETHUSDT.P'],
    ['https://www.binance.com/zh-CN/futures/1000PEPEUSDT', 'BINANCE:1000PEPEUSDT.P'],
    ['https://www.binance.com/en/futures/BTCUSD_PERP', 'BINANCE:BTCUSD.P'],
  ])('reads %s as %s', (href, symbol) => {
    expect(read(href)).toBe(symbol);
  });

  it.each([
    'https://www.binance.com/en/futures/BTCUSDT_250328',
    'https://www.binance.com/en/trade/BTC_USDT',
    'https://www.binance.com/en',
  ])('finds no perpetual on %s', (href) => {
    expect(read(href)).toBeUndefined();
  });
});
