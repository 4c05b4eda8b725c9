import { openEarlyHub } from '../platform/early-hub';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PositionView } from '../contracts/portfolio';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { followLiveQuotes } from '../popup/live-quotes';
import {
  fakeBackground,
  fakeHubPort,
  OKX_BTC,
  OKX_BTC_LONG,
  resolves,
} from '../popup/popup-fakes.test-helper';
import { createPopupStore } from '../popup/store';
import { followChartFocus } from './chart-focus-client';
import { createFocusSource } from './focus-source';
import { SidePanelApp } from './SidePanelApp';

afterEach(cleanup);

const BYBIT_ETH = { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT' } as const;
const BYBIT_ETH_SHORT: PositionView = {
  ...BYBIT_ETH,
  side: 'short',
  slot: 'one-way',
  sizeContracts: '1.5',
  pnlSource: 'mark',
};
const LIVE = { state: 'live', stale: false, dataAgeMs: 400 } as const;

/** The side panel on a fake background, hub port and chart-focus port: OKX BTC and Bybit ETH, each held. */
async function openPanel() {
  const background = fakeBackground({
    vaultStatus: resolves({
      state: 'unlocked',
      autoLockMinutes: 15,
      credentials: [
        { exchange: 'okx', maskedKey: 'ab12…yz89' },
        { exchange: 'bybit', maskedKey: 'cd34…wx67' },
      ],
    }),
    getWatchlist: resolves({
      instruments: [
        { ...OKX_BTC, contractType: 'linear' },
        { ...BYBIT_ETH, contractType: 'linear' },
      ],
    }),
    marketStatus: resolves({
      endpoint: { environment: 'live', restUrl: 'https://x/', wsUrl: 'wss://x/' },
      exchanges: [],
    }),
    closePosition: resolves({ status: 'closed', message: 'Closed.' }),
  });
  const store = createPopupStore(background.client);
  const hub = fakeHubPort();
  followLiveQuotes(store, openEarlyHub(hub.connect));
  const focusPort = fakeHubPort();
  const focus = createFocusSource();
  await followChartFocus({
    windowId: () => Promise.resolve(4),
    onFocus: focus.set,
    connect: focusPort.connect,
  });
  const { container } = render(
    <SidePanelApp focus={focus} store={store} onOpenOptions={() => undefined} development={false} />,
  );
  act(() => {
    hub.push({
      type: 'snapshot',
      quotes: [
        { ...OKX_BTC, last: '67000.1', tickSize: '0.1', ts: 1 },
        { ...BYBIT_ETH, last: '3600', tickSize: '0.01', ts: 1 },
      ],
      status: [
        { exchange: 'okx', ...LIVE },
        { exchange: 'bybit', ...LIVE },
      ],
      account: {
        positions: [OKX_BTC_LONG, BYBIT_ETH_SHORT],
        freshness: [
          { exchange: 'okx', restored: false, stale: false, positionsKnown: true },
          { exchange: 'bybit', restored: false, stale: false, positionsKnown: true },
        ],
      },
    });
  });
  const chartFollows = (...instruments: unknown[]) => {
    act(() => {
      focusPort.push({ type: 'focus', instruments });
    });
  };
  return { container, background, focusPort, chartFollows };
}

/** The rows marked as the chart's instrument, by their list and name. */
function highlighted(): string[] {
  return [...document.querySelectorAll('[aria-current="true"]')].map((row) => {
    const region = row.closest('section');
    const list = region === null ? '?' : (region.querySelector('h2')?.textContent ?? '?');
    return `${list}: ${row.getAttribute('data-exchange') ?? ''} ${row.getAttribute('data-symbol') ?? ''}`;
  });
}

describe('the side panel', () => {
  it('asks to follow its own window’s active tab', async () => {
    const { focusPort } = await openPanel();

    expect(focusPort.posted).toEqual([{ type: 'follow', windowId: 4 }]);
  });

  it('says no chart is followed, and highlights nothing, until a chart tab is active', async () => {
    await openPanel();

    expect(screen.getByText('No chart in the active tab')).toBeTruthy();
    await screen.findByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' });
    expect(highlighted()).toEqual([]);
  });

  it('highlights the position and quote of what the active chart follows, and follows a switch', async () => {
    const { chartFollows } = await openPanel();
    await screen.findByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' });

    chartFollows(OKX_BTC);
    expect(screen.getByText('Chart: BTC-USDT-SWAP on OKX')).toBeTruthy();
    expect(highlighted()).toEqual(['Positions: okx BTC-USDT-SWAP', 'Watchlist: okx BTC-USDT-SWAP']);

    chartFollows(BYBIT_ETH);
    expect(highlighted()).toEqual(['Positions: bybit ETHUSDT', 'Watchlist: bybit ETHUSDT']);
  });

  it('lets a button act only on its own row, whatever the chart follows', async () => {
    const { chartFollows, background } = await openPanel();
    chartFollows(OKX_BTC);

    await userEvent.click(await screen.findByRole('button', { name: 'Close Bybit ETHUSDT short' }));

    const closes = background.sent.filter(({ name }) => name === 'closePosition');
    expect(closes).toHaveLength(1);
    expect(closes[0]?.request).toMatchObject({ exchange: 'bybit', instrument: { symbol: 'ETHUSDT' } });
  });

  it('offers no "Open side panel" button inside the panel', async () => {
    await openPanel();
    await screen.findByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' });

    expect(screen.queryByRole('button', { name: 'Open side panel' })).toBeNull();
  });

  it('has no accessibility violations with a chart followed', async () => {
    const { container, chartFollows } = await openPanel();
    await within(container).findByRole('button', { name: 'Close OKX BTC-USDT-SWAP long' });
    chartFollows(OKX_BTC);

    await expectNoAxeViolations(container);
  });
});
