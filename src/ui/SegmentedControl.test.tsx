import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { SegmentedControl } from './SegmentedControl';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

function CloseConfirm({ disabled = false }: { disabled?: boolean }) {
  const [value, setValue] = useState<'click' | 'hold'>('click');
  return (
    <SegmentedControl
      label="Close confirmation"
      segments={[
        { value: 'click', label: 'One click' },
        { value: 'hold', label: 'Hold' },
      ]}
      value={value}
      onChange={setValue}
      disabled={disabled}
    />
  );
}

describe.each(THEMES)('a SegmentedControl (%s)', (theme) => {
  it('is a named radiogroup of native radios: a click moves the choice', async () => {
    const { container } = renderInTheme(theme, <CloseConfirm />);

    const group = screen.getByRole('radiogroup', { name: 'Close confirmation' });
    expect(group).toBeDefined();
    expect(screen.getByRole('radio', { name: 'One click' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Hold' }));
    expect(screen.getByRole('radio', { name: 'Hold' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'One click' })).toHaveProperty('checked', false);
    await expectNoAxeViolations(container);
  });

  it('shows its label above the segments when asked, and is named by it', async () => {
    const { container } = renderInTheme(
      theme,
      <SegmentedControl
        label="Environment"
        labelVisible
        segments={[
          { value: 'live', label: 'Live' },
          { value: 'demo', label: 'Demo trading' },
        ]}
        value="demo"
        onChange={() => {}}
      />,
    );

    const group = screen.getByRole('radiogroup', { name: 'Environment' });
    expect(group.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByText('Environment').id).toBe(group.getAttribute('aria-labelledby'));
    expect(screen.getByRole('radio', { name: 'Demo trading' })).toHaveProperty('checked', true);
    await expectNoAxeViolations(container);
  });

  it('offers no choice while disabled', async () => {
    const { container } = renderInTheme(theme, <CloseConfirm disabled />);

    await userEvent.click(screen.getByRole('radio', { name: 'Hold' }));
    expect(screen.getByRole('radio', { name: 'One click' })).toHaveProperty('checked', true);
    await expectNoAxeViolations(container);
  });
});
