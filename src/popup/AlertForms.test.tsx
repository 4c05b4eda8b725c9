import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert, AlertDraft } from '../contracts/alerts';
import type { PositionView } from '../contracts/portfolio';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { fakeBackground, OKX_BTC, OKX_BTC_LONG, rejects, resolves } from './popup-fakes.test-helper';
import { PositionRow } from './PositionRow';
import { createPopupStore } from './store';
import { WatchlistPanel } from './WatchlistPanel';

afterEach(cleanup);

const QUOTE = { ...OKX_BTC, last: '65000', mark: '65010', tickSize: '0.1', lotSize: '1', ts: 1 };
const LONG: PositionView = { ...OKX_BTC_LONG, markPrice: '60000', liquidationPrice: '50000' };

/** The background saves what it is sent, as the alert it would keep. */
const saving = (request: unknown) => {
  const { id, draft } = request as { id?: string; draft: AlertDraft };
  const alert: Alert = { ...draft, id: id ?? 'alert-1', createdAt: 1, paused: false };
  return Promise.resolve(alert);
};

type Answers = Parameters<typeof fakeBackground>[0];

/** The popup's watchlist and one position over a fake background, with OKX's BTC perpetual quoted. */
function openPopup(answers: Answers = {}) {
  const background = fakeBackground({
    listAlerts: resolves({ alerts: [], history: [] }),
    saveAlert: saving,
    ...answers,
  });
  const store = createPopupStore(background.client);
  act(() => {
    store.getState().applyHub({ type: 'snapshot', quotes: [QUOTE], status: [], watchlist: [OKX_BTC] });
  });
  const { container } = render(
    <>
      <WatchlistPanel store={store} />
      <ul>
        <PositionRow store={store} position={LONG} />
      </ul>
    </>,
  );
  const sent = (name: string) =>
    background.sent.filter((message) => message.name === name).map((m) => m.request);
  return { container, sent, store };
}

const form = (name: string) => screen.getByRole('form', { name });
const quoteForm = () => form('Alert for OKX BTC-USDT-SWAP perpetual');
/** The problem read with a field: what its aria-describedby names. */
const problemOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const field = (name: string) => within(document.body).getByRole<HTMLInputElement>('textbox', { name });

describe('an alert from a watchlist quote', () => {
  it('opens pre-filled 1 % above the last price on its tick, and 1 % below when asked', async () => {
    const user = userEvent.setup();
    const { container } = openPopup();
    const bell = screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await user.click(bell);

    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(field('Level').value).toBe('65650.0');
    expect(quoteForm().textContent).toContain(
      'When OKX BTC-USDT-SWAP last price rises above 65,650.0: once, silent.',
    );
    await expectNoAxeViolations(container);

    await user.selectOptions(within(quoteForm()).getByRole('combobox', { name: 'The price' }), 'falls below');
    expect(field('Level').value).toBe('64350.0');

    await user.selectOptions(
      within(quoteForm()).getByRole('combobox', { name: 'Alert when' }),
      'the price moves by a %',
    );
    expect(field('Move of at least, in % (up or down)').value).toBe('2');
    expect(field('Within, in minutes').value).toBe('15');
  });

  it('says what is wrong with a level as it is typed, and explains a level the price is already past', async () => {
    const user = userEvent.setup();
    const { sent } = openPopup();
    await user.click(screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' }));
    const level = field('Level');

    await user.clear(level);
    await user.type(level, '65,000');
    expect(level.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(level)).toBe(
      'The level must be a positive number, such as 65000, without commas or spaces.',
    );

    await user.clear(level);
    await user.type(level, '0');
    expect(problemOf(level)).toContain('must be a positive number');

    await user.click(within(quoteForm()).getByRole('button', { name: 'Save alert' }));
    expect(sent('saveAlert')).toEqual([]);

    await user.clear(level);
    await user.type(level, '64000');
    expect(level.getAttribute('aria-invalid')).toBeNull();
    expect(quoteForm().textContent).toContain(
      'BTC-USDT-SWAP on OKX is already above 64,000.0: the alert fires on the next cross up.',
    );
  });

  it('saves the alert as typed, says so in words, reads the list again, and updates it on a second save', async () => {
    const user = userEvent.setup();
    const { sent } = openPopup();
    await user.click(screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' }));
    await user.click(within(quoteForm()).getByRole('checkbox', { name: 'Play a sound' }));

    await user.click(within(quoteForm()).getByRole('button', { name: 'Save alert' }));

    const draft: AlertDraft = {
      condition: { kind: 'price', instrument: OKX_BTC, direction: 'above', level: '65650.0', source: 'last' },
      repeat: { mode: 'once' },
      sound: true,
    };
    expect(sent('saveAlert')).toEqual([{ draft }]);
    expect(
      await within(quoteForm()).findByText(
        'Alert set: When OKX BTC-USDT-SWAP last price rises above 65,650.0: once, with sound.',
      ),
    ).toBeDefined();
    expect(sent('listAlerts')).toHaveLength(1);

    await user.click(within(quoteForm()).getByRole('button', { name: 'Update alert' }));
    expect(sent('saveAlert')[1]).toEqual({ id: 'alert-1', draft });
  });

  it('shows the refusal in words and keeps what was typed', async () => {
    const user = userEvent.setup();
    openPopup({ saveAlert: rejects('VaultLockedError', 'Unlock Perch to set this alert.') });
    await user.click(screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' }));
    await user.clear(field('Level'));
    await user.type(field('Level'), '70000');

    await user.click(within(quoteForm()).getByRole('button', { name: 'Save alert' }));

    expect((await within(quoteForm()).findByRole('alert')).textContent).toBe(
      'Not set: Unlock Perch to set this alert.',
    );
    expect(field('Level').value).toBe('70000');
  });

  it('can be opened, filled and saved with the keyboard alone, and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    const { sent } = openPopup();
    const bell = screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' });
    while (document.activeElement !== bell) await user.tab();
    await user.keyboard('{Enter}');
    while (document.activeElement !== field('Level')) await user.tab();
    await user.keyboard('{Backspace>10/}66000');
    await user.tab(); // the price source
    await user.tab(); // how often
    await user.tab(); // sound
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement.textContent).toBe('Save alert');
    await user.keyboard('{Enter}');

    expect(sent('saveAlert')).toEqual([
      {
        draft: {
          condition: {
            kind: 'price',
            instrument: OKX_BTC,
            direction: 'above',
            level: '66000',
            source: 'last',
          },
          repeat: { mode: 'once' },
          sound: true,
        },
      },
    ]);
    await user.tab();
    expect(document.activeElement.textContent).toBe('Close');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(bell);
    expect(screen.queryByRole('form', { name: 'Alert for OKX BTC-USDT-SWAP perpetual' })).toBeNull();
  });
});

describe('an alert from a position', () => {
  const positionForm = () => form('Alert for OKX BTC-USDT-SWAP long');

  it('opens half way from the mark to liquidation on the mark price, and offers the account kinds', async () => {
    const user = userEvent.setup();
    const { container, sent } = openPopup();
    await user.click(screen.getByRole('button', { name: 'Details of OKX BTC-USDT-SWAP long' }));
    await user.click(screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP long' }));

    expect(within(positionForm()).getByRole<HTMLSelectElement>('combobox', { name: 'The price' }).value).toBe(
      'below',
    );
    expect(field('Level').value).toBe('55000.0');
    expect(within(positionForm()).getByRole<HTMLSelectElement>('combobox', { name: 'Watch the' }).value).toBe(
      'mark',
    );
    const kinds = within(positionForm()).getByRole('combobox', { name: 'Alert when' });
    expect([...kinds.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'the price crosses a level',
      'liquidation distance is under a %',
      'a stop or target fires',
      'a position closes',
    ]);
    await expectNoAxeViolations(container);

    await user.selectOptions(kinds, 'liquidation distance is under a %');
    expect(field('Distance to liquidation under, in % of the mark').value).toBe('10');
    expect(field('Cool-down between two, in minutes').value).toBe('5');
    await user.click(within(positionForm()).getByRole('button', { name: 'Save alert' }));

    expect(sent('saveAlert')).toEqual([
      {
        draft: {
          condition: {
            kind: 'liquidation',
            scope: { exchanges: ['okx'], symbols: ['BTC-USDT-SWAP'] },
            belowPercent: '10',
          },
          repeat: { mode: 'every', cooldownSeconds: 300 },
          sound: false,
        },
      },
    ]);
  });

  it('asks for a whole cool-down in range before saving', async () => {
    const user = userEvent.setup();
    const { sent } = openPopup();
    await user.click(screen.getByRole('button', { name: 'Details of OKX BTC-USDT-SWAP long' }));
    await user.click(screen.getByRole('button', { name: 'Alert for OKX BTC-USDT-SWAP long' }));
    await user.selectOptions(
      within(positionForm()).getByRole('combobox', { name: 'Alert when' }),
      'a position closes',
    );
    const cooldown = field('Cool-down between two, in minutes');
    expect(cooldown.value).toBe('0');

    await user.clear(cooldown);
    await user.type(cooldown, '2000');
    await user.click(within(positionForm()).getByRole('button', { name: 'Save alert' }));

    expect(sent('saveAlert')).toEqual([]);
    expect(document.activeElement).toBe(cooldown);
    expect(cooldown.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(cooldown)).toBe('The cool-down must be from 0 to 1440 minutes, such as 5.');
  });
});
