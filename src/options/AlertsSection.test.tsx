import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import type { Alert, AlertDraft } from '../contracts/alerts';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { THEMES } from '../ui/themes.test-helper';
import { perchFailure, problemAt, renderSection, type FakeHandlers } from './options-fakes.test-helper';

afterEach(cleanup);

const PRICE: Alert = {
  id: 'price-1',
  createdAt: 1,
  paused: false,
  sound: true,
  repeat: { mode: 'once' },
  condition: {
    kind: 'price',
    instrument: { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    direction: 'above',
    level: '65000',
    source: 'last',
  },
};
const FILLS: Alert = {
  id: 'fill-1',
  createdAt: 2,
  paused: true,
  sound: false,
  repeat: { mode: 'every', cooldownSeconds: 0 },
  condition: { kind: 'fill', scope: { exchanges: ['okx', 'bybit'], symbols: [] }, partial: true },
};

const PRICE_WORDS = 'OKX BTC-USDT-SWAP last price rises above 65,000.00';
const FILL_WORDS = 'An order fills, fully or in part, on OKX and Bybit';

/** The options page over a background holding `alerts`; changes answer as the background would. */
function openOptions(handlers: FakeHandlers = {}, theme: (typeof THEMES)[number] = 'light') {
  const page = renderSection(
    '#alerts',
    {
      listAlerts: () => Promise.resolve({ alerts: [PRICE, FILLS], history: [] }),
      pauseAlert: ({ id, paused }) => Promise.resolve({ ...(id === PRICE.id ? PRICE : FILLS), paused }),
      deleteAlert: () => Promise.resolve({ deleted: true }),
      saveAlert: ({ id, draft }) =>
        Promise.resolve({ ...draft, id: id ?? 'new-1', createdAt: 3, paused: false }),
      ...handlers,
    },
    true,
    theme,
  );
  return page;
}

const section = () => screen.findByRole('region', { name: 'Alerts' });
const item = async (words: string) =>
  (await within(await section()).findByText(words)).closest('li') as HTMLElement;

it('lists every alert in words with how it repeats, its sound and whether it is paused', async () => {
  const { view } = openOptions();
  const area = await section();

  expect((await item(`OKX BTC-USDT-SWAP last price rises above 65,000.00`)).textContent).toContain(
    'Once · with sound',
  );
  expect((await item(FILL_WORDS)).textContent).toContain('Every time · silent · Paused');
  expect(area.textContent).toContain('even when the popup is closed');
  expect(area.textContent).toContain('No alert has fired yet.');
  await expectNoAxeViolations(view.container);
});

it.each(THEMES)(
  'sets the alerts and what fired in cards of their own, each alert a row with its buttons (%s)',
  async (theme) => {
    const { view } = openOptions({}, theme);
    const set = await screen.findByRole('region', { name: 'Your alerts' });

    const rows = within(await within(set).findByRole('list', { name: 'Your alerts' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual([PRICE_WORDS, FILL_WORDS]);
    expect(within(set).getByRole('button', { name: 'New alert' })).toBeDefined();
    expect(
      within(screen.getByRole('region', { name: 'Fired alerts' })).getByText('No alert has fired yet.'),
    ).toBeDefined();
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: `Delete alert: ${PRICE_WORDS}` }).className,
    ).toBe('perch-danger');
    await expectNoAxeViolations(view.container);
  },
);

it('pauses and resumes an alert, and reads the list again after', async () => {
  const user = userEvent.setup();
  const { sentNamed } = openOptions();

  await user.click(
    within(await item(PRICE_WORDS)).getByRole('button', { name: `Pause alert: ${PRICE_WORDS}` }),
  );
  await user.click(
    within(await item(FILL_WORDS)).getByRole('button', { name: `Resume alert: ${FILL_WORDS}` }),
  );

  expect(sentNamed('pauseAlert')).toEqual([
    { id: 'price-1', paused: true },
    { id: 'fill-1', paused: false },
  ]);
  expect(sentNamed('listAlerts')).toHaveLength(3);
});

it('deletes an alert only once the trader confirms', async () => {
  const user = userEvent.setup();
  const { sentNamed } = openOptions();
  const row = await item(PRICE_WORDS);

  await user.click(within(row).getByRole('button', { name: `Delete alert: ${PRICE_WORDS}` }));
  expect(sentNamed('deleteAlert')).toEqual([]);
  expect(row.textContent).toContain('Delete this alert?');
  await user.click(within(row).getByRole('button', { name: 'Keep it' }));
  expect(sentNamed('deleteAlert')).toEqual([]);

  await user.click(within(row).getByRole('button', { name: `Delete alert: ${PRICE_WORDS}` }));
  await user.click(within(row).getByRole('button', { name: `Yes, delete alert: ${PRICE_WORDS}` }));
  expect(sentNamed('deleteAlert')).toEqual([{ id: 'price-1' }]);
});

it('shows a refused change under its alert', async () => {
  const user = userEvent.setup();
  openOptions({ pauseAlert: () => perchFailure('InternalError', 'The alert could not be saved.') });
  const row = await item(PRICE_WORDS);

  await user.click(within(row).getByRole('button', { name: `Pause alert: ${PRICE_WORDS}` }));

  expect((await within(row).findByRole('alert')).textContent).toBe('The alert could not be saved.');
});

it('edits an alert in the same form, replacing it by its id', async () => {
  const user = userEvent.setup();
  const { sentNamed } = openOptions();
  const row = await item(PRICE_WORDS);
  await user.click(within(row).getByRole('button', { name: `Edit alert: ${PRICE_WORDS}` }));
  const form = within(row).getByRole('form', { name: `Edit alert: ${PRICE_WORDS}` });
  const level = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Level' });
  expect(level.value).toBe('65000');

  await user.clear(level);
  await user.type(level, '66000');
  await user.click(within(form).getByRole('button', { name: 'Update alert' }));

  const draft: AlertDraft = {
    condition: { ...PRICE.condition, level: '66000' } as AlertDraft['condition'],
    repeat: { mode: 'once' },
    sound: true,
  };
  expect(sentNamed('saveAlert')).toEqual([{ id: 'price-1', draft }]);
});

it('sets up a new account alert on the exchanges and instruments chosen', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = openOptions();
  await user.click(within(await section()).getByRole('button', { name: 'New alert' }));
  const form = within(await section()).getByRole('form', { name: 'New alert on your account' });
  const kinds = within(form).getByRole('combobox', { name: 'Alert when' });
  expect([...kinds.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
    'liquidation distance is under a %',
    'the margin ratio is over a %',
    'an order fills',
    'a stop or target fires',
    'a position closes',
    'funding above a rate is due',
  ]);
  await expectNoAxeViolations(view.container);

  await user.selectOptions(kinds, 'funding above a rate is due');
  await user.click(within(form).getByRole('checkbox', { name: 'OKX' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Bybit' }));
  await user.click(within(form).getByRole('button', { name: 'Save alert' }));
  expect(sentNamed('saveAlert')).toEqual([]);
  expect(within(form).getByText('Choose at least one exchange to watch.')).toBeDefined();

  await user.click(within(form).getByRole('checkbox', { name: 'Bybit' }));
  await user.type(
    within(form).getByRole('textbox', { name: 'Only these instruments (optional, separated by commas)' }),
    'btcusdt, ETHUSDT',
  );
  const rate = within(form).getByRole('textbox', { name: 'Funding rate above, in %' });
  await user.clear(rate);
  await user.type(rate, '-1');
  expect(problemAt(rate)).toBe(
    'The funding rate must be a positive number, such as 0.05, without commas or spaces.',
  );
  await user.clear(rate);
  await user.type(rate, '0.1');
  await user.click(within(form).getByRole('button', { name: 'Save alert' }));

  expect(sentNamed('saveAlert')).toEqual([
    {
      draft: {
        condition: {
          kind: 'funding',
          scope: { exchanges: ['bybit'], symbols: ['BTCUSDT', 'ETHUSDT'] },
          aboveRate: '0.001',
          minutesBefore: 30,
        },
        repeat: { mode: 'every', cooldownSeconds: 300 },
        sound: false,
      },
    },
  ]);
  expect(
    await within(form).findByText(
      'Alert set: When funding above 0.1 % is due within 30 min on Bybit BTCUSDT, ETHUSDT: every time, at most once per 5 min, silent.',
    ),
  ).toBeDefined();
});
