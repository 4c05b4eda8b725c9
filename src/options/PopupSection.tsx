import { CheckField } from './ChoiceFields';
import { SettingsSection } from './SettingsSection';
import type { OptionsStore } from './store';

const CLOSE_CONFIRM = [
  { value: 'click', label: 'One click closes a position' },
  { value: 'hold', label: 'Hold the close button down to confirm' },
] as const;

/** How the popup asks before closing a position, and whether the toolbar icon shows the PnL. */
export function PopupSection({ store }: { readonly store: OptionsStore }) {
  return (
    <SettingsSection store={store} id="popup-heading" title="Popup">
      {(settings, save) => (
        <>
          <fieldset>
            <legend>Closing a position</legend>
            {CLOSE_CONFIRM.map((choice) => (
              <label key={choice.value} className="perch-check">
                <input
                  type="radio"
                  name="close-confirm"
                  value={choice.value}
                  checked={settings.closeConfirm === choice.value}
                  onChange={() => {
                    save({ ...settings, closeConfirm: choice.value });
                  }}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <CheckField
            label="Show the total unrealised PnL on the toolbar icon (keeps the account streams open)"
            checked={settings.toolbarPnl}
            onChange={(toolbarPnl) => {
              save({ ...settings, toolbarPnl });
            }}
          />
        </>
      )}
    </SettingsSection>
  );
}
