import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortAccount } from '../contracts/ports';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { AccountPanel } from './AccountPanel';
import { ExposurePanel } from './ExposurePanel';
import { fakeBackground, OKX_BTC_LONG, resolves } from './popup-fakes.test-helper';
import { RiskLine } from './RiskLine';
import { createPopupStore } from './store';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LIVE = { state: 'live', stale: false, account: 'live' } as const;

const ACCOUNT: PortAccount = {
  balances: [
    {
      exchange: 'okx',
      totalEquityUsd: '10000.1',
      availableUsd: '8000.2',
      usedMarginUsd: '1500',
      unrealisedPnlUsd: '-12.3',
      marginRisk: { kind: 'okx-margin-ratio', value: '3.5' },
      coins: [{ coin: 'USDT', equity: '10000.1', available: '8000.2' }],
    },
    {
      exchange: 'bybit',
      totalEquityUsd: '5000.2',
      availableUsd: undefined,
      usedMarginUsd: '900.5',
      unrealisedPnlUsd: '22.3',
      marginRisk: { kind: 'maintenance-margin-rate', value: '0.12' },
      // Bybit's unified account states no coin's available.
      coins: [{ coin: 'BTC', equity: '0.05', available: undefined }],
    },
  ],
  totals: {
    pnlUsd: { okx: 0, bybit: 0 },
    overallPnlUsd: 0,
    account: {
      equityUsd: { usd: '15000.3', missing: [] },
      availableUsd: { usd: undefined, missing: ['bybit'] },
      usedMarginUsd: { usd: '2400.5', missing: [] },
      unrealisedPnlUsd: { usd: '10', missing: [] },
    },
    exposure: [
      {
        coin: 'BTC',
        netCoin: '0.2',
        netUsd: '12000',
        byExchange: [
          { exchange: 'okx', sizeCoin: '0.3' },
          { exchange: 'bybit', sizeCoin: '-0.1' },
        ],
      },
    ],
  },
  freshness: [
    { exchange: 'okx', restored: false, stale: false, positionsKnown: true },
    { exchange: 'bybit', restored: false, stale: true, positionsKnown: true },
  ],
};

/** An unlocked popup's store holding `account`, with the trader's settings as `risk` says. */
async function storeWith(account: PortAccount, risk = DEFAULT_UI_SETTINGS.risk) {
  const { client } = fakeBackground({
    vaultStatus: resolves({ state: 'unlocked', autoLockMinutes: 15, credentials: [] }),
    readSettings: resolves({ ...DEFAULT_UI_SETTINGS, risk }),
    getWatchlist: resolves({ instruments: [] }),
    marketStatus: resolves({ endpoint: undefined, exchanges: [] }),
  });
  const store = createPopupStore(client);
  await store.getState().load();
  store.setState({ vault: { kind: 'unlocked' } });
  act(() => {
    store.getState().applyHub({
      type: 'snapshot',
      quotes: [],
      status: [
        { exchange: 'okx', ...LIVE },
        { exchange: 'bybit', ...LIVE },
      ],
      account,
    });
  });
  return store;
}

const cell = (table: HTMLElement, row: string, column: number) =>
  within(within(table).getByRole('row', { name: new RegExp(`^${row}`) })).getAllByRole('cell')[column]
    ?.textContent;

describe('the account panel', () => {
  it('shows each exchange’s figures and their total, partial where an exchange states none', async () => {
    const store = await storeWith(ACCOUNT);
    const { container } = render(<AccountPanel store={store} />);
    const table = within(screen.getByRole('region', { name: 'Account' })).getByRole('table');
    // The e2e page object's way in: a data attribute, not a styling class.
    expect(table.getAttribute('data-field')).toBe('account');

    expect(cell(table, 'Equity', 0)).toBe('10,000.10');
    expect(cell(table, 'Equity', 1)).toBe('5,000.20');
    expect(cell(table, 'Equity', 2)).toBe('15,000.30');
    expect(cell(table, 'Available', 1)).toBe('not stated');
    expect(cell(table, 'Available', 2)).toBe('partial');
    expect(
      screen.getByText(
        /^Partial totals: Bybit states no USD figure for them, and an unknown is not counted as 0\.$/,
      ),
    ).toBeDefined();
    expect(cell(table, 'Used margin', 2)).toBe('2,400.50');
    expect(cell(table, 'Unrealised PnL', 0)).toBe('-12.30');
    expect(cell(table, 'Unrealised PnL', 1)).toBe('+22.30');
    expect(cell(table, 'Margin risk', 0)).toBe('margin ratio 350 %');
    expect(cell(table, 'Margin risk', 1)).toBe('MMR 12 %');
    expect(within(table).getByRole('columnheader', { name: /Bybit/ }).textContent).toContain('stale');
    expect(within(table).getByRole('columnheader', { name: /OKX/ }).textContent).not.toContain('stale');
    expect(screen.getByRole('list', { name: 'OKX coins' }).textContent).toBe(
      'OKX USDT 10,000.1, available 8,000.2',
    );
    expect(screen.getByRole('list', { name: 'Bybit coins' }).textContent).toBe('Bybit BTC 0.05');
    await expectNoAxeViolations(container);
  });

  it('shows each coin’s own figures where the account states none (OKX Futures mode)', async () => {
    const store = await storeWith({
      balances: [
        {
          exchange: 'okx',
          totalEquityUsd: '10000',
          coins: [
            {
              coin: 'USDT',
              equity: '10000',
              available: '8000.2',
              marginRisk: { kind: 'okx-margin-ratio', value: '12.5' },
            },
          ],
        },
      ],
    });
    render(<AccountPanel store={store} />);
    const table = screen.getByRole('table');
    expect(cell(table, 'Available', 0)).toBe('8,000.20 USDT');
    expect(cell(table, 'Used margin', 0)).toBe('not stated');
    expect(cell(table, 'Margin risk', 0)).toBe('USDT margin ratio 1250 %');
  });

  it('says the figures are not known before any balance arrived', async () => {
    const store = await storeWith({});
    render(<AccountPanel store={store} />);
    expect(screen.getByText('Account figures not known yet.')).toBeDefined();
  });
});

describe('the net exposure panel', () => {
  it('shows each coin netted across the exchanges, in coin and in USD', async () => {
    const store = await storeWith(ACCOUNT);
    const { container } = render(<ExposurePanel store={store} />);
    const table = within(screen.getByRole('region', { name: 'Net exposure' })).getByRole('table');
    expect(cell(table, 'BTC', 0)).toBe('+0.2 BTC');
    expect(cell(table, 'BTC', 1)).toBe('+12,000.00 USD');
    expect(cell(table, 'BTC', 2)).toBe('OKX +0.30, Bybit -0.10');
    await expectNoAxeViolations(container);
  });
});

describe('the risk line of a position', () => {
  const NOW = Date.UTC(2026, 0, 5, 7, 0, 0);

  it('says the liquidation distance in words and colour under a threshold, the ADL rank and the next funding', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const store = await storeWith({});
    const position = {
      ...OKX_BTC_LONG,
      liquidationDistancePercent: '4.16666667',
      adlRank: 2,
      funding: {
        rate: '0.0001',
        nextFundingTime: NOW + (3 * 60 + 12) * 60_000,
        nextPayment: '-1.8',
        unit: 'USDT',
      },
    };
    render(<RiskLine store={store} position={position} />);
    const danger = screen.getByText('Danger: 4.2 % to liquidation');
    expect(danger.className).toBe('perch-down');
    expect(screen.getByText('ADL rank 2 of 5')).toBeDefined();
    expect(screen.getByText('Funding +0.0100 %, next in 3h 12m, pays 1.80 USDT')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(screen.getByText('Funding +0.0100 %, next in 2h 12m, pays 1.80 USDT')).toBeDefined();
  });

  it('follows the trader’s thresholds: no warning words above them', async () => {
    const store = await storeWith({}, { warnBelowPercent: 4, dangerBelowPercent: 2, toolbar: 'pnl' });
    render(
      <RiskLine store={store} position={{ ...OKX_BTC_LONG, liquidationDistancePercent: '4.16666667' }} />,
    );
    const words = screen.getByText('4.2 % to liquidation');
    expect(words.className).toBe('');
  });
});
