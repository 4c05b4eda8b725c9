import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { never, renderOptions } from './options-fakes.test-helper';

afterEach(cleanup);

it('shows the extension version', () => {
  renderOptions();

  expect(screen.getByTestId('extension-version').textContent).toBe('1.4.2');
});

it('says what it is reading while the background has not answered yet', async () => {
  const { view } = renderOptions({
    vaultStatus: never,
    readProfiles: never,
    readSettings: never,
    getWatchlist: never,
  });

  expect(screen.getByText('Reading the vault…')).toBeDefined();
  expect(screen.getByText('Reading the OKX connection…')).toBeDefined();
  expect(screen.getByText('Reading the Bybit connection…')).toBeDefined();
  expect(screen.getByText('Reading the watchlist…')).toBeDefined();
  // Four sections show settings: the overlay, the popup, risk and the dead-man switch.
  expect(screen.getAllByText('Reading the settings…')).toHaveLength(4);
  await expectNoAxeViolations(view.container);
});

it('says in words which parts the background could not answer', async () => {
  const asleep = () => Promise.reject(new Error('Could not establish connection.'));
  const { view } = renderOptions({
    vaultStatus: asleep,
    readProfiles: asleep,
    readSettings: asleep,
    getWatchlist: asleep,
  });

  expect(await screen.findByText('Cannot read the vault: Could not establish connection.')).toBeDefined();
  expect(screen.getByText('Cannot read the OKX connection: Could not establish connection.')).toBeDefined();
  expect(screen.getByText('Cannot read the watchlist: Could not establish connection.')).toBeDefined();
  expect(screen.getAllByText('Cannot read the settings: Could not establish connection.')).toHaveLength(4);
  await expectNoAxeViolations(view.container);
});

it('gives every section a heading a screen reader can jump to, and passes axe once loaded', async () => {
  const { view } = renderOptions();
  await screen.findByRole('form', { name: 'Change passphrase' });

  const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(headings).toEqual([
    'Vault',
    'Key permissions',
    'OKX',
    'Bybit',
    'Watchlist',
    'Chart overlay',
    'Popup',
    'Risk',
    'Dead-man switch',
    'Alerts',
    'Keyboard shortcuts',
  ]);
  expect(
    within(screen.getByRole('region', { name: 'OKX' })).getByRole('button', { name: 'Save OKX keys' }),
  ).toBeDefined();
  await expectNoAxeViolations(view.container);
});
