import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionStatus } from '../contracts/ports';
import { createFakeTime } from '../exchanges/transport/time-fake.test-helper';
import { DEFAULT_UI_SETTINGS, type RiskSettings } from '../contracts/settings';
import { toolbarFigureSetting, type BadgeView } from './badge';
import { createSettingsStore } from './settings/settings-store';
import { startBadge } from './badge-updates';
import { aTicker, positionPush } from './portfolio/model-fakes.test-helper';
import { createPortfolio } from './portfolio/portfolio-state';

const LIVE: readonly ConnectionStatus[] = [
  { exchange: 'okx', state: 'live', stale: false },
  { exchange: 'bybit', state: 'live', stale: false },
];

/**
 * A badge over a real portfolio holding a 0.5 BTC long from 50,000 on OKX (liquidation at 46,000), and
 * the real setting.
 */
async function setUp(pnlOn: boolean, toolbar: RiskSettings['toolbar'] = 'pnl') {
  const settings = createSettingsStore();
  await settings.update(() => ({
    ...DEFAULT_UI_SETTINGS,
    toolbarPnl: pnlOn,
    risk: { ...DEFAULT_UI_SETTINGS.risk, toolbar },
  }));
  const pnlSetting = toolbarFigureSetting(settings);
  const portfolio = createPortfolio({ clock: createFakeTime().clock });
  portfolio.replaceAccount('okx', {
    positions: [positionPush({ liquidationPrice: '46000' })],
    balance: undefined,
    orders: [],
  });
  const statusListeners: ((statuses: readonly ConnectionStatus[]) => void)[] = [];
  const shown: BadgeView[] = [];
  startBadge({
    onStatus: (listener) => statusListeners.push(listener),
    portfolio,
    figureSetting: pnlSetting,
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

  it('shows the lowest liquidation distance when the trader chose it, red under the danger threshold', async () => {
    const { status, mark, text, shown } = await setUp(true, 'liquidation-distance');
    status(LIVE);
    // 50,000 to 46,000 is 8 % of the mark: under the 10 % warning threshold.
    expect(text()).toBe('8.0%');
    expect(shown.at(-1)?.color).toBe('#bf8700');
    mark('48000');
    expect(text()).toBe('4.2%');
    expect(shown.at(-1)?.color).toBe('#cf222e');
    expect(shown.at(-1)?.title).toContain(
      'Closest to liquidation: OKX BTC-USDT-SWAP long, 4.2% from its mark',
    );
    mark('60000');
    expect(text()).toBe('23%');
    expect(shown.at(-1)?.color).toBe('#1a7f37');
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
