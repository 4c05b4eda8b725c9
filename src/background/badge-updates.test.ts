import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionStatus } from '../contracts/ports';
import { createFakeTime } from '../exchanges/transport/time-fake.test-helper';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { toolbarPnlSetting, type BadgeView } from './badge';
import { createSettingsStore } from './settings/settings-store';
import { startBadge } from './badge-updates';
import { aTicker, positionPush } from './portfolio/model-fakes.test-helper';
import { createPortfolio } from './portfolio/portfolio-state';

const LIVE: readonly ConnectionStatus[] = [
  { exchange: 'okx', state: 'live', stale: false },
  { exchange: 'bybit', state: 'live', stale: false },
];

/** A badge over a real portfolio holding a 0.5 BTC long from 50,000 on OKX, and the real setting. */
async function setUp(pnlOn: boolean) {
  const settings = createSettingsStore();
  await settings.update(() => ({ ...DEFAULT_UI_SETTINGS, toolbarPnl: pnlOn }));
  const pnlSetting = toolbarPnlSetting(settings);
  const portfolio = createPortfolio({ clock: createFakeTime().clock });
  portfolio.replaceAccount('okx', { positions: [positionPush()], balance: undefined, orders: [] });
  const statusListeners: ((statuses: readonly ConnectionStatus[]) => void)[] = [];
  const shown: BadgeView[] = [];
  startBadge({
    onStatus: (listener) => statusListeners.push(listener),
    portfolio,
    pnlSetting,
    show: (view) => shown.push(view),
  });
  await pnlSetting.getValue();
  const status = (statuses: readonly ConnectionStatus[]) => {
    for (const listener of statusListeners) listener(statuses);
  };
  const mark = (price: string) => {
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: price, ts: 5_000 }));
  };
  const text = () => shown.at(-1)?.text;
  const turn = (on: boolean) => settings.update((current) => ({ ...current, toolbarPnl: on }));
  return { shown, status, mark, text, turn };
}

describe('the toolbar badge', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('shows the connection only while the PnL setting is off, whatever the marks do', async () => {
    const { status, mark, text, shown } = await setUp(false);
    status(LIVE);
    mark('51000');
    expect(text()).toBe('');
    expect(shown.at(-1)?.color).toBe('#1a7f37');
  });

  it('shows the total unrealised PnL, following the live mark, while the setting is on', async () => {
    const { status, mark, text } = await setUp(true);
    status(LIVE);
    expect(text()).toBe('+0');
    mark('51000');
    // 0.5 BTC long from 50,000 marked at 51,000.
    expect(text()).toBe('+500');
    mark('47000');
    expect(text()).toBe('-1.5k');
  });

  it('follows the setting as the trader turns it on and off', async () => {
    const { status, mark, text, turn } = await setUp(false);
    status(LIVE);
    mark('51000');
    await turn(true);
    await vi.waitFor(() => {
      expect(text()).toBe('+500');
    });
    await turn(false);
    await vi.waitFor(() => {
      expect(text()).toBe('');
    });
  });

  it('is redrawn only when what it shows changes', async () => {
    const { status, mark, shown } = await setUp(true);
    status(LIVE);
    const before = shown.length;
    status(LIVE);
    mark('50000.4');
    expect(shown).toHaveLength(before);
  });
});
