import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FeedStatus } from '../contracts/ports';
import { createFakeTime } from '../exchanges/transport/time-fake.test-helper';
import { badgePnlSetting, type BadgeView } from './badge';
import { startBadge } from './badge-updates';
import { aTicker, positionPush } from './portfolio/model-fakes.test-helper';
import { createPortfolio } from './portfolio/portfolio-state';

const LIVE: readonly FeedStatus[] = [
  { exchange: 'okx', state: 'live', stale: false },
  { exchange: 'bybit', state: 'live', stale: false },
];

/** A badge over a real portfolio holding a 0.5 BTC long from 50,000 on OKX, and the real setting. */
async function setUp(pnlOn: boolean) {
  await badgePnlSetting.setValue(pnlOn);
  const portfolio = createPortfolio({ clock: createFakeTime().clock });
  portfolio.replaceAccount('okx', { positions: [positionPush()], balance: undefined, orders: [] });
  const statusListeners: ((statuses: readonly FeedStatus[]) => void)[] = [];
  const shown: BadgeView[] = [];
  startBadge({
    onStatus: (listener) => statusListeners.push(listener),
    portfolio,
    pnlSetting: badgePnlSetting,
    show: (view) => shown.push(view),
  });
  await badgePnlSetting.getValue();
  const status = (statuses: readonly FeedStatus[]) => {
    for (const listener of statusListeners) listener(statuses);
  };
  const mark = (price: string) => {
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: price, ts: 5_000 }));
  };
  const text = () => shown.at(-1)?.text;
  return { shown, status, mark, text };
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
    const { status, mark, text } = await setUp(false);
    status(LIVE);
    mark('51000');
    await badgePnlSetting.setValue(true);
    expect(text()).toBe('+500');
    await badgePnlSetting.setValue(false);
    expect(text()).toBe('');
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
