import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_UI_SETTINGS, type UiSettings } from '../contracts/settings';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { perchFailure, problemAt, renderSection } from './options-fakes.test-helper';

afterEach(cleanup);

const overlay = () => screen.getByRole('region', { name: 'Chart overlay' });
const savedSettings = (sent: unknown[]) =>
  sent.map((request) => (request as { settings: UiSettings }).settings);
const withExtra = (extraOrigins: string[]): UiSettings => ({
  ...DEFAULT_UI_SETTINGS,
  overlay: { ...DEFAULT_UI_SETTINGS.overlay, extraOrigins },
});

async function addSite(origin: string) {
  const user = userEvent.setup();
  const form = await within(await screen.findByRole('region', { name: 'Chart overlay' })).findByRole('form', {
    name: 'Add a site',
  });
  await user.type(within(form).getByLabelText('Site address'), origin);
  await user.click(within(form).getByRole('button', { name: 'Add site' }));
  return form;
}

it('turns a charting site off', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = renderSection('#overlay');
  const binance = await within(await screen.findByRole('region', { name: 'Chart overlay' })).findByRole(
    'checkbox',
    {
      name: 'Binance',
    },
  );
  await expectNoAxeViolations(view.container);

  await user.click(binance);

  expect(savedSettings(sentNamed('saveSettings'))).toEqual([
    {
      ...DEFAULT_UI_SETTINGS,
      overlay: { ...DEFAULT_UI_SETTINGS.overlay, sites: { tradingview: true, binance: false } },
    },
  ]);
  expect(binance).toHaveProperty('checked', false);
});

it('adds a site once the browser grants access to it', async () => {
  const { requested, sentNamed } = renderSection('#overlay', {}, true);

  await addSite('https://www.example.com/');

  expect(
    await within(overlay()).findByText('The overlay now runs on https://www.example.com.'),
  ).toBeDefined();
  expect(requested).toEqual(['https://www.example.com']);
  expect(savedSettings(sentNamed('saveSettings'))).toEqual([withExtra(['https://www.example.com'])]);
  expect(within(overlay()).getByRole('button', { name: 'Remove https://www.example.com' })).toBeDefined();
});

it('saves nothing when the browser does not grant access', async () => {
  const { requested, sentNamed, view } = renderSection('#overlay', {}, false);

  const form = await addSite('https://charts.example.org');

  const field = within(form).getByLabelText('Site address');
  await within(form).findByText(/did not grant/);
  expect(problemAt(field)).toBe(
    'The browser did not grant access to https://charts.example.org, so it was not added.',
  );
  expect(field).toHaveProperty('value', 'https://charts.example.org');
  expect(requested).toEqual(['https://charts.example.org']);
  expect(sentNamed('saveSettings')).toEqual([]);
  await expectNoAxeViolations(view.container);
});

it('refuses an address that is not an https site, before any prompt', async () => {
  const { requested } = renderSection('#overlay');

  const form = await addSite('http://example.com/chart');

  expect(problemAt(within(form).getByLabelText('Site address'))).toBe(
    'Enter a site as https://www.example.com: https, then its host name (*.example.com for every subdomain), no path.',
  );
  expect(requested).toEqual([]);
});

it('gives access back when the settings could not be saved', async () => {
  const { removed } = renderSection('#overlay', {
    saveSettings: () => perchFailure('InvalidSettingError', 'The overlay runs on at most 20 extra sites.'),
  });

  await addSite('https://www.example.com');

  expect((await within(overlay()).findByRole('alert')).textContent).toBe(
    'The overlay runs on at most 20 extra sites.',
  );
  expect(removed).toEqual(['https://www.example.com']);
});

it('removes a site and its access', async () => {
  const { removed, sentNamed } = renderSection('#overlay', {
    readSettings: () => Promise.resolve(withExtra(['https://a.example.com', 'https://b.example.com'])),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Remove https://a.example.com' }));

  expect(await within(overlay()).findByText('https://a.example.com removed.')).toBeDefined();
  expect(removed).toEqual(['https://a.example.com']);
  expect(savedSettings(sentNamed('saveSettings'))).toEqual([withExtra(['https://b.example.com'])]);
});

it('turns privacy mode on and moves the badge to another corner', async () => {
  const user = userEvent.setup();
  const { sentNamed } = renderSection('#overlay');
  const privacy = await within(await screen.findByRole('region', { name: 'Chart overlay' })).findByRole(
    'checkbox',
    {
      name: 'Privacy mode: hide amounts (sizes, PnL, balances) on charting pages',
    },
  );

  await user.click(privacy);
  await user.selectOptions(within(overlay()).getByLabelText('Badge corner'), 'top-left');

  const saved = savedSettings(sentNamed('saveSettings'));
  expect(saved.map((settings) => [settings.overlay.privacy, settings.overlay.badge.corner])).toEqual([
    [true, 'bottom-right'],
    [true, 'top-left'],
  ]);
  expect(privacy).toHaveProperty('checked', true);
});

it('shows a refused change as not saved and leaves the setting as it was', async () => {
  renderSection('#overlay', {
    saveSettings: () => perchFailure('InternalError', 'This is not available yet.'),
  });
  const privacy = await within(await screen.findByRole('region', { name: 'Chart overlay' })).findByRole(
    'checkbox',
    {
      name: /^Privacy mode/,
    },
  );

  await userEvent.click(privacy);

  expect((await within(overlay()).findByRole('alert')).textContent).toBe(
    'Not saved: This is not available yet.',
  );
  expect(privacy).toHaveProperty('checked', false);
});

it('turns the PnL on the toolbar icon on, then the lowest liquidation distance, then off', async () => {
  const { sentNamed, view } = renderSection('#trading');
  const popup = await screen.findByRole('region', { name: 'Popup' });
  const choice = (name: string | RegExp) => within(popup).getByRole('radio', { name });
  await within(popup).findByRole('group', { name: /^The toolbar icon shows/ });
  expect(choice('Only how the connections are doing')).toHaveProperty('checked', true);

  await userEvent.click(choice('The total unrealised PnL'));
  await userEvent.click(choice(/^The lowest liquidation distance/));
  await userEvent.click(choice('Only how the connections are doing'));

  expect(
    savedSettings(sentNamed('saveSettings')).map((settings) => [settings.toolbarPnl, settings.risk.toolbar]),
  ).toEqual([
    [true, 'pnl'],
    [true, 'liquidation-distance'],
    [false, 'liquidation-distance'],
  ]);
  expect(choice('Only how the connections are doing')).toHaveProperty('checked', true);
  await expectNoAxeViolations(view.container);
});

it('makes the popup ask for a held button before closing', async () => {
  const { sentNamed, view } = renderSection('#trading');
  const popup = await screen.findByRole('region', { name: 'Popup' });

  await userEvent.click(
    await within(popup).findByRole('radio', { name: 'Hold the close button down to confirm' }),
  );

  expect(savedSettings(sentNamed('saveSettings')).map((settings) => settings.closeConfirm)).toEqual(['hold']);
  expect(within(popup).getByRole('radio', { name: 'Hold the close button down to confirm' })).toHaveProperty(
    'checked',
    true,
  );
  await expectNoAxeViolations(view.container);
});
