import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { TabBar, TabPanel } from './TabBar';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

const TABS = [
  { id: 'positions', label: 'Positions' },
  { id: 'orders', label: 'Orders' },
  { id: 'alerts', label: 'Alerts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Tabs() {
  const [selected, setSelected] = useState<TabId>('positions');
  return (
    <>
      <TabBar label="Sections" tabs={TABS} selected={selected} onSelect={setSelected} idBase="t" />
      {TABS.map((tab) => (
        <TabPanel key={tab.id} idBase="t" id={tab.id} selected={tab.id === selected}>
          <p>{tab.label} content</p>
        </TabPanel>
      ))}
    </>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe.each(THEMES)('a TabBar (%s)', (theme) => {
  it('shows the selected tab’s panel, named by its tab, and hides the others', async () => {
    const { container } = renderInTheme(theme, <Tabs />);

    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeDefined();
    expect(screen.getByRole('tabpanel', { name: 'Positions' }).textContent).toBe('Positions content');
    expect(screen.queryByText('Orders content')).toHaveProperty('parentElement.hidden', true);
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByRole('tabpanel', { name: 'Orders' }).textContent).toBe('Orders content');
    expect(selectedTab().textContent).toBe('Orders');
    await expectNoAxeViolations(container);
  });

  it('is one tab stop; arrow keys, Home and End move the selection and the focus, wrapping round', async () => {
    renderInTheme(theme, <Tabs />);

    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.tab();
    expect(document.activeElement).toBe(selectedTab());
    await userEvent.keyboard('{ArrowLeft}');
    expect(selectedTab().textContent).toBe('Alerts');
    expect(document.activeElement).toBe(selectedTab());
    await userEvent.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Positions');
    await userEvent.keyboard('{End}');
    expect(selectedTab().textContent).toBe('Alerts');
    await userEvent.keyboard('{Home}');
    expect(selectedTab().textContent).toBe('Positions');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });
});
