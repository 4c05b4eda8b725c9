import { useState } from 'react';
import type { UiSettings } from '../contracts/settings';
import { SettingsSection, type Save } from './SettingsSection';
import type { OptionsStore } from './store';
import { TextField } from '../ui/TextField';

/**
 * The thresholds as typed, saved together: the worker checks them (a percentage above 0, danger below
 * warning) and a refusal says why under the section, leaving what was typed in place.
 */
function ThresholdsForm({ settings, save }: { readonly settings: UiSettings; readonly save: Save }) {
  const [warn, setWarn] = useState(String(settings.risk.warnBelowPercent));
  const [danger, setDanger] = useState(String(settings.risk.dangerBelowPercent));
  return (
    <form
      aria-label="Liquidation thresholds"
      className="perch-short-fields"
      onSubmit={(event) => {
        event.preventDefault();
        save({
          ...settings,
          risk: { ...settings.risk, warnBelowPercent: Number(warn), dangerBelowPercent: Number(danger) },
        });
      }}
    >
      <TextField
        label="Warn when a position is less than this % of its mark from liquidation"
        value={warn}
        onChange={setWarn}
        inputMode="decimal"
      />
      <TextField
        label="Danger when a position is less than this % of its mark from liquidation"
        value={danger}
        onChange={setDanger}
        inputMode="decimal"
      />
      <button type="submit">Save thresholds</button>
    </form>
  );
}

/** When a position's liquidation distance reads as a warning or as danger, in the popup and on the toolbar. */
export function RiskSection({ store }: { readonly store: OptionsStore }) {
  return (
    <SettingsSection store={store} id="risk-heading" title="Risk">
      {(settings, save) => <ThresholdsForm settings={settings} save={save} />}
    </SettingsSection>
  );
}
