import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_UI_SETTINGS, type UiSettings } from '../contracts/settings';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { perchFailure, renderSection } from './options-fakes.test-helper';

afterEach(cleanup);

const WARN = 'Warn when a position is less than this % of its mark from liquidation';
const DANGER = 'Danger when a position is less than this % of its mark from liquidation';

const REFUSAL =
  'The settings were not saved. Liquidation danger threshold is 15; put the danger threshold below the warning threshold.';

/** The worker's answer (background/settings/setting-problems.ts words it): danger must be below warning. */
const checkedSave = ({ settings }: { settings: UiSettings }) =>
  settings.risk.dangerBelowPercent < settings.risk.warnBelowPercent
    ? Promise.resolve(settings)
    : perchFailure('InvalidSettingError', REFUSAL);

async function thresholds() {
  const region = await screen.findByRole('region', { name: 'Risk' });
  const form = await within(region).findByRole('form', { name: 'Liquidation thresholds' });
  return {
    region,
    form,
    warn: within(form).getByLabelText(WARN),
    danger: within(form).getByLabelText(DANGER),
  };
}

it('shows the default thresholds and saves the trader’s', async () => {
  const user = userEvent.setup();
  const { sentNamed, view } = renderSection('#trading', { saveSettings: checkedSave });
  const { form, warn, danger } = await thresholds();
  expect(warn).toHaveProperty('value', '10');
  expect(danger).toHaveProperty('value', '5');
  await expectNoAxeViolations(view.container);

  await user.clear(warn);
  await user.type(warn, '12.5');
  await user.clear(danger);
  await user.type(danger, '6');
  await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));

  expect(sentNamed('saveSettings')).toEqual([
    {
      settings: {
        ...DEFAULT_UI_SETTINGS,
        risk: { ...DEFAULT_UI_SETTINGS.risk, warnBelowPercent: 12.5, dangerBelowPercent: 6 },
      },
    },
  ]);
});

it('says why thresholds were refused and keeps what was typed', async () => {
  const user = userEvent.setup();
  renderSection('#trading', { saveSettings: checkedSave });
  const { region, form, warn, danger } = await thresholds();

  await user.clear(danger);
  await user.type(danger, '15');
  await user.click(within(form).getByRole('button', { name: 'Save thresholds' }));

  expect((await within(region).findByRole('alert')).textContent).toBe(`Not saved: ${REFUSAL}`);
  expect(danger).toHaveProperty('value', '15');
  expect(warn).toHaveProperty('value', '10');
});
