import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { DeadManSwitchView } from '../contracts/dead-man-switch';
import { armedWords } from '../ui/dead-man-words';
import { CheckField, SelectField } from '../ui/ChoiceFields';
import { SettingsSection } from './SettingsSection';
import type { OptionsStore } from './store';

/** Inside OKX's 10 to 120 s; a list, so no half-typed number is ever saved. */
const TIMEOUTS = [10, 15, 20, 30, 45, 60, 90, 120].map((seconds) => ({
  value: String(seconds),
  label: `${String(seconds)} seconds`,
}));

/** What the worker says of the switch now: read on load and after each save. */
function useDeadManStatus(store: OptionsStore): DeadManSwitchView | undefined {
  const settings = useStore(store, (state) => state.settings);
  const [view, setView] = useState<DeadManSwitchView>();
  useEffect(() => {
    let current = true;
    store
      .getState()
      .readDeadManSwitch()
      .then((next) => {
        if (current) setView(next);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [store, settings]);
  return view;
}

/** The dead-man switch: OKX cancels the account's resting orders if Perch stops renewing its timer. */
export function DeadManSection({ store }: { readonly store: OptionsStore }) {
  const status = useDeadManStatus(store);
  const armed = armedWords(status);
  return (
    <SettingsSection store={store} id="dead-man-heading" title="Dead-man switch">
      {(settings, save) => (
        <>
          <p className="perch-muted">
            While this is on and you have resting orders on OKX, Perch keeps OKX&apos;s cancel-all-after timer
            armed and renews it every third of the time below. If Perch stops (the browser closes, the
            computer sleeps, the connection drops), OKX cancels those orders when the time runs out. Open
            positions stay open.
          </p>
          <CheckField
            label="Keep OKX's dead-man switch armed while orders rest"
            checked={settings.deadManSwitch.enabled}
            onChange={(enabled) => {
              save({ ...settings, deadManSwitch: { ...settings.deadManSwitch, enabled } });
            }}
          />
          <SelectField
            label="Cancel my OKX orders if Perch stops for"
            value={String(settings.deadManSwitch.timeoutSeconds)}
            choices={TIMEOUTS}
            onChange={(seconds) => {
              save({
                ...settings,
                deadManSwitch: { ...settings.deadManSwitch, timeoutSeconds: Number(seconds) },
              });
            }}
          />
          <p role="status" data-testid="dead-man-state">
            {armed ??
              (status?.enabled === true && status.problem !== undefined
                ? `Not armed: ${status.problem}`
                : status?.enabled === true
                  ? 'Not armed now: Perch sees no resting OKX order of yours.'
                  : '')}
          </p>
          <p className="perch-muted">
            Bybit: its disconnect-cancel-all is for institutional accounts only, so Perch cannot arm it for
            your Bybit orders.
          </p>
        </>
      )}
    </SettingsSection>
  );
}
