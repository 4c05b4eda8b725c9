import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { Figure } from './Figure';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

describe.each(THEMES)('a Figure (%s)', (theme) => {
  it('pairs its label with its value, unit and note, and explains a missing figure on hover', async () => {
    const { container } = renderInTheme(
      theme,
      <dl>
        <Figure label="Size" value="3.00" unit="contracts" note="0.030 BTC" align="end" />
        <Figure label="Liq." value="none" title="No liquidation price: the account's margin covers it" />
        <Figure label="Equity" value="12,000.00" unit="USD" size="lg" tone="perch-up" />
      </dl>,
    );

    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Size', 'Liq.', 'Equity']);
    expect(screen.getByText('Size').nextElementSibling?.textContent).toBe('3.00contracts0.030 BTC');
    expect(screen.getByText('contracts').className).toBe('perch-unit');
    expect(screen.getByText('none').closest('.perch-figure')?.getAttribute('title')).toMatch(
      /No liquidation/,
    );
    expect(screen.getByText('12,000.00').className).toBe('perch-up');
    await expectNoAxeViolations(container);
  });
});
