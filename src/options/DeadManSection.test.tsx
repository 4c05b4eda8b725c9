import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_UI_SETTINGS, type UiSettings } from '../contracts/settings';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { clockTime } from '../ui/dead-man-words';
import { renderSection } from './options-fakes.test-helper';

afterEach(cleanup);

const section = async () => screen.findByRole('region', { name: 'Dead-man switch' });
const saved = (sent: unknown[]) => sent.map((request) => (request as { settings: UiSettings }).settings);
const ARMED_UNTIL = Date.UTC(2026, 10, 28, 9, 30, 15);

it('turns the switch on and sets its time, saving each change', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = renderSection('#trading', {
    deadManSwitchStatus: () => Promise.resolve({ enabled: false, timeoutSeconds: 60 }),
  });
  const area = await section();
  const toggle = await within(area).findByRole('checkbox', {
    name: "Keep OKX's dead-man switch armed while orders rest",
  });
  expect(toggle).toHaveProperty('checked', false);
  await expectNoAxeViolations(view.container);

  await user.click(toggle);
  await user.selectOptions(
    within(area).getByRole('combobox', { name: 'Cancel my OKX orders if Perch stops for' }),
    '30 seconds',
  );

  expect(saved(sentNamed('saveSettings'))).toEqual([
    { ...DEFAULT_UI_SETTINGS, deadManSwitch: { enabled: true, timeoutSeconds: 60 } },
    { ...DEFAULT_UI_SETTINGS, deadManSwitch: { enabled: true, timeoutSeconds: 30 } },
  ]);
});

it('shows when the switch is armed until, and says Bybit cannot be armed', async () => {
  renderSection('#trading', {
    readSettings: () =>
      Promise.resolve({ ...DEFAULT_UI_SETTINGS, deadManSwitch: { enabled: true, timeoutSeconds: 60 } }),
    deadManSwitchStatus: () =>
      Promise.resolve({ enabled: true, timeoutSeconds: 60, armedUntil: ARMED_UNTIL }),
  });
  const area = await section();

  expect(
    await within(area).findByText(
      `Dead-man switch armed: OKX cancels your orders if Perch stops for 60 s (armed until ${clockTime(ARMED_UNTIL)}, renewed while Perch runs).`,
    ),
  ).toBeDefined();
  expect(area.textContent).toContain(
    'Bybit: its disconnect-cancel-all is for institutional accounts only, so Perch cannot arm it for your Bybit orders.',
  );
});

it('says why a switch that is on is not armed', async () => {
  renderSection('#trading', {
    deadManSwitchStatus: () => Promise.resolve({ enabled: true, timeoutSeconds: 60 }),
  });
  expect(
    await within(await section()).findByText('Not armed now: Perch sees no resting OKX order of yours.'),
  ).toBeDefined();
});
