import { describe, expect, it } from 'vitest';
import { CONTENT_MAX_QUOTES } from '../../contracts/ports';
import { mapChartSymbol } from './map-symbol';

const okxSwap = (symbol: string) => ({ exchange: 'okx', kind: 'perpetual', symbol });
const okxSpot = (symbol: string) => ({ exchange: 'okx', kind: 'spot', symbol });
const bybitLinear = (symbol: string) => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol,
  contractType: 'linear',
});
const bybitInverse = (symbol: string) => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol,
  contractType: 'inverse',
});
const bybitSpot = (symbol: string) => ({ exchange: 'bybit', kind: 'spot', symbol });

/** Symbols as charting sites write them (docs/overlay.md "Mapping rules"), with what Perch follows for each. */
const TABLE: [string, object[]][] = [
  ['BYBIT:BTCUSDT.P', [bybitLinear('BTCUSDT')]],
  ['BYBIT:ETHUSDT.P', [bybitLinear('ETHUSDT')]],
  ['BYBIT:SOLUSDT.P', [bybitLinear('SOLUSDT')]],
  ['BYBIT:DOGEUSDT.P', [bybitLinear('DOGEUSDT')]],
  ['BYBIT:XRPUSDT.P', [bybitLinear('XRPUSDT')]],
  ['BYBIT:LINKUSDT.P', [bybitLinear('LINKUSDT')]],
  ['BYBIT:AVAXUSDT.P', [bybitLinear('AVAXUSDT')]],
  ['BYBIT:ADAUSDT.P', [bybitLinear('ADAUSDT')]],
  ['BYBIT:WIFUSDT.P', [bybitLinear('WIFUSDT')]],
  ['BYBIT:HYPEUSDT.P', [bybitLinear('HYPEUSDT')]],
  ['BYBIT:FARTCOINUSDT.P', [bybitLinear('FARTCOINUSDT')]],
  ['BYBIT:1000PEPEUSDT.P', [bybitLinear('1000PEPEUSDT')]],
  ['BYBIT:RLUSDUSDT.P', [bybitLinear('RLUSDUSDT')]],
  ['BYBIT:SHIB1000USDT.P', [bybitLinear('SHIB1000USDT')]],
  ['BYBIT:10000SATSUSDT.P', [bybitLinear('10000SATSUSDT')]],
  ['BYBIT:1000000CHEEMSUSDT.P', [bybitLinear('1000000CHEEMSUSDT')]],
  ['BYBIT:BTCUSD.P', [bybitInverse('BTCUSD')]],
  ['BYBIT:ETHUSD.P', [bybitInverse('ETHUSD')]],
  ['BYBIT:SOLUSD.P', [bybitInverse('SOLUSD')]],
  ['BYBIT:BTCUSDT', [bybitSpot('BTCUSDT')]],
  ['BYBIT:ETHUSDC', [bybitSpot('ETHUSDC')]],
  ['BYBIT:BTCUSDC.P', [bybitLinear('BTCPERP')]],
  ['BYBIT:ETHUSDC.P', [bybitLinear('ETHPERP')]],
  ['bybit:btcusdt.p', [bybitLinear('BTCUSDT')]],
  ['OKX:BTCUSDT.P', [okxSwap('BTC-USDT-SWAP')]],
  ['OKX:ETHUSDT.P', [okxSwap('ETH-USDT-SWAP')]],
  ['OKX:SOLUSDT.P', [okxSwap('SOL-USDT-SWAP')]],
  ['OKX:AVAXUSDT.P', [okxSwap('AVAX-USDT-SWAP')]],
  ['OKX:XRPUSDT.P', [okxSwap('XRP-USDT-SWAP')]],
  ['OKX:BTCUSD.P', [okxSwap('BTC-USD-SWAP')]],
  ['OKX:ETHUSD.P', [okxSwap('ETH-USD-SWAP')]],
  ['OKX:BTCUSDT', [okxSpot('BTC-USDT')]],
  ['OKX:MNTUSDT', [okxSpot('MNT-USDT')]],
  ['OKX:LEOUSDT', [okxSpot('LEO-USDT')]],
  ['OKX:SHIBUSDT.P', [okxSwap('SHIB-USDT-SWAP')]],
  ['OKX:PEPEUSDT.P', [okxSwap('PEPE-USDT-SWAP')]],
  ['OKX:BTCUSDC', [okxSpot('BTC-USDC')]],
  ['OKX:BTCUSDTPERP', [okxSwap('BTC-USDT-SWAP')]],
  ['OKX:BTC-USDT-SWAP', [okxSwap('BTC-USDT-SWAP')]],
  ['OKX:BTC-USD-SWAP', [okxSwap('BTC-USD-SWAP')]],
  ['OKX:BTC-USDT', [okxSpot('BTC-USDT')]],
  ['BINANCE:BTCUSDT.P', [okxSwap('BTC-USDT-SWAP'), bybitLinear('BTCUSDT')]],
  ['BINANCE:BTCUSDTPERP', [okxSwap('BTC-USDT-SWAP'), bybitLinear('BTCUSDT')]],
  ['BINANCE:1000PEPEUSDT.P', [okxSwap('PEPE-USDT-SWAP'), bybitLinear('1000PEPEUSDT')]],
  ['BINANCE:1000SHIBUSDT.P', [okxSwap('SHIB-USDT-SWAP'), bybitLinear('SHIB1000USDT')]],
  ['BINANCE:BTCUSDC.P', [okxSwap('BTC-USDC-SWAP'), bybitLinear('BTCPERP')]],
  ['BINANCE:1INCHUSDT.P', [okxSwap('1INCH-USDT-SWAP'), bybitLinear('1INCHUSDT')]],
  ['BINANCE:BTCUSDT', [okxSpot('BTC-USDT'), bybitSpot('BTCUSDT')]],
  ['BITGET:BTCUSDT.P', [okxSwap('BTC-USDT-SWAP'), bybitLinear('BTCUSDT')]],
  ['BINANCE:BTCUSD.P', [okxSwap('BTC-USD-SWAP'), bybitInverse('BTCUSD')]],
  // No venue (a title or a /symbols/ page without ?exchange=): the same market on both exchanges.
  ['ETHUSDT.P', [okxSwap('ETH-USDT-SWAP'), bybitLinear('ETHUSDT')]],
  ['SOLUSDT', [okxSpot('SOL-USDT'), bybitSpot('SOLUSDT')]],
];

/** Forms that are not one instrument on OKX or Bybit: nothing is followed, no badge appears. */
const SKIPPED = [
  'BINANCE:BTCUSDT.P_OI', // open interest series
  'BINANCE:BTCUSDTPERP_OI',
  'INDEX:BTCUSD',
  'CRYPTO:BTCUSD',
  'BYBIT:BTCUSDT.P/AMEX:SPY', // spread
  'BINANCE:BTCUSDT+BINANCE:ETHUSDT',
  'BINANCE:BTCUSDH2026', // dated future: TradingView's form is not verified against the exchanges
  'BINANCE:BTCUSDM2026',
  'BYBIT:BTCUSDZ24',
  'BYBIT:BTCUSDT-26JUN26',
  'OKX:BTC-USDT-250328',
  'COINBASE:BTCUSD', // USD spot: neither exchange lists it
  'COINBASE:CROUSD',
  'BINANCE:BTCEUR',
  'TradingView',
  '',
];

describe('chart symbol to exchange instruments', () => {
  it.each(TABLE)('%s', (text, instruments) => {
    expect(mapChartSymbol(text)?.instruments).toEqual(instruments);
  });

  it.each(SKIPPED)('skips %j', (text) => {
    expect(mapChartSymbol(text)).toBeUndefined();
  });

  it('keeps the ticker as the chart writes it, without the venue', () => {
    expect(mapChartSymbol('BYBIT:1000PEPEUSDT.P')?.ticker).toBe('1000PEPEUSDT.P');
  });

  it('never follows more instruments than a chart page may ask for', () => {
    for (const [text] of TABLE)
      expect(mapChartSymbol(text)?.instruments.length).toBeLessThanOrEqual(CONTENT_MAX_QUOTES);
  });
});
