import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import type { InstrumentSummary } from '../contracts/instruments';
import type { WatchlistEntry } from '../contracts/portfolio';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { perchFailure, renderSection } from './options-fakes.test-helper';

afterEach(cleanup);

const perpetual = (exchange: 'okx' | 'bybit', symbol: string, base: string): InstrumentSummary => ({
  exchange,
  kind: 'perpetual',
  symbol,
  contractType: 'linear',
  base,
  quote: 'USDT',
  settle: 'USDT',
  tickSize: '0.1',
  lotSize: '0.01',
});

const SAVED: WatchlistEntry[] = [
  { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' },
];

const watchlist = () => screen.getByRole('region', { name: 'Watchlist' });
const rows = () =>
  within(screen.getByRole('list', { name: 'Watched instruments' }))
    .queryAllByRole('listitem')
    .map((row) => row.firstElementChild?.textContent);

it('says the watchlist is empty', async () => {
  const { view } = renderSection('#watchlist');

  expect(await screen.findByText('The watchlist is empty: add an instrument below.')).toBeDefined();
  await expectNoAxeViolations(view.container);
});

it('finds instruments on the chosen exchange and adds one with the keyboard alone', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = renderSection('#watchlist', {
    searchInstruments: ({ exchange }) =>
      Promise.resolve({
        instruments:
          exchange === 'bybit'
            ? [perpetual('bybit', 'SOLUSDT', 'SOL'), perpetual('bybit', 'SOLUSDC', 'SOL')]
            : [],
      }),
  });
  await screen.findByText(/The watchlist is empty/);

  await user.selectOptions(within(watchlist()).getByLabelText('Exchange to search'), 'bybit');
  const search = within(watchlist()).getByRole('combobox', { name: 'Add an instrument' });
  await user.type(search, 'sol');
  const results = await within(watchlist()).findByRole('listbox', { name: 'Instruments found' });
  expect(
    within(results)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Bybit SOLUSDT (perpetual, linear)', 'Bybit SOLUSDC (perpetual, linear)']);
  await expectNoAxeViolations(view.container);

  await user.keyboard('{ArrowDown}');
  expect(within(results).getByRole('option', { selected: true }).textContent).toBe(
    'Bybit SOLUSDC (perpetual, linear)',
  );
  expect(search.getAttribute('aria-activedescendant')).toBe(within(results).getAllByRole('option')[1]?.id);
  await user.keyboard('{Enter}');

  expect(rows()).toEqual(['Bybit SOLUSDC perpetual']);
  expect(search).toHaveProperty('value', '');
  expect(sentNamed('searchInstruments').at(-1)).toEqual({ exchange: 'bybit', query: 'sol' });
});

it('says when a search fails', async () => {
  const user = userEvent.setup();
  renderSection('#watchlist', {
    searchInstruments: () => perchFailure('InternalError', 'This is not available yet.'),
  });
  await screen.findByText(/The watchlist is empty/);

  await user.type(within(watchlist()).getByRole('combobox', { name: 'Add an instrument' }), 'btc');

  expect((await within(watchlist()).findByRole('alert')).textContent).toBe(
    'Search failed: This is not available yet.',
  );
});

it('reorders and removes entries, then saves the new list', async () => {
  const user = userEvent.setup();
  const { sentNamed } = renderSection('#watchlist', {
    getWatchlist: () => Promise.resolve({ instruments: SAVED }),
  });
  await within(await screen.findByRole('region', { name: 'Watchlist' })).findByText('OKX BTC-USDT-SWAP');
  expect(within(watchlist()).getByRole('button', { name: 'Save watchlist' })).toHaveProperty(
    'disabled',
    true,
  );

  await user.click(screen.getByRole('button', { name: 'Move Bybit ETHUSDT perpetual up' }));
  expect(rows()).toEqual(['Bybit ETHUSDT perpetual', 'OKX BTC-USDT-SWAP perpetual']);
  await user.click(screen.getByRole('button', { name: 'Remove OKX BTC-USDT-SWAP perpetual' }));
  await user.click(screen.getByRole('button', { name: 'Save watchlist' }));

  expect(await within(watchlist()).findByText('Watchlist saved.')).toBeDefined();
  expect(sentNamed('saveWatchlist')).toEqual([{ instruments: [SAVED[1]] }]);
});

it('keeps the edited list and says why when the save is refused', async () => {
  const user = userEvent.setup();
  const { view } = renderSection('#watchlist', {
    getWatchlist: () => Promise.resolve({ instruments: SAVED }),
    saveWatchlist: () =>
      perchFailure('InvalidRequestError', 'The watchlist was not saved. Bybit has no instrument ETHUSDX.'),
  });
  await within(await screen.findByRole('region', { name: 'Watchlist' })).findByText('OKX BTC-USDT-SWAP');

  await user.click(screen.getByRole('button', { name: 'Move OKX BTC-USDT-SWAP perpetual down' }));
  await user.click(screen.getByRole('button', { name: 'Save watchlist' }));

  expect((await within(watchlist()).findByRole('alert')).textContent).toBe(
    'The watchlist was not saved. Bybit has no instrument ETHUSDX.',
  );
  expect(rows()).toEqual(['Bybit ETHUSDT perpetual', 'OKX BTC-USDT-SWAP perpetual']);
  await expectNoAxeViolations(view.container);
});

it('refuses to add an instrument already on the list', async () => {
  const user = userEvent.setup();
  renderSection('#watchlist', {
    getWatchlist: () => Promise.resolve({ instruments: SAVED }),
    searchInstruments: () => Promise.resolve({ instruments: [perpetual('okx', 'BTC-USDT-SWAP', 'BTC')] }),
  });
  await within(await screen.findByRole('region', { name: 'Watchlist' })).findByText('OKX BTC-USDT-SWAP');

  await user.type(within(watchlist()).getByRole('combobox', { name: 'Add an instrument' }), 'btc');
  await user.click(
    await within(watchlist()).findByRole('option', { name: 'OKX BTC-USDT-SWAP (perpetual, linear)' }),
  );

  expect(
    within(watchlist()).getByText('OKX BTC-USDT-SWAP (perpetual) is already on the watchlist.'),
  ).toBeDefined();
  expect(rows()).toHaveLength(2);
});

it('adds the spot pair an exchange names like a watched perpetual: they are two instruments', async () => {
  const user = userEvent.setup();
  const spot: InstrumentSummary = {
    ...perpetual('bybit', 'BTCUSDT', 'BTC'),
    kind: 'spot',
    contractType: undefined,
  };
  renderSection('#watchlist', {
    getWatchlist: () =>
      Promise.resolve({ instruments: [{ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' }] }),
    searchInstruments: () => Promise.resolve({ instruments: [perpetual('bybit', 'BTCUSDT', 'BTC'), spot] }),
  });
  await within(await screen.findByRole('region', { name: 'Watchlist' })).findByText('Bybit BTCUSDT');

  await user.type(within(watchlist()).getByRole('combobox', { name: 'Add an instrument' }), 'btc');
  await user.click(await within(watchlist()).findByRole('option', { name: 'Bybit BTCUSDT (spot)' }));

  expect(rows()).toEqual(['Bybit BTCUSDT perpetual', 'Bybit BTCUSDT spot']);
});
