import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { THEMES } from '../ui/themes.test-helper';
import { never, renderOptions, renderSection } from './options-fakes.test-helper';
import { SECTIONS } from './routes';

afterEach(cleanup);

const notSetUp = () =>
  Promise.resolve({ state: 'not-set-up' as const, autoLockMinutes: 15, credentials: [] });

const nav = () => screen.getByRole('navigation', { name: 'Settings sections' });
const current = () =>
  within(nav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

it('shows the extension version', () => {
  renderOptions();

  expect(screen.getByTestId('extension-version').textContent).toBe('1.4.2');
});

it('says it is reading the vault before it knows where to go', async () => {
  const { view } = renderOptions({ vaultStatus: never });

  expect(screen.getByText('Reading the vault…')).toBeDefined();
  expect(screen.queryByRole('navigation')).toBeNull();
  await expectNoAxeViolations(view.container);
});

it('opens at Accounts when the vault exists, with every section in the navigation', async () => {
  const { view } = renderOptions();

  expect(await screen.findByRole('heading', { level: 2, name: 'Accounts' })).toBeDefined();
  expect(window.location.hash).toBe('#accounts');
  expect(
    within(nav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Accounts', '#accounts'],
    ['Watchlist', '#watchlist'],
    ['Trading', '#trading'],
    ['Chart overlay', '#overlay'],
    ['Alerts', '#alerts'],
    ['Security', '#security'],
  ]);
  expect(current()).toEqual(['Accounts']);
  expect(screen.getByRole('main', { name: 'Accounts' })).toBeDefined();
  await expectNoAxeViolations(view.container);
});

it('shows one section at a time, follows the URL as it changes (a link, back, forward), and moves the focus to it', async () => {
  const user = userEvent.setup();
  renderSection('#accounts');
  await screen.findByRole('heading', { level: 2, name: 'Accounts' });

  await user.click(within(nav()).getByRole('link', { name: 'Trading' }));

  expect(await screen.findByRole('heading', { level: 2, name: 'Trading' })).toBeDefined();
  expect(screen.queryByRole('heading', { level: 2, name: 'Accounts' })).toBeNull();
  expect(current()).toEqual(['Trading']);
  expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Trading' }));
  expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
    'Popup',
    'Risk',
    'Dead-man switch',
    'Keyboard shortcuts',
  ]);

  act(() => {
    window.history.replaceState(null, '', '#alerts');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  expect(await screen.findByRole('heading', { level: 2, name: 'Alerts' })).toBeDefined();
  expect(current()).toEqual(['Alerts']);
});

it('opens at the section the URL names, as the popup’s "Manage alerts" does', async () => {
  const { view } = renderSection('#alerts');

  expect(await screen.findByRole('heading', { level: 2, name: 'Alerts' })).toBeDefined();
  expect(current()).toEqual(['Alerts']);
  await expectNoAxeViolations(view.container);
});

it('says in words which parts the background could not answer', async () => {
  const asleep = () => Promise.reject(new Error('Could not establish connection.'));
  renderOptions({ vaultStatus: asleep, readProfiles: asleep });

  expect(
    await screen.findByText('Cannot read the OKX connection: Could not establish connection.'),
  ).toBeDefined();
  expect(screen.getByText('Cannot read the Bybit connection: Could not establish connection.')).toBeDefined();
  expect(current()).toEqual(['Accounts']);
});

it('starts the first-run path on a fresh install (no vault), at step 1 of 4', async () => {
  const { view } = renderOptions({ vaultStatus: notSetUp });

  expect(await screen.findByRole('heading', { level: 2, name: 'Create your passphrase' })).toBeDefined();
  expect(window.location.hash).toBe('#first-run/passphrase');
  expect(screen.getByText('Step 1 of 4')).toBeDefined();
  expect(screen.queryByRole('navigation')).toBeNull();
  await expectNoAxeViolations(view.container);
});

it('offers the setup on the regular page while there is no vault', async () => {
  renderSection('#watchlist', { vaultStatus: notSetUp });

  const start = await screen.findByRole('link', { name: 'Start the setup' });
  expect(start.getAttribute('href')).toBe('#first-run/passphrase');
});

describe.each(THEMES)('every section (%s)', (theme) => {
  it.each(SECTIONS.map(({ id, title }) => [id, title]))(
    '#%s is a page under its title whose parts are cards with headings of their own',
    async (id, title) => {
      const { view } = renderSection(`#${id}`, {}, true, theme);

      const page = await screen.findByRole('region', { name: title });
      await within(page).findAllByRole('heading', { level: 3 });
      expect(
        within(page)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual([title]);
      await expectNoAxeViolations(view.container);
    },
  );
});
