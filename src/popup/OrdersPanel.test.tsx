import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CancelAllResult, CancelResult, OrderView } from '../contracts/orders';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { OrdersPanel } from './OrdersPanel';
import { fakeBackground, rejects, resolves } from './popup-fakes.test-helper';
import { createPopupStore, type PopupStore } from './store';

afterEach(cleanup);

const NOW = 1_700_000_600_000;

const LIMIT: OrderView = {
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  kind: 'perpetual',
  source: 'order',
  id: '9001',
  side: 'buy',
  type: 'limit',
  price: '58000.5',
  size: '2',
  sizeUnit: 'contracts',
  filled: '0.5',
  reduceOnly: false,
  createdAt: NOW - 3 * 60_000,
  status: 'partially-filled',
};
const STOP: OrderView = {
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  kind: 'perpetual',
  source: 'leg',
  id: 'algo-1',
  role: 'stop',
  slot: 'one-way',
  side: 'sell',
  type: 'stop',
  trigger: '55000',
  triggerBy: 'mark',
  reduceOnly: true,
  status: 'waiting',
};
const BYBIT: OrderView = {
  exchange: 'bybit',
  symbol: 'ETHUSDT',
  source: 'order',
  id: 'b-1',
  side: 'sell',
  type: 'limit',
  price: '3500',
  size: '0.25',
  sizeUnit: 'base',
  filled: '0',
  reduceOnly: true,
  status: 'open',
};

function showOrders(store: PopupStore, orders: OrderView[]) {
  act(() => {
    store.getState().applyHub({ type: 'changes', quotes: [], status: [], account: { orders } });
  });
}

function openPanel(answers: Parameters<typeof fakeBackground>[0] = {}, orders = [LIMIT, STOP, BYBIT]) {
  const background = fakeBackground(answers);
  const store = createPopupStore(background.client);
  store.setState({ vault: { kind: 'unlocked' } });
  showOrders(store, orders);
  const { container } = render(<OrdersPanel store={store} now={() => NOW} />);
  const sent = (name: string) => background.sent.filter((message) => message.name === name);
  return { container, store, sent };
}

/** A promise the test settles: the background's answer after the stream showed the cancel. */
function later<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { answer: () => promise, settle };
}

const okx = () => screen.getByRole('region', { name: 'OKX open orders' });
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-order-id="${id}"]`);

describe('the open orders panel', () => {
  it('groups both exchanges by instrument, with units, filled, reduce-only and age', async () => {
    const { container } = openPanel();
    expect(within(okx()).getByRole('heading', { name: 'BTC-USDT-SWAP' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Bybit open orders' })).getByRole('heading', {
        name: 'ETHUSDT',
      }),
    ).toBeTruthy();
    const limit = rowOf('9001');
    expect(limit?.textContent).toContain('Buy');
    expect(limit?.textContent).toContain('at 58,000.50 USDT');
    expect(limit?.textContent).toContain('2 ct, 0.5 filled');
    expect(limit?.textContent).toContain('3 min');
    const stop = rowOf('algo-1');
    expect(stop?.textContent).toContain('trigger 55,000.00 USDT (mark)');
    expect(stop?.textContent).toContain('whole position');
    expect(stop?.querySelector('abbr[title="reduce-only"]')).not.toBeNull();
    expect(rowOf('b-1')?.textContent).toContain('0.25 ETH');
    // An order the exchange gave no time for shows no age, not "0 s".
    expect(rowOf('b-1')?.querySelector('.perch-order-age')?.textContent).toBe('');
    await expectNoAxeViolations(container);
  });

  it('says so when nothing rests', () => {
    openPanel({}, []);
    expect(screen.getByText('No open orders.')).toBeTruthy();
  });

  it('cancels one order with one click and shows "cancelling…" until the stream confirmed it', async () => {
    const cancel = later<CancelResult>();
    const { sent, store } = openPanel({ cancelOrder: cancel.answer });
    await userEvent.click(
      within(rowOf('9001') ?? document.body).getByRole('button', { name: /^Cancel buy/ }),
    );
    expect(sent('cancelOrder')[0]?.request).toEqual({
      exchange: 'okx',
      instrument: { symbol: 'BTC-USDT-SWAP', kind: 'perpetual' },
      source: 'order',
      id: '9001',
    });
    expect(rowOf('9001')?.querySelector('button')?.textContent).toBe('Cancelling…');
    await act(async () => {
      cancel.settle({ status: 'cancelled', message: 'The order 9001 on OKX BTC-USDT-SWAP is cancelled.' });
      await Promise.resolve();
    });
    showOrders(store, [STOP, BYBIT]);
    expect(rowOf('9001')).toBeNull();
    expect(screen.getByText('The order 9001 on OKX BTC-USDT-SWAP is cancelled.')).toBeTruthy();
  });

  it("cancels a stop as its position's leg, and says when it fired first", async () => {
    const { sent } = openPanel({
      cancelOrder: resolves({
        status: 'filled',
        message: 'The stop on OKX BTC-USDT-SWAP fired before the cancel reached it.',
      } satisfies CancelResult),
    });
    await userEvent.click(within(rowOf('algo-1') ?? document.body).getByRole('button', { name: /^Cancel/ }));
    expect(sent('cancelOrder')[0]?.request).toEqual({
      exchange: 'okx',
      instrument: { symbol: 'BTC-USDT-SWAP', kind: 'perpetual' },
      source: 'leg',
      id: 'algo-1',
      role: 'stop',
      slot: 'one-way',
    });
    const said = await screen.findByText('The stop on OKX BTC-USDT-SWAP fired before the cancel reached it.');
    expect(said.className).toContain('perch-problem');
  });

  it("shows a refusal in the background's words", async () => {
    openPanel({ cancelOrder: rejects('ExchangeNotConnectedError', 'Bybit is turned off.') });
    await userEvent.click(within(rowOf('b-1') ?? document.body).getByRole('button', { name: /^Cancel/ }));
    expect(await screen.findByText('Bybit is turned off.')).toBeTruthy();
  });

  it("cancels an instrument's orders only on a second click", async () => {
    const all = later<CancelAllResult>();
    const { sent } = openPanel({ cancelAllOrders: all.answer });
    const button = within(okx()).getByRole('button', {
      name: /^Cancel all: every order on OKX BTC-USDT-SWAP/,
    });
    await userEvent.click(button);
    expect(sent('cancelAllOrders')).toEqual([]);
    expect(button.textContent).toBe('Click again to confirm');
    await userEvent.click(button);
    expect(sent('cancelAllOrders')[0]?.request).toEqual({
      exchange: 'okx',
      instrument: { symbol: 'BTC-USDT-SWAP', kind: 'perpetual' },
    });
    // Every row under it is being cancelled.
    expect(rowOf('9001')?.querySelector('button')?.textContent).toBe('Cancelling…');
    expect(rowOf('algo-1')?.querySelector('button')?.textContent).toBe('Cancelling…');
    expect(rowOf('b-1')?.querySelector('button')?.textContent).toBe('Cancel');
    await act(async () => {
      all.settle({
        cancelled: 2,
        filled: 0,
        refused: 0,
        unconfirmed: 0,
        message: 'OKX BTC-USDT-SWAP: 2 orders cancelled.',
      });
      await Promise.resolve();
    });
    expect(screen.getByText('OKX BTC-USDT-SWAP: 2 orders cancelled.')).toBeTruthy();
  });

  it("cancels an exchange's orders on a second click", async () => {
    const { sent } = openPanel({
      cancelAllOrders: resolves({
        cancelled: 1,
        filled: 0,
        refused: 0,
        unconfirmed: 0,
        message: 'Bybit: 1 order cancelled.',
      } satisfies CancelAllResult),
    });
    const button = screen.getByRole('button', { name: /^Cancel all on Bybit: every open order on Bybit/ });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(sent('cancelAllOrders')[0]?.request).toEqual({ exchange: 'bybit' });
    expect(await screen.findByText('Bybit: 1 order cancelled.')).toBeTruthy();
  });
});
