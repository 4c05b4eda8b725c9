import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WATCHLIST_MAX } from '../../contracts/portfolio';
import { storeTrustedRaw } from '../../platform/trusted-storage.test-helper';
import {
  DEFAULT_WATCHLIST,
  onWatchlistChange,
  readWatchlist,
  validateWatchlist,
  watchlistItem,
} from './watchlist-setting';

/** What any extension context can do: write the trusted store directly, bypassing every message check. */
const storeRaw = (value: unknown) => storeTrustedRaw('watchlist', value);

const btc = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const eth = { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' } as const;
const many = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ exchange: 'bybit', kind: 'spot', symbol: `C${index}USDT` }));

let warnings: unknown[][];

beforeEach(() => {
  fakeBrowser.reset();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
});

describe('reading the watchlist', () => {
  it('defaults to the BTC, ETH and SOL USDT perpetuals on both exchanges', async () => {
    const read = await readWatchlist();
    expect(
      read.map(({ exchange, kind, symbol, contractType }) => `${exchange} ${symbol} ${contractType} ${kind}`),
    ).toEqual([
      'okx BTC-USDT-SWAP linear perpetual',
      'okx ETH-USDT-SWAP linear perpetual',
      'okx SOL-USDT-SWAP linear perpetual',
      'bybit BTCUSDT linear perpetual',
      'bybit ETHUSDT linear perpetual',
      'bybit SOLUSDT linear perpetual',
    ]);
    expect(warnings).toEqual([]);
  });

  it('drops bad entries, with a warning, and keeps the good ones once', async () => {
    const hostile = {
      exchange: 'okx',
      kind: 'perpetual',
      symbol: 'BTC-USDT-SWAP',
      url: 'https://evil.example',
    };
    await storeRaw([btc, 'BTC', hostile, { ...eth, exchange: 'binance' }, eth, btc]);

    await expect(readWatchlist()).resolves.toEqual([btc, eth]);
    expect(warnings.map(([message]) => message)).toEqual([
      'Perch ignored a saved watchlist entry:',
      'Perch ignored a saved watchlist entry:',
      'Perch ignored a saved watchlist entry:',
    ]);
  });

  it('a stored value that is not a list gives the default', async () => {
    await storeRaw({ symbol: 'BTC' });

    await expect(readWatchlist()).resolves.toEqual(DEFAULT_WATCHLIST);
    expect(warnings).toEqual([['Perch ignored a saved watchlist that is not a list:', { symbol: 'BTC' }]]);
  });

  it(`keeps at most ${WATCHLIST_MAX} entries`, async () => {
    await storeRaw(many(WATCHLIST_MAX + 5));

    const read = await readWatchlist();
    expect(read).toHaveLength(WATCHLIST_MAX);
    expect(read[0]?.symbol).toBe('C0USDT');
    expect(warnings).toEqual([
      [`Perch kept the first ${WATCHLIST_MAX} of ${WATCHLIST_MAX + 5} saved watchlist entries.`],
    ]);
  });

  it('tells a listener when the watchlist is saved', async () => {
    const heard = vi.fn();
    onWatchlistChange(heard);
    await watchlistItem.setValue([eth]);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('checking a watchlist a trader saves', () => {
  it('accepts good entries and folds duplicates', () => {
    expect(validateWatchlist([btc, eth, btc])).toEqual({ ok: true, entries: [btc, eth] });
  });

  it('keeps both instruments an exchange names alike: they are two, not a duplicate', async () => {
    const alike = [
      { exchange: 'bybit', kind: 'spot', symbol: 'BTCUSDT' },
      { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
      { exchange: 'okx', kind: 'spot', symbol: 'BTC-USDT' },
      { exchange: 'okx', kind: 'margin', symbol: 'BTC-USDT' },
    ] as const;

    expect(validateWatchlist(alike)).toEqual({ ok: true, entries: alike });
    await storeRaw(alike);
    await expect(readWatchlist()).resolves.toEqual(alike);
  });

  it('names every bad entry by its place and lists the valid choices', () => {
    expect(
      validateWatchlist([
        btc,
        { ...btc, exchange: 'binance' },
        { ...btc, kind: 'swap' },
        { ...btc, symbol: 'btc-usdt-swap' },
        { ...btc, contractType: 'quanto' },
        { ...btc, note: 'mine' },
        42,
      ]),
    ).toEqual({
      ok: false,
      problems: [
        'Instrument 2 has exchange "binance"; choose one of okx, bybit.',
        'Instrument 3 has kind "swap"; choose one of spot, margin, perpetual, future, option.',
        'Instrument 4 has symbol "btc-usdt-swap"; use the exchange\'s own id in capitals, like BTC-USDT-SWAP on OKX or BTCUSDT on Bybit.',
        'Instrument 5 has contract type "quanto"; choose linear or inverse.',
        'Instrument 6 has fields a watchlist entry does not take (note).',
        'Instrument 7 is not an instrument.',
      ],
    });
  });

  it(`refuses more than ${WATCHLIST_MAX} instruments`, () => {
    expect(validateWatchlist(many(WATCHLIST_MAX + 1))).toEqual({
      ok: false,
      problems: [
        `A watchlist holds at most ${WATCHLIST_MAX} instruments; this one has ${WATCHLIST_MAX + 1}.`,
      ],
    });
  });
});
