// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../ui/axe.test-helper';
import { CLOSED_SHOWN_MS } from '../badge/badge-view';
import { NO_POSITION } from '../badge/press-words';
import * as rig from './chart-badge.test-helper';

const { position, showBadge, withPosition } = rig;
const page = rig.useBadgePage();
const text = (selector: string) => rig.drawnText(page, selector);
const badge = () => page.root.querySelector<HTMLElement>('.badge')!;
const noPosition = () => page.root.querySelector<HTMLElement>('.no-position')!;
const closeAll = (port: ReturnType<typeof showBadge>) => {
  port.push({ type: 'changes', quotes: [], status: [], account: { positions: [] } });
};

afterEach(() => {
  document.documentElement.className = '';
});

describe('the chart badge, as it looks', () => {
  it("wears the chart page's dark theme, and switches when the page does", async () => {
    document.documentElement.className = 'theme-dark';
    showBadge(page);

    expect(badge().classList.contains('dark')).toBe(true);

    document.documentElement.className = 'theme-light';
    await vi.advanceTimersByTimeAsync(0);

    expect(badge().classList.contains('dark')).toBe(false);
  });

  it('shows side, size with its coin, entry and PnL as fields of their own, side and PnL coloured', () => {
    withPosition(showBadge(page), { ...position, side: 'short', sizeCoin: '0.03', pnl: -12.5 });

    expect(text('.side')).toBe('Short');
    expect(page.root.querySelector('.side')!.className).toBe('side short');
    expect(text('.size')).toBe('0.03 BTC');
    expect(text('.entry')).toBe('@ 60,000.00');
    expect(text('.pnl')).toBe('−12.50 USDT');
    expect(page.root.querySelector('.pnl')!.className).toBe('pnl down');
  });

  it('says "Closed" with what was closed when a position goes, with no button left to hold, then shows the empty slot', async () => {
    const port = showBadge(page);
    withPosition(port, { ...position, sizeCoin: '0.03' });

    closeAll(port);

    expect(text('.closed-note')).toBe('Closed · Long 0.03 BTC');
    expect(page.root.querySelector('.position .hold')).toBeNull();
    expect(page.root.querySelector('.position-text')).toBeNull();
    expect(noPosition().hidden).toBe(true);

    await vi.advanceTimersByTimeAsync(CLOSED_SHOWN_MS - 1);
    expect(text('.closed-note')).toBe('Closed · Long 0.03 BTC');

    await vi.advanceTimersByTimeAsync(1);
    expect(page.root.querySelector('.position')).toBeNull();
    expect(noPosition().hidden).toBe(false);
    expect(text('.no-position')).toBe(NO_POSITION);
  });

  it('says only "Closed" in privacy mode', () => {
    const port = showBadge(page, true);
    withPosition(port);

    closeAll(port);

    expect(text('.closed-note')).toBe('Closed');
  });

  it('replaces the "Closed" row with the live one when the position comes back meanwhile', async () => {
    const port = showBadge(page);
    withPosition(port);
    closeAll(port);

    withPosition(port, { ...position, sizeContracts: '0.01' });

    expect(page.root.querySelector('.closed-note')).toBeNull();
    expect(rig.positionText(page)).toBe('Long 0.01 BTC @ 60,000.00');
    await vi.advanceTimersByTimeAsync(CLOSED_SHOWN_MS);
    expect(page.root.querySelectorAll('.position')).toHaveLength(1);
  });

  it.each(['theme-light', 'theme-dark'])(
    'passes axe with a position and a closed one (%s)',
    async (theme) => {
      vi.useRealTimers();
      document.documentElement.className = theme;
      const open = document.body.appendChild(document.createElement('div'));
      page.root = open.attachShadow({ mode: 'open' });
      const port = showBadge(page);
      port.push({
        type: 'snapshot',
        quotes: [],
        status: [],
        account: { positions: [position, { ...position, slot: 'short', side: 'short' }] },
      });
      port.push({ type: 'changes', quotes: [], status: [], account: { positions: [position] } });

      await expectNoAxeViolations(open);
      open.remove();
    },
  );
});
