import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { renderInTheme, THEMES } from '../ui/themes.test-helper';
import { EnvironmentFields, type Choices, type Profile } from './EnvironmentFields';

afterEach(cleanup);

const OKX: Choices = {
  exchange: 'okx',
  environments: ['live', 'demo', 'simulator'],
  regions: { live: ['global', 'eea', 'us', 'aws'], demo: ['global', 'eea', 'us'] },
};
const BYBIT: Choices = {
  exchange: 'bybit',
  environments: ['live', 'testnet', 'demo'],
  regions: { live: ['default', 'bytick', 'NL', 'TK', 'KZ', 'HK', 'GE', 'UAE', 'EU', 'ID', 'JP'] },
};

/** The fields as a form holds them: every pick is kept, and the last one is reported. */
function Fields({ choices, start }: { readonly choices: Choices; readonly start: Profile }) {
  const [profile, setProfile] = useState(start);
  return (
    <>
      <EnvironmentFields profile={profile} choices={choices} onChange={setProfile} />
      <output aria-label="Picked">{JSON.stringify(profile)}</output>
    </>
  );
}

const picked = () => JSON.parse(screen.getByRole('status', { name: 'Picked' }).textContent) as Profile;
const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => radio.parentElement?.textContent);

describe.each(THEMES)('the environment fields (%s)', (theme) => {
  it('offer the environments and a short region list as segments; a new environment starts at its first region', async () => {
    const user = userEvent.setup();
    const { container } = renderInTheme(
      theme,
      <Fields choices={OKX} start={{ exchange: 'okx', enabled: true, environment: 'live', region: 'us' }} />,
    );

    const environment = screen.getByRole('radiogroup', { name: 'Environment' });
    expect(radioNames(environment)).toEqual(['Live', 'Demo trading', 'Local simulator']);
    expect(within(environment).getByRole('radio', { name: 'Live' })).toHaveProperty('checked', true);
    const region = screen.getByRole('radiogroup', { name: 'Region' });
    expect(radioNames(region)).toEqual(['Global (okx.com)', 'Europe (EEA)', 'United States', 'Global, AWS']);
    expect(within(region).getByRole('radio', { name: 'United States' })).toHaveProperty('checked', true);
    await expectNoAxeViolations(container);

    await user.click(within(region).getByRole('radio', { name: 'Europe (EEA)' }));
    expect(picked()).toEqual({ exchange: 'okx', enabled: true, environment: 'live', region: 'eea' });
    await user.click(within(environment).getByRole('radio', { name: 'Demo trading' }));
    expect(picked()).toEqual({ exchange: 'okx', enabled: true, environment: 'demo', region: 'global' });
    expect(screen.getByText(/Play money on the live markets/)).toBeDefined();
    await user.click(within(environment).getByRole('radio', { name: 'Local simulator' }));
    expect(picked()).toEqual({ exchange: 'okx', enabled: true, environment: 'simulator' });
    expect(screen.queryByRole('radiogroup', { name: 'Region' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('offer a long region list as a drop-down, and no region where the environment has none', async () => {
    const user = userEvent.setup();
    const { container } = renderInTheme(
      theme,
      <Fields choices={BYBIT} start={{ exchange: 'bybit', enabled: true, environment: 'live' }} />,
    );

    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toHaveProperty('value', 'default');
    await user.selectOptions(region, 'EU');
    expect(picked().region).toBe('EU');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('radio', { name: 'Testnet' }));
    expect(picked()).toEqual({ exchange: 'bybit', enabled: true, environment: 'testnet' });
    expect(screen.queryByLabelText('Region')).toBeNull();
    await expectNoAxeViolations(container);
  });
});
