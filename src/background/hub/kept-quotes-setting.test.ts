import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEPT_QUOTES_ITEM } from '../../contracts/port-names';
import { storage } from '../../platform/storage';
import { forgetKeptQuotes, saveKeptQuotes } from './kept-quotes-setting';

beforeEach(() => {
  fakeBrowser.reset();
});

it('forgets one exchange’s kept quotes and keeps the other’s', async () => {
  await saveKeptQuotes({
    keptAt: 1,
    quotes: [
      { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', last: '1', ts: 1 },
      { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', last: '2', ts: 1 },
    ],
    exchanges: ['okx', 'bybit'],
  });
  await forgetKeptQuotes('okx');
  expect(await storage.getItem(KEPT_QUOTES_ITEM)).toEqual({
    keptAt: 1,
    quotes: [{ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', last: '2', ts: 1 }],
    exchanges: ['bybit'],
  });
});

it('removes what no longer reads as kept quotes', async () => {
  await storage.setItem(KEPT_QUOTES_ITEM, { quotes: 'garbled' });
  await forgetKeptQuotes('bybit');
  expect(await storage.getItem(KEPT_QUOTES_ITEM)).toBeNull();
});
