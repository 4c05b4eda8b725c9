import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import type { PositionView, ProtectionView } from '../contracts/portfolio';
import type { ProtectionResult } from '../contracts/protection';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { fakeBackground, OKX_BTC, OKX_BTC_LONG, resolves } from './popup-fakes.test-helper';
import { PositionRow } from './PositionRow';
import { createPopupStore, type PopupStore } from './store';

afterEach(cleanup);

const UNPROTECTED: ProtectionView = { legs: [], status: 'unprotected', words: 'unprotected' };

/** A long of 3 contracts at 60,000, marked at 67,000.1, liquidated at 52,000.5. */
const LONG: PositionView = {
  ...OKX_BTC_LONG,
  entryPrice: '60000',
  markPrice: '67000.1',
  liquidationPrice: '52000.5',
  sizeCoin: '0.03',
  settleCoin: 'USDT',
  protection: UNPROTECTED,
};

const STOP = { id: 'algo-1', role: 'stop', triggerPrice: '61250', triggerBy: 'mark' } as const;
const TARGET = { id: 'algo-2', role: 'target', triggerPrice: '70000', triggerBy: 'mark' } as const;

const SENT: ProtectionResult = {
  status: 'sent',
  actionId: 'a1',
  message: 'The stop at 61250 for the BTC-USDT-SWAP long on OKX: sent; waiting for OKX to confirm.',
};

function showPositions(store: PopupStore, positions: PositionView[]) {
  act(() => {
    store.getState().applyHub({
      type: 'changes',
      quotes: [{ ...OKX_BTC, last: '67000.1', tickSize: '0.1', lotSize: '1', minSize: '1', ts: 1 }],
      status: [],
      account: { positions },
    });
  });
}

/** One position row on a fake background; `answers` answer the protection messages. */
function openRow(answers: Parameters<typeof fakeBackground>[0] = {}, position: PositionView = LONG) {
  const background = fakeBackground(answers);
  const store = createPopupStore(background.client);
  store.setState({ vault: { kind: 'unlocked' } });
  showPositions(store, [position]);
  const { container } = render(
    <ul>
      <PositionRowFromStore store={store} />
    </ul>,
  );
  const sent = (name: string) => background.sent.filter((message) => message.name === name);
  return { container, store, background, sent };
}

/** The row as the store holds it now, as PositionsPanel renders it. */
function PositionRowFromStore({ store }: { store: PopupStore }) {
  const position = useStore(store, (state) => state.account.positions?.[0]);
  return position === undefined ? null : <PositionRow store={store} position={position} />;
}

/** What the row says is on its way. */
const underway = () => document.querySelector('.perch-protection [aria-live]')?.textContent;

async function openPanel() {
  await userEvent.click(screen.getByRole('button', { name: 'Details of OKX BTC-USDT-SWAP long' }));
  await userEvent.click(screen.getByRole('button', { name: 'Protect OKX BTC-USDT-SWAP long' }));
}

const stopForm = () => screen.getByRole('group', { name: /^Stop/ });

async function typeStop(price: string) {
  await userEvent.type(within(stopForm()).getByLabelText('Stop price'), price);
}

describe('a position’s protection in the popup', () => {
  it.each([
    ['Unprotected', true, UNPROTECTED],
    [
      'Stop 61,250.0 · Target 70,000.0',
      false,
      { legs: [STOP, TARGET], status: 'stop-set', words: 'stop set' },
    ],
    [
      'Stop beyond liquidation · Stop 50,000.0',
      true,
      { legs: [{ ...STOP, triggerPrice: '50000' }], status: 'stop-beyond-liquidation', words: '' },
    ],
    [
      'Breakeven · Stop 60,000.0',
      false,
      { legs: [{ ...STOP, triggerPrice: '60000' }], status: 'breakeven', words: '' },
    ],
  ] as const)('says "%s" (warning tone: %s)', (words, warn, protection) => {
    openRow({}, { ...LONG, protection: { ...protection, legs: [...protection.legs] } });

    const line = document.querySelector<HTMLElement>('.perch-protection');
    const status = within(line!).getByText(words);
    expect(status.className.includes('perch-warning')).toBe(warn);
    // The row's pill says it in a word, tinted as a warning when no stop can fire.
    const pill = document.querySelector('.perch-row-status .perch-pill');
    expect(['warning', 'danger'].includes(pill?.getAttribute('data-tone') ?? '')).toBe(warn);
  });

  it('rounds a typed stop to the tick size, says so, and sends the rounded price with the row as seen', async () => {
    const { sent } = openRow({ setProtection: resolves(SENT) });
    await openPanel();

    await typeStop('61250.04');

    expect(
      screen.getByText('Sets the stop at 61,250.0. Rounded to 61250: prices move in steps of 0.1.'),
    ).toBeDefined();
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));
    expect(sent('setProtection').map(({ request }) => request)).toEqual([
      {
        exchange: 'okx',
        instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
        slot: 'one-way',
        seen: { side: 'long', sizeContracts: '3' },
        role: 'stop',
        triggerPrice: '61250',
        triggerBy: 'mark',
      },
    ]);
  });

  it('turns a distance in % from the entry into a price', async () => {
    const { sent } = openRow({ setProtection: resolves(SENT) });
    await openPanel();

    await userEvent.selectOptions(within(stopForm()).getByLabelText('By'), '% from entry');
    await userEvent.type(within(stopForm()).getByLabelText('Stop distance from the entry, in %'), '5');
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('setProtection').map(({ request }) => request)).toMatchObject([{ triggerPrice: '57000' }]);
  });

  it('refuses a stop on the wrong side of the mark in words and sends nothing', async () => {
    const { background } = openRow({ setProtection: resolves(SENT) });
    await openPanel();

    await typeStop('68000');
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));

    expect(within(stopForm()).getByRole('alert').textContent).toBe(
      'A stop on a long must be below the mark price (67000.1); 68000 is not. Nothing is sent.',
    );
    expect(background.sent).toEqual([]);
  });

  it('warns of a stop beyond liquidation in words and sends it only on a second press', async () => {
    const { sent } = openRow({ setProtection: resolves(SENT) });
    await openPanel();

    await typeStop('52000');
    expect(within(stopForm()).getByRole('alert').textContent).toContain(
      'This stop (52000) is beyond the liquidation price (52000.5): the position would be liquidated before it fires.',
    );
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));
    expect(sent('setProtection')).toEqual([]);

    await userEvent.click(
      within(stopForm()).getByRole('button', { name: 'Confirm stop beyond liquidation' }),
    );
    expect(sent('setProtection').map(({ request }) => request)).toMatchObject([{ triggerPrice: '52000' }]);
  });

  it('closes 50 % as the size rounded down to the lot size', async () => {
    const { sent } = openRow({ closePart: resolves({ ...SENT, message: 'Closing 1: sent.' }) });
    await openPanel();

    await userEvent.click(screen.getByRole('button', { name: '50 %' }));

    expect(sent('closePart').map(({ request }) => request)).toMatchObject([{ part: { size: '1' } }]);
    expect(await screen.findByText('Closing 1: sent.')).toBeDefined();
  });

  it('refuses a part below the minimum order or above the position in words, sending nothing', async () => {
    const { background } = openRow({ closePart: resolves(SENT) });
    await openPanel();

    await userEvent.click(screen.getByRole('button', { name: '25 %' }));
    expect(screen.getByRole('alert').textContent).toBe(
      '0 is below the smallest order this market takes (1); close more, or close the whole position. Nothing is sent.',
    );

    await userEvent.type(screen.getByLabelText('Size to close'), '5');
    expect(screen.getByRole('alert').textContent).toBe(
      '5 is more than the position (3); type a smaller size. Nothing is sent.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close size' }));
    expect(background.sent).toEqual([]);
  });

  it('shows the action pending, then sent, and confirmed only once the stream shows the stop', async () => {
    let answer: (result: ProtectionResult) => void = () => undefined;
    const { store } = openRow({
      setProtection: () => new Promise((resolve) => (answer = resolve)),
    });
    await openPanel();
    await typeStop('61250');
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));

    expect(within(stopForm()).getByRole('button', { name: 'Setting stop…' })).toHaveProperty(
      'disabled',
      true,
    );
    await act(async () => {
      answer(SENT);
      await Promise.resolve();
    });
    expect(screen.getByText(SENT.message)).toBeDefined();
    expect(underway()).toBe(' · Stop sent; waiting for OKX to confirm…');

    // A push that does not show the stop yet changes nothing.
    showPositions(store, [LONG]);
    expect(underway()).toBe(' · Stop sent; waiting for OKX to confirm…');

    showPositions(store, [{ ...LONG, protection: { legs: [STOP], status: 'stop-set', words: 'stop set' } }]);
    expect(screen.getByText('Stop confirmed by OKX.')).toBeDefined();
    expect(underway()).toBe('');
    expect(
      screen.getAllByText('Stop 61,250.0').map((words) => words.closest('.perch-protection') !== null),
    ).toContain(true);
  });

  it('shows a refusal in words under the row and lets the trader try again', async () => {
    const message =
      'OKX refused the stop for the BTC-USDT-SWAP long: "Trigger price too close". Nothing was changed.';
    openRow({ setProtection: resolves({ status: 'refused', message }) });
    await openPanel();

    await typeStop('61250');
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Set stop' }));

    const notice = await screen.findByText(message);
    expect(notice.className).toContain('perch-problem');
    expect(within(stopForm()).getByRole('button', { name: 'Set stop' })).toHaveProperty('disabled', false);
  });

  it('moves and cancels a waiting leg; breakeven waits while a stop change is on its way', async () => {
    const { sent } = openRow(
      {
        moveProtection: resolves(SENT),
        cancelProtection: resolves(SENT),
        moveStopToBreakeven: resolves(SENT),
      },
      { ...LONG, protection: { legs: [STOP, TARGET], status: 'stop-set', words: 'stop set' } },
    );
    await openPanel();

    await userEvent.type(within(stopForm()).getByLabelText('Stop price'), '62000');
    await userEvent.click(within(stopForm()).getByRole('button', { name: 'Move stop' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel Target 70,000.0 on OKX BTC-USDT-SWAP long' }),
    );

    expect(sent('moveProtection').map(({ request }) => request)).toMatchObject([
      { legId: 'algo-1', triggerPrice: '62000' },
    ]);
    expect(sent('cancelProtection').map(({ request }) => request)).toMatchObject([{ legId: 'algo-2' }]);
    // The stop's move is still waiting for the stream: breakeven, a stop too, waits its turn.
    const stopButtons = screen.getAllByRole('button', { name: 'Stop sent; waiting for OKX to confirm…' });
    expect(stopButtons.map((button) => button.hasAttribute('disabled'))).toEqual([true, true]);
  });

  it('works by keyboard alone and has no accessibility violations', async () => {
    const { container, sent } = openRow({
      moveStopToBreakeven: resolves(SENT),
      setProtection: resolves(SENT),
    });

    // Details, then Close; Enter on Details opens them, and the Protect toggle follows the row's answer line.
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Details of OKX BTC-USDT-SWAP long' }),
    );
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Protect OKX BTC-USDT-SWAP long' });
    expect(document.activeElement).toBe(toggle);
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(stopForm()).getByLabelText('Stop price'));
    await userEvent.keyboard('61250{Enter}');
    expect(sent('setProtection')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('sends breakeven by Space', async () => {
    const { sent } = openRow({ moveStopToBreakeven: resolves(SENT) });
    await openPanel();

    screen.getByRole('button', { name: 'Breakeven' }).focus();
    await userEvent.keyboard(' ');

    expect(sent('moveStopToBreakeven')).toHaveLength(1);
  });
});
