import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { renderInTheme, THEMES } from '../ui/themes.test-helper';
import { ShortcutsSection } from './ShortcutsSection';

afterEach(cleanup);

const section = () => screen.getByRole('region', { name: 'Keyboard shortcuts' });

it.each(THEMES)(
  'lists each shortcut as the browser has it set, one chip per key, and "not set" for one cleared (%s)',
  async (theme) => {
    const { container } = renderInTheme(
      theme,
      <ShortcutsSection
        readShortcuts={() =>
          Promise.resolve([
            { command: '_execute_action', description: '', keys: 'Alt+Shift+P' },
            {
              command: 'close-everything',
              description: 'Open the Perch popup at Close everything',
              keys: '',
            },
          ])
        }
      />,
    );

    await within(section()).findByText('not set');
    const terms = within(section())
      .getAllByRole('term')
      .map((term) => term.textContent);
    const keys = within(section())
      .getAllByRole('definition')
      .map((keys) => keys.textContent);
    expect(terms).toEqual([
      'Open the popup',
      'Open the popup at Close everything (it still asks before closing)',
    ]);
    expect(keys).toEqual(['Alt+Shift+P', 'not set']);
    const chips = within(section()).getByText('Alt').closest('.perch-keys');
    expect([...(chips?.querySelectorAll('kbd') ?? [])].map((key) => key.textContent)).toEqual([
      'Alt',
      'Shift',
      'P',
    ]);
    expect(section().textContent).toContain('chrome://extensions/shortcuts');
    expect(section().textContent).toContain('about:addons');
    await expectNoAxeViolations(container);
  },
);

it('says so when the browser cannot list them, and still says where to set them', async () => {
  render(<ShortcutsSection readShortcuts={() => Promise.reject(new Error('commands is not available'))} />);

  expect(
    await within(section()).findByText('Cannot read the shortcuts: commands is not available'),
  ).toBeDefined();
  expect(section().textContent).toContain('chrome://extensions/shortcuts');
});
