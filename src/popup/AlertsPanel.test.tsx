import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert, FiredAlert } from '../contracts/alerts';
import { firedWhen } from '../ui/alert-time';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { renderInTheme, THEMES } from '../ui/themes.test-helper';
import { AlertsPanel } from './AlertsPanel';
import { fakeBackground, rejects, resolves } from './popup-fakes.test-helper';
import { createPopupStore } from './store';

afterEach(cleanup);

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);

/** The nth alert that fired, n minutes before NOW. */
const fired = (n: number): FiredAlert => ({
  id: `fired-${String(n)}`,
  alertId: 'alert-1',
  kind: 'price',
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  title: `BTC-USDT-SWAP on OKX above ${String(65_000 + n)}`,
  message: `Last price ${String(65_001 + n)}.`,
  at: NOW - n * 60_000,
  firedAt: NOW - n * 60_000,
});

const ALERT: Alert = {
  id: 'alert-1',
  createdAt: 1,
  paused: false,
  sound: false,
  repeat: { mode: 'once' },
  condition: { kind: 'closed', scope: { exchanges: ['okx'], symbols: [] } },
};

type Answers = Parameters<typeof fakeBackground>[0];

function openPanel(
  listAlerts: NonNullable<Answers['listAlerts']>,
  more: Answers = {},
  theme: (typeof THEMES)[number] = 'light',
) {
  const background = fakeBackground({ listAlerts, ...more });
  const store = createPopupStore(background.client);
  void store.getState().alerts.getState().load();
  const onManage = vi.fn();
  const { container } = renderInTheme(
    theme,
    <AlertsPanel store={store} onManage={onManage} now={() => NOW} />,
  );
  return { container, onManage, sent: background.sent };
}

const region = () => screen.getByRole('region', { name: 'Alerts' });
const firedItems = () =>
  within(within(region()).getByRole('list', { name: 'Fired alerts, newest first' })).getAllByRole('listitem');
const titles = () => firedItems().map((item) => item.querySelector('strong')?.textContent);

it('lists the last five fired alerts newest first, all of them on request, and the active count', async () => {
  const user = userEvent.setup();
  const history = [3, 1, 7, 2, 5, 4, 6].map(fired);
  const { container } = openPanel(
    resolves({ alerts: [ALERT, { ...ALERT, id: 'alert-2', paused: true }], history }),
  );

  expect(await within(region()).findByText('1 active alert.')).toBeDefined();
  expect(titles()).toEqual([1, 2, 3, 4, 5].map((n) => fired(n).title));
  const first = firedItems()[0]!;
  expect(first.textContent).toContain(`Last price 65002.`);
  expect(first.textContent).toContain(firedWhen(fired(1).at, NOW));
  await expectNoAxeViolations(container);

  await user.click(within(region()).getByRole('button', { name: 'Show all (7)' }));
  expect(titles()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => fired(n).title));
  await user.click(within(region()).getByRole('button', { name: 'Show fewer' }));
  expect(titles()).toHaveLength(5);
});

it('keeps at most the last 100, and says when a catch-up told of one late', async () => {
  const user = userEvent.setup();
  const late = { ...fired(0), id: 'late', firedAt: NOW + 5 * 60_000 };
  openPanel(
    resolves({ alerts: [], history: [late, ...Array.from({ length: 104 }, (_, n) => fired(n + 1))] }),
  );

  await user.click(await within(region()).findByRole('button', { name: 'Show all (100)' }));

  expect(titles()).toHaveLength(100);
  expect(firedItems()[0]!.textContent).toContain(
    `Told at ${firedWhen(late.firedAt, NOW)}, when Perch caught up.`,
  );
  expect(within(region()).getByText('No active alerts.')).toBeDefined();
});

it('says so when nothing fired yet, and opens the options page at its alerts', async () => {
  const user = userEvent.setup();
  const { onManage } = openPanel(resolves({ alerts: [ALERT], history: [] }));

  expect(await within(region()).findByText('No alert has fired yet.')).toBeDefined();
  expect(within(region()).getByText('1 active alert.')).toBeDefined();
  await user.click(within(region()).getByRole('button', { name: 'Manage alerts' }));
  expect(onManage).toHaveBeenCalledOnce();
});

it('says why the alerts cannot be read', async () => {
  openPanel(rejects('BackgroundStoppedError', 'Perch is restarting.'));
  expect(await within(region()).findByText('Alerts unavailable: Perch is restarting.')).toBeDefined();
});

const ABOVE: Alert = {
  ...ALERT,
  id: 'alert-above',
  condition: {
    kind: 'price',
    instrument: { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    direction: 'above',
    level: '70000',
    source: 'last',
  },
};
const LIQUIDATION: Alert = {
  ...ALERT,
  id: 'alert-liq',
  condition: { kind: 'liquidation', scope: { exchanges: ['okx', 'bybit'], symbols: [] }, belowPercent: '10' },
};
const PAUSED: Alert = { ...ABOVE, id: 'alert-paused', paused: true };

const armedRows = () =>
  within(within(region()).getByRole('list', { name: 'Armed alerts' }))
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('span')].map((span) => span.textContent));

describe.each(THEMES)('in the %s theme', (theme) => {
  it('lists each armed alert: exchange, instrument, and the condition with its price and unit', async () => {
    const { container } = openPanel(
      resolves({ alerts: [ABOVE, LIQUIDATION, PAUSED], history: [] }),
      {},
      theme,
    );

    expect(await within(region()).findByText('2 active alerts.')).toBeDefined();
    expect(armedRows()).toEqual([
      ['OKX', 'BTC-USDT-SWAP', 'Last above 70,000.00 USDT'],
      ['OKX · Bybit', 'Every instrument', 'Liq. within 10 %'],
    ]);
    expect(within(region()).getByText('1 paused: resume it in Manage alerts.')).toBeDefined();
    await expectNoAxeViolations(container);
  });
});

it('removes an armed alert on a second click, and lists the alerts again', async () => {
  const user = userEvent.setup();
  const lists = [
    { alerts: [ABOVE, LIQUIDATION], history: [] },
    { alerts: [LIQUIDATION], history: [] },
  ];
  const { sent } = openPanel(() => Promise.resolve(lists.shift() ?? { alerts: [LIQUIDATION], history: [] }), {
    deleteAlert: resolves({ deleted: true }),
  });
  const remove = await within(region()).findByRole('button', {
    name: 'Remove: alert when OKX BTC-USDT-SWAP last price rises above 70,000.00',
  });

  await user.click(remove);
  expect(sent.filter(({ name }) => name === 'deleteAlert')).toEqual([]);
  await user.click(
    within(region()).getByRole('button', {
      name: 'Click again to confirm: alert when OKX BTC-USDT-SWAP last price rises above 70,000.00',
    }),
  );

  expect(sent.filter(({ name }) => name === 'deleteAlert')).toEqual([
    { name: 'deleteAlert', request: { id: 'alert-above' } },
  ]);
  expect(await within(region()).findByText('1 active alert.')).toBeDefined();
  expect(armedRows()).toEqual([['OKX · Bybit', 'Every instrument', 'Liq. within 10 %']]);
});

it('says on the row why an alert was not removed, and keeps it', async () => {
  const user = userEvent.setup();
  openPanel(resolves({ alerts: [ABOVE], history: [] }), {
    deleteAlert: rejects('BackgroundStoppedError', 'Perch is restarting.'),
  });
  const what = 'alert when OKX BTC-USDT-SWAP last price rises above 70,000.00';

  await user.click(await within(region()).findByRole('button', { name: `Remove: ${what}` }));
  await user.click(within(region()).getByRole('button', { name: `Click again to confirm: ${what}` }));

  expect(await within(region()).findByText('Not removed: Perch is restarting.')).toBeDefined();
  expect(armedRows()).toEqual([['OKX', 'BTC-USDT-SWAP', 'Last above 70,000.00 USDT']]);
  expect(within(region()).getByRole('button', { name: `Remove: ${what}` })).toBeDefined();
});
