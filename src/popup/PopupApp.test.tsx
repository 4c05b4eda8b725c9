import { openEarlyHub } from '../platform/early-hub';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageName } from '../contracts';
import type { PositionView } from '../contracts/portfolio';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { followLiveQuotes } from './live-quotes';
import {
  fakeBackground,
  fakeHubPort,
  OKX_BTC,
  OKX_BTC_LONG,
  rejects,
  resolves,
} from './popup-fakes.test-helper';
import { PopupApp } from './PopupApp';
import { createPopupStore, TICK_FLASH_MS } from './store';
import { HOLD_MS } from '../ui/use-hold-to-confirm';
import { panelId } from '../ui/TabBar';
import type { AfterPaint } from '../ui/use-painted';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const KEYS = [
  { exchange: 'okx', maskedKey: 'ab12…yz89' },
  { exchange: 'bybit', maskedKey: 'cd34…wx67' },
];
const WATCHLIST = [
  { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', contractType: 'linear' },
  { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' },
];
const SIMULATOR = {
  endpoint: { environment: 'simulator', restUrl: 'http://127.0.0.1:8765/', wsUrl: 'ws://127.0.0.1:8765/' },
  exchanges: [],
};

const OKX_LONG: PositionView = {
  ...OKX_BTC_LONG,
  entryPrice: '60000',
  sizeCoin: '0.03',
  markPrice: '67000.1',
  liquidationPrice: '52000.5',
  leverage: '10',
  marginMode: 'cross',
  pnl: 210.03,
  pnlUsd: 210.03,
  pnlPercent: 116.68,
  notionalUsd: 2010,
};
const BYBIT_ETH: PositionView = {
  exchange: 'bybit',
  symbol: 'ETHUSDT',
  kind: 'perpetual',
  side: 'short',
  slot: 'one-way',
  sizeContracts: '1.5',
  sizeCoin: '1.5',
  entryPrice: '3500',
  markPrice: '3600',
  // Cannot be liquidated by price (OKX and Bybit estimates can come out at 0).
  liquidationPrice: '0',
  leverage: '5',
  marginMode: 'isolated',
  pnl: -150,
  pnlUsd: -150,
  pnlPercent: -14.29,
  pnlSource: 'mark',
  notionalUsd: 5400,
};

const LIVE = { state: 'live', stale: false, dataAgeMs: 400 } as const;

function hubSnapshot(positions: PositionView[]) {
  return {
    type: 'snapshot',
    quotes: [
      {
        ...OKX_BTC,
        last: '67000.1',
        bid: '67000',
        ask: '67000.2',
        open24h: '66000',
        tickSize: '0.1',
        lotSize: '0.01',
        ts: 1,
      },
      {
        exchange: 'bybit',
        kind: 'perpetual',
        symbol: 'ETHUSDT',
        last: '3600',
        open24h: '3700',
        tickSize: '0.01',
        lotSize: '0.001',
        ts: 1,
      },
    ],
    status: [
      { exchange: 'okx', ...LIVE },
      { exchange: 'bybit', ...LIVE },
    ],
    account: {
      positions,
      totals: { pnlUsd: { okx: 210.03, bybit: -150 }, overallPnlUsd: 60.03 },
      freshness: [
        { exchange: 'okx', restored: false, stale: false, positionsKnown: true },
        { exchange: 'bybit', restored: false, stale: false, positionsKnown: true },
      ],
    },
  };
}

type Answers = Parameters<typeof fakeBackground>[0];

/** The popup on a fake background and hub port; `vault` is what vaultStatus says. */
function openPopup(answers: Answers = {}, options: { development?: boolean; afterPaint?: AfterPaint } = {}) {
  const background = fakeBackground({
    vaultStatus: resolves({ state: 'unlocked', autoLockMinutes: 15, credentials: KEYS }),
    getWatchlist: resolves({ instruments: WATCHLIST }),
    readSettings: rejects('InternalError', 'This is not available yet.'),
    marketStatus: resolves(SIMULATOR),
    ...answers,
  });
  const store = createPopupStore(background.client);
  const hub = fakeHubPort();
  followLiveQuotes(store, openEarlyHub(hub.connect));
  const onOpenOptions = vi.fn();
  const { container } = render(
    <PopupApp
      store={store}
      onOpenOptions={onOpenOptions}
      development={options.development ?? false}
      {...(options.afterPaint === undefined ? {} : { afterPaint: options.afterPaint })}
    />,
  );
  const push = (message: unknown) => {
    act(() => {
      hub.push(message);
    });
  };
  const sentNames = (): MessageName[] => background.sent.map(({ name }) => name);
  return { container, store, hub, push, onOpenOptions, background, sentNames };
}

const positionsRegion = () => screen.getByRole('region', { name: 'Positions' });
const positionRows = () => within(positionsRegion()).queryAllByRole('listitem');
/** The watchlist's rows, read while its tab is hidden behind Positions (the panels stay mounted). */
const quoteRow = (symbol: string) =>
  within(screen.getByRole('region', { name: 'Watchlist', hidden: true }))
    .getAllByRole('listitem', { hidden: true })
    .find((row) => row.dataset.symbol === symbol);

/** Waits for the watchlist and the (unlocked, still empty) positions to show. */
async function loaded() {
  await within(await screen.findByRole('region', { name: 'Watchlist', hidden: true })).findByRole('list', {
    hidden: true,
  });
  await screen.findByText('Loading positions…');
}

/** The page's first paint, held until the test lets it happen. */
function heldPaint() {
  const waiting: (() => void)[] = [];
  const afterPaint: AfterPaint = (run) => {
    waiting.push(run);
    return () => undefined;
  };
  const paint = () => {
    act(() => {
      for (const run of waiting.splice(0)) run();
    });
  };
  return { afterPaint, paint };
}

/** A tab's panel, shown or hidden. */
const tabPanel = (tab: string) => {
  const panel = document.getElementById(panelId('perch-popup', tab.toLowerCase()));
  if (panel === null) throw new Error(`no ${tab} panel`);
  return panel;
};

describe('the popup', () => {
  it('renders the screen the trader sees and the watchlist first, the hidden Orders and Alerts after the first paint', async () => {
    const { afterPaint, paint } = heldPaint();
    const { push } = openPopup({}, { afterPaint });
    await loaded();
    push(hubSnapshot([OKX_LONG]));

    expect(quoteRow('BTC-USDT-SWAP')?.querySelector('[data-field="last"]')?.textContent).toBe('67,000.1');
    expect(tabPanel('Orders').childElementCount).toBe(0);
    expect(tabPanel('Alerts').childElementCount).toBe(0);
    paint();
    expect(
      within(tabPanel('Orders')).getByRole('heading', { name: 'Open orders', hidden: true }),
    ).toBeDefined();
    expect(within(tabPanel('Alerts')).getByRole('heading', { name: 'Alerts', hidden: true })).toBeDefined();
  });

  it('shows a hidden tab chosen before the first paint at once', async () => {
    const { afterPaint } = heldPaint();
    openPopup({}, { afterPaint });
    await loaded();

    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));

    expect(within(tabPanel('Orders')).getByRole('heading', { name: 'Open orders' })).toBeDefined();
  });

  it('says it is loading until the background answers', async () => {
    const { container } = openPopup({
      vaultStatus: () => new Promise(() => undefined),
      getWatchlist: () => new Promise(() => undefined),
    });

    expect(within(positionsRegion()).getByText('Loading…')).toBeDefined();
    expect(screen.getByText('Loading the watchlist…')).toBeDefined();
    expect(screen.getAllByText('connecting')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it('leads a trader with no keys to the settings, and in development to the demo chart', async () => {
    const { container, onOpenOptions } = openPopup(
      { vaultStatus: resolves({ state: 'not-set-up', autoLockMinutes: 15, credentials: [] }) },
      { development: true },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Open settings' }));

    expect(onOpenOptions).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: "Open the simulator's demo chart" }).getAttribute('href')).toBe(
      'http://127.0.0.1:8765/demo/chart?symbol=BYBIT:BTCUSDT.P',
    );
    await expectNoAxeViolations(container);
  });

  it('opens at the close-everything confirmation when its shortcut opened it, once', async () => {
    const { store } = openPopup({ takePopupIntent: resolves({ intent: 'close-everything' }) });

    const ask = await screen.findByRole('group', { name: 'Confirm close everything' });
    expect(within(ask).getByText(/Close every position on OKX and Bybit/)).toBeDefined();
    expect(store.getState().intent).toBeUndefined();
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep everything' }));
    expect(screen.queryByRole('group', { name: 'Confirm close everything' })).toBeNull();
  });

  it('links to no demo chart outside development builds', async () => {
    openPopup({ vaultStatus: resolves({ state: 'unlocked', autoLockMinutes: 15, credentials: [] }) });

    await screen.findByRole('button', { name: 'Open settings' });

    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows live quotes by tick size with the 24h change, and both exchanges’ positions largest first with the total', async () => {
    const { container, push } = openPopup();
    await loaded();

    push(hubSnapshot([OKX_LONG, BYBIT_ETH]));

    const btc = quoteRow('BTC-USDT-SWAP');
    expect(within(btc!).getByText('67,000.1')).toBeDefined();
    expect(within(btc!).getByText('+1.52%').className).toContain('perch-up');
    expect(within(btc!).getByText('Bid 67,000.0 · Ask 67,000.2')).toBeDefined();
    expect(within(quoteRow('ETHUSDT')!).getByText('-2.70%').className).toContain('perch-down');

    const rows = positionRows();
    expect(rows.map((row) => row.dataset.symbol)).toEqual(['ETHUSDT', 'BTC-USDT-SWAP']);
    const [eth, okx] = rows;
    expect(within(eth!).getByText('Short · 5x · isolated')).toBeDefined();
    expect(within(eth!).getByText('1.500')).toBeDefined();
    expect(within(eth!).getByText('ETH')).toBeDefined();
    const noLiquidation = within(eth!).getByText('no liq. price');
    expect(noLiquidation.closest('[title]')?.getAttribute('title')).toMatch(
      /^Bybit states no liquidation price/,
    );
    expect(within(eth!).getByText('-150.00 USD').className).toContain('perch-down');
    expect(within(eth!).getByText('-14.29%')).toBeDefined();
    expect(within(okx!).getByText('Long · 10x · cross')).toBeDefined();
    expect(within(okx!).getByText('3.00').textContent).toBe('3.00cont.0.03\u00a0BTC · 2,010\u00a0USD');
    expect(within(okx!).getByText(/^60,000(\.0)? → 67,000\.1$/)).toBeDefined();
    expect(within(okx!).getByText('Liq.').nextElementSibling?.textContent).toBe('52,000.5');
    expect(within(okx!).getByText('+210.03 USD').className).toContain('perch-up');
    const total = screen.getByText('Unrealised PnL').nextElementSibling?.firstElementChild;
    expect(total?.textContent).toBe('+60.03 USD');
    expect(total?.className).toContain('perch-up');
    expect(screen.getAllByText('live · 0.4 s')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it('marks what the e2e page objects read with data attributes, not styling classes', async () => {
    const { push } = openPopup();
    await loaded();
    push(hubSnapshot([OKX_LONG]));

    const field = (row: Element | null | undefined, name: string) =>
      row?.querySelector(`[data-field="${name}"]`)?.textContent;
    const btc = quoteRow('BTC-USDT-SWAP');
    expect([field(btc, 'last'), field(btc, 'change')]).toEqual(['67,000.1', '+1.52%']);
    const [okx] = positionRows();
    expect(field(okx, 'details')).toBe('Long · 10x · cross');
    expect(field(okx, 'pnl')).toMatch(/^\+210\.03 USD/);
    expect(field(okx, 'notice')).toBe('');
    // The protection pill leads the row's actions, beside Details and Close.
    const close = within(okx!).getByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' });
    expect(close.parentElement?.textContent).toMatch(/^(Unprotected|Checking|Protected)/);
  });

  it('keeps apart the instruments an exchange names alike: each row its own kind and price', async () => {
    const alike = [
      { exchange: 'bybit', kind: 'spot', symbol: 'BTCUSDT' },
      { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
      { exchange: 'okx', kind: 'spot', symbol: 'BTC-USDT' },
      { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP', contractType: 'linear' },
    ] as const;
    const quote = (index: number, last: string) => {
      const { exchange, kind, symbol } = alike[index]!;
      return { exchange, kind, symbol, last, tickSize: '0.1', ts: 1 };
    };
    const { push } = openPopup({ getWatchlist: resolves({ instruments: alike }) });
    await loaded();
    await userEvent.click(screen.getByRole('tab', { name: 'Watchlist' }));
    const shown = () =>
      within(screen.getByRole('region', { name: 'Watchlist' }))
        .getAllByRole('listitem')
        .map((row) => [
          row.querySelector('.perch-exchange')?.textContent,
          row.querySelector('.perch-symbol')?.textContent,
          row.querySelector('.perch-price')?.textContent,
        ]);

    push({
      type: 'snapshot',
      quotes: [quote(0, '64000.1'), quote(1, '64010.5'), quote(2, '64001.2'), quote(3, '64012.3')],
      status: [],
    });
    push({ type: 'changes', quotes: [quote(0, '63990.4')], status: [] });

    expect(shown()).toEqual([
      ['Bybit', 'BTCUSDT spot', '63,990.4'],
      ['Bybit', 'BTCUSDT perpetual', '64,010.5'],
      ['OKX', 'BTC-USDT spot', '64,001.2'],
      ['OKX', 'BTC-USDT-SWAP perpetual', '64,012.3'],
    ]);
  });

  it('flashes a price that ticked up, then lets it rest', async () => {
    vi.useFakeTimers();
    const { push } = openPopup();
    await act(() => vi.runOnlyPendingTimersAsync());
    push(hubSnapshot([]));

    push({
      type: 'changes',
      quotes: [{ ...OKX_BTC, last: '67000.5', ts: 2 }],
      status: [],
    });

    const price = within(quoteRow('BTC-USDT-SWAP')!).getByText('67,000.5');
    expect(price.className).toContain('perch-tick-up');
    act(() => {
      vi.advanceTimersByTime(TICK_FLASH_MS);
    });
    expect(price.className).not.toContain('perch-tick');
  });

  it('marks a stale connection, its quotes and its positions as stale, never live', async () => {
    const { container, push } = openPopup();
    await loaded();
    push(hubSnapshot([OKX_LONG, BYBIT_ETH]));

    push({
      type: 'changes',
      quotes: [],
      status: [{ exchange: 'okx', state: 'live', stale: true, dataAgeMs: 42_000 }],
      account: { freshness: [{ exchange: 'bybit', restored: true, stale: false, positionsKnown: true }] },
    });

    const okxConnection = within(screen.getByRole('region', { name: 'Connection' }))
      .getAllByRole('listitem')
      .find((item) => item.dataset.exchange === 'okx');
    expect(within(okxConnection!).getByText('stale · 42 s')).toBeDefined();
    expect(quoteRow('BTC-USDT-SWAP')!.className).toContain('perch-stale');
    expect(within(quoteRow('BTC-USDT-SWAP')!).getByText('stale')).toBeDefined();
    expect(quoteRow('ETHUSDT')!.className).not.toContain('perch-stale');
    // OKX's stream is stale; Bybit's positions are still the snapshot restored after a restart.
    expect(positionRows().map((row) => within(row).queryByText('stale') !== null)).toEqual([true, true]);
    await expectNoAxeViolations(container);
  });

  describe('first paint after the worker stopped', () => {
    const freshness = (known: boolean, restored: boolean) =>
      (['okx', 'bybit'] as const).map((exchange) => ({
        exchange,
        restored,
        stale: false,
        positionsKnown: known,
      }));
    const closeButtons = () => within(positionsRegion()).queryAllByRole('button', { name: /^Close / });

    it('says it is checking, never "No open positions.", while neither exchange has listed its positions', async () => {
      const { container, push } = openPopup();
      await loaded();

      push({ ...hubSnapshot([]), account: { positions: [], freshness: freshness(false, false) } });

      expect(within(positionsRegion()).queryByText('No open positions.')).toBeNull();
      expect(within(positionsRegion()).getByText('Checking positions with OKX and Bybit…')).toBeDefined();
      await expectNoAxeViolations(container);
    });

    it('paints both exchanges’ kept positions marked stale, offers no close until each exchange confirms its own', async () => {
      const { container, push } = openPopup();
      await loaded();

      push({
        ...hubSnapshot([OKX_LONG, BYBIT_ETH]),
        account: { positions: [OKX_LONG, BYBIT_ETH], freshness: freshness(true, true) },
      });

      expect(positionRows().map((row) => row.dataset.exchange)).toEqual(['bybit', 'okx']);
      expect(positionRows().every((row) => within(row).queryByText('stale') !== null)).toBe(true);
      expect(closeButtons()).toEqual([]);
      expect(within(positionsRegion()).getByText('Checking positions with OKX and Bybit…')).toBeDefined();
      expect(
        within(positionRows()[1]!).getByText(/Kept from before Perch restarted; checking it with OKX/),
      ).toBeDefined();
      await expectNoAxeViolations(container);

      // OKX lists its positions: its row is live again with its Close; Bybit's is still the kept one.
      push({
        type: 'changes',
        quotes: [],
        status: [],
        account: {
          freshness: [
            { exchange: 'okx', restored: false, stale: false, positionsKnown: true },
            { exchange: 'bybit', restored: true, stale: false, positionsKnown: true },
          ],
        },
      });
      expect(closeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Close OKX BTC-USDT-SWAP long',
      ]);
      expect(within(positionsRegion()).getByText('Checking positions with Bybit…')).toBeDefined();

      // Bybit's listing drops the position closed before the stop: nothing is left, and now that is known.
      push({
        type: 'changes',
        quotes: [],
        status: [],
        account: { positions: [], freshness: freshness(true, false) },
      });
      expect(positionRows()).toEqual([]);
      expect(within(positionsRegion()).getByText('No open positions.')).toBeDefined();
    });
  });

  it('names what is wrong with an exchange that is down', async () => {
    const { push } = openPopup({
      marketStatus: resolves({
        ...SIMULATOR,
        exchanges: [
          { exchange: 'bybit', symbol: 'BTCUSDT', problem: 'Cannot reach Bybit: nothing answers.' },
        ],
      }),
    });
    await screen.findByText('Cannot reach Bybit: nothing answers.');

    push({
      type: 'changes',
      quotes: [],
      status: [{ exchange: 'okx', state: 'down', stale: true, lastError: 'OKX socket closed (1006).' }],
    });

    expect(screen.getByText('down')).toBeDefined();
    // In words, the socket's own text on hover for whoever reports it.
    expect(screen.getByText('OKX connection dropped; reconnecting…').getAttribute('title')).toBe(
      'OKX socket closed (1006).',
    );
  });

  it('says so when the background does not answer, and asks again on "Try again"', async () => {
    let answers = 0;
    const { container } = openPopup({
      vaultStatus: () =>
        ++answers === 1
          ? Promise.reject(new Error('Could not establish connection.'))
          : Promise.resolve({ state: 'unlocked', autoLockMinutes: 15, credentials: KEYS }),
    });

    expect(
      await screen.findByText("Perch's background is not answering: Could not establish connection."),
    ).toBeDefined();
    await expectNoAxeViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Lock' })).toBeDefined();
  });

  describe('locked', () => {
    const locked = () => resolves({ state: 'locked', autoLockMinutes: 15, credentials: KEYS });

    it('says a wrong passphrase at the field and keeps what was typed', async () => {
      const { container } = openPopup({
        vaultStatus: locked(),
        vaultUnlock: rejects('WrongPassphraseError', 'That passphrase is not the one Perch was set up with.'),
      });
      const field = await screen.findByLabelText('Passphrase');

      await userEvent.type(field, 'not it');
      await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));

      const error = await screen.findByRole('alert');
      expect(error.textContent).toBe('That passphrase is not the one Perch was set up with.');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(error.id);
      expect((field as HTMLInputElement).value).toBe('not it');
      await expectNoAxeViolations(container);
    });

    it('unlocks with the passphrase (Enter submits) and shows the positions with a Lock button', async () => {
      let state = 'locked';
      const { background } = openPopup({
        vaultStatus: () => Promise.resolve({ state, autoLockMinutes: 15, credentials: KEYS }),
        vaultUnlock: () => {
          state = 'unlocked';
          return Promise.resolve({});
        },
        vaultLock: () => {
          state = 'locked';
          return Promise.resolve({});
        },
      });

      await userEvent.type(await screen.findByLabelText('Passphrase'), 'right one{Enter}');
      await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));

      expect(await screen.findByLabelText('Passphrase')).toBeDefined();
      expect(background.sent.filter(({ name }) => name.startsWith('vaultU') || name === 'vaultLock')).toEqual(
        [
          { name: 'vaultUnlock', request: { passphrase: 'right one' } },
          { name: 'vaultLock', request: {} },
        ],
      );
    });
  });

  describe('closing a position', () => {
    it('closes with one click: "Closing…" while in flight, then the answer, and the row goes when the account drops it', async () => {
      let answer: (value: unknown) => void = () => undefined;
      const { container, push, background } = openPopup({
        closePosition: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      });
      await loaded();
      push(hubSnapshot([OKX_LONG]));

      await userEvent.click(screen.getByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' }));

      const pending = screen.getByRole('button', { name: 'Closing… OKX BTC-USDT-SWAP long' });
      expect(pending).toHaveProperty('disabled', true);
      await expectNoAxeViolations(container);
      expect(background.sent.filter(({ name }) => name === 'closePosition')).toEqual([
        {
          name: 'closePosition',
          request: {
            exchange: 'okx',
            instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
            slot: 'one-way',
            seen: { side: 'long', sizeContracts: '3' },
          },
        },
      ]);
      await act(async () => {
        answer({
          status: 'sent',
          clientOrderId: 'c1',
          orderId: '',
          via: 'socket',
          message: 'Close order sent to OKX.',
        });
        await Promise.resolve();
      });
      expect(within(positionRows()[0]!).getByRole('status').textContent).toBe('Close order sent to OKX.');
      expect(positionRows()).toHaveLength(1);

      push({ type: 'changes', quotes: [], status: [], account: { positions: [] } });

      // The stream's confirmation: the row stays a while as closed, with no close offered, rather than vanish.
      const [closed] = positionRows();
      expect(positionRows()).toHaveLength(1);
      expect(within(closed!).getByText('Closed')).toBeDefined();
      expect(within(closed!).getByRole('status').textContent).toMatch(/^Closed at .+; OKX confirmed it\.$/);
      expect(within(closed!).queryByRole('button')).toBeNull();
      expect(screen.getByText('No open positions.')).toBeDefined();
      await expectNoAxeViolations(container);
    });

    it('shows the error’s words when the close fails, and the button works again', async () => {
      const { container, push } = openPopup({
        closePosition: rejects(
          'ExchangeNotConnectedError',
          'OKX is not connected: check your keys in settings.',
        ),
      });
      await loaded();
      push(hubSnapshot([OKX_LONG]));

      await userEvent.click(screen.getByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' }));

      const notice = await screen.findByText('OKX is not connected: check your keys in settings.');
      expect(notice.className).toContain('perch-problem');
      expect(positionRows()[0]?.contains(notice)).toBe(true);
      expect(screen.getByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' })).toHaveProperty(
        'disabled',
        false,
      );
      await expectNoAxeViolations(container);
    });

    it('refused because the position changed: the words stay on its row while the row shows the position as it now is', async () => {
      const words =
        'Your BTC-USDT-SWAP position on OKX changed since you saw it — it is now Short 5, not Long 3. Nothing was closed; look again and close once more.';
      const { container, push, background } = openPopup({
        closePosition: rejects('PositionChangedError', words),
      });
      await loaded();
      push(hubSnapshot([OKX_LONG, BYBIT_ETH]));
      const row = (exchange: string) => positionRows().find((item) => item.dataset.exchange === exchange)!;

      await userEvent.click(screen.getByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' }));

      const shown = await within(row('okx')).findByText(words);
      expect(shown.className).toBe('perch-notice perch-problem');
      expect(background.sent.filter(({ name }) => name === 'closePosition')).toMatchObject([
        { request: { seen: { side: 'long', sizeContracts: '3' } } },
      ]);
      // The hub port brings the position as it now is: the row follows it, the words stay.
      const flipped = { ...OKX_LONG, side: 'short', sizeContracts: '5', pnl: -50, pnlUsd: -50 } as const;
      push({ type: 'changes', quotes: [], status: [], account: { positions: [flipped, BYBIT_ETH] } });

      expect(within(row('okx')).getByText('Short · 10x · cross')).toBeDefined();
      expect(within(row('okx')).getByText('5.00')).toBeDefined();
      expect(within(row('okx')).getByRole('status').textContent).toBe(words);
      expect(within(row('bybit')).getByRole('status').textContent).toBe('');
      expect(screen.getAllByText(words)).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Close OKX BTC-USDT-SWAP short' })).toHaveProperty(
        'disabled',
        false,
      );
      await expectNoAxeViolations(container);
    });

    describe('when the settings ask to hold the button', () => {
      async function holdPopup() {
        vi.useFakeTimers();
        const popup = openPopup({
          readSettings: resolves({ ...DEFAULT_UI_SETTINGS, closeConfirm: 'hold' }),
          closePosition: resolves({ status: 'already-closed', message: 'That position was already closed.' }),
        });
        await act(() => vi.runOnlyPendingTimersAsync());
        popup.push(hubSnapshot([OKX_LONG]));
        const closes = () => popup.sentNames().filter((name) => name === 'closePosition').length;
        const button = screen.getByRole('button', { name: 'Hold to close OKX BTC-USDT-SWAP long' });
        return { ...popup, closes, button };
      }

      it('does nothing on a click, and closes once held for the whole hold time with the progress shown', async () => {
        const { closes, container, button } = await holdPopup();

        fireEvent.click(button);
        expect(closes()).toBe(0);

        fireEvent.pointerDown(button, { button: 0 });
        expect(button.getAttribute('aria-label')).toBe('Keep holding… OKX BTC-USDT-SWAP long');
        expect(button.querySelector('.perch-hold-progress')).not.toBeNull();
        // axe waits on timers of its own: it checks a copy of the held screen once real time is back.
        const held = container.cloneNode(true) as HTMLElement;
        act(() => {
          vi.advanceTimersByTime(HOLD_MS - 1);
        });
        expect(closes()).toBe(0);
        await act(() => vi.advanceTimersByTimeAsync(1));

        expect(closes()).toBe(1);
        expect(within(positionRows()[0]!).getByRole('status').textContent).toBe(
          'That position was already closed.',
        );
        cleanup();
        vi.useRealTimers();
        document.body.append(held);
        await expectNoAxeViolations(held);
        held.remove();
      });

      it('cancels when let go too early', async () => {
        const { closes, button } = await holdPopup();

        fireEvent.pointerDown(button, { button: 0 });
        act(() => {
          vi.advanceTimersByTime(HOLD_MS - 100);
        });
        fireEvent.pointerUp(button, { button: 0 });
        act(() => {
          vi.advanceTimersByTime(HOLD_MS);
        });

        expect(closes()).toBe(0);
        expect(button.getAttribute('aria-label')).toBe('Hold to close OKX BTC-USDT-SWAP long');
      });

      it.each([' ', 'Enter'])(
        'closes when "%s" is held on the focused button, repeats and all',
        async (key) => {
          const { closes, button } = await holdPopup();
          button.focus();

          fireEvent.keyDown(button, { key });
          act(() => {
            vi.advanceTimersByTime(HOLD_MS / 2);
          });
          fireEvent.keyDown(button, { key, repeat: true });
          await act(() => vi.advanceTimersByTimeAsync(HOLD_MS / 2));
          fireEvent.keyUp(button, { key });

          expect(closes()).toBe(1);
        },
      );

      it('cancels when the key is let go too early', async () => {
        const { closes, button } = await holdPopup();

        fireEvent.keyDown(button, { key: 'Enter' });
        act(() => {
          vi.advanceTimersByTime(HOLD_MS - 1);
        });
        fireEvent.keyUp(button, { key: 'Enter' });
        act(() => {
          vi.advanceTimersByTime(HOLD_MS);
        });

        expect(closes()).toBe(0);
      });
    });
  });
});
