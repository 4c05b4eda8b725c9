import { expect, it } from 'vitest';
import { priceUnit } from './price-unit';

it.each([
  ['okx', 'BTC-USDT-SWAP', 'USDT'],
  ['okx', 'BTC-USD-SWAP', 'USD'],
  ['okx', 'ETH-USDC', 'USDC'],
  ['bybit', 'BTCUSDT', 'USDT'],
  ['bybit', 'BTCUSD', 'USD'],
  ['bybit', 'ETHBTC', 'BTC'],
  ['bybit', 'BTCPERP', 'USDC'],
  ['bybit', 'BTCUSDT-26DEC25', 'USDT'],
  ['bybit', 'BTC-26DEC25', undefined],
  ['okx', 'BTC', undefined],
] as const)('%s %s is priced in %s', (exchange, symbol, unit) => {
  expect(priceUnit({ exchange, symbol })).toBe(unit);
});
