import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { SignedPnl } from './SignedPnl';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

describe.each(THEMES)('a SignedPnl (%s)', (theme) => {
  it('says its sign in words and colours a profit up, a loss down, zero neither', async () => {
    const { container } = renderInTheme(
      theme,
      <p>
        <SignedPnl amount={210.03} unit="USD" percent={116.68} size="xl" />
        <SignedPnl amount={-150} unit="USD" percent={-14.29} />
        <SignedPnl amount={0} unit="USDT" />
      </p>,
    );

    const profit = screen.getByText('+210.03 USD');
    expect(profit.textContent).toBe('+210.03 USD+116.68%');
    expect(profit.className).toContain('perch-up');
    expect(profit.getAttribute('data-size')).toBe('xl');
    expect(screen.getByText('-150.00 USD').className).toContain('perch-down');
    expect(screen.getByText('0.00 USDT').className).toContain('perch-flat');
    await expectNoAxeViolations(container);
  });

  it('shows a dash and says why when the amount is not known', async () => {
    const { container } = renderInTheme(
      theme,
      <SignedPnl amount={undefined} unit="USD" unknown="PnL not known yet" />,
    );

    const unknown = screen.getByTitle('PnL not known yet');
    expect(unknown.textContent).toBe('— PnL not known yet');
    expect(unknown.className).toContain('perch-muted');
    await expectNoAxeViolations(container);
  });
});
