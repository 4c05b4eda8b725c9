import type { UiSettings } from '../contracts/settings';
import { SettingsSection } from './SettingsSection';
import type { OptionsStore } from './store';

const CLOSE_CONFIRM = [
  { value: 'click', label: 'One click closes a position' },
  { value: 'hold', label: 'Hold the close button down to confirm' },
] as const;

const TOOLBAR = [
  { value: 'off', label: 'Only how the connections are doing' },
  { value: 'pnl', label: 'The total unrealised PnL' },
  {
    value: 'liquidation-distance',
    label: 'The lowest liquidation distance (red under the danger threshold)',
  },
] as const;

/** The toolbar choice over its two settings: whether a figure is on (`toolbarPnl`) and which (`risk.toolbar`). */
function toolbarChoice(settings: UiSettings): (typeof TOOLBAR)[number]['value'] {
  return settings.toolbarPnl ? settings.risk.toolbar : 'off';
}

function withToolbar(settings: UiSettings, choice: (typeof TOOLBAR)[number]['value']): UiSettings {
  if (choice === 'off') return { ...settings, toolbarPnl: false };
  return { ...settings, toolbarPnl: true, risk: { ...settings.risk, toolbar: choice } };
}

/** How the popup asks before closing a position, and what the toolbar icon shows. */
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
          <fieldset>
            <legend>The toolbar icon shows (a figure keeps the account streams open)</legend>
            {TOOLBAR.map((choice) => (
              <label key={choice.value} className="perch-check">
                <input
                  type="radio"
                  name="toolbar-figure"
                  value={choice.value}
                  checked={toolbarChoice(settings) === choice.value}
                  onChange={() => {
                    save(withToolbar(settings, choice.value));
                  }}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </SettingsSection>
  );
}
