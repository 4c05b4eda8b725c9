import { BADGE_CORNERS, OVERLAY_SITE_IDS, type UiSettings } from '../contracts/settings';
import { CheckField, SelectField } from '../ui/ChoiceFields';
import { ExtraSites } from './ExtraSites';
import { SettingsSection, type Save } from './SettingsSection';
import type { OptionsStore } from './store';

const SITE_NAMES = { tradingview: 'TradingView', binance: 'Binance' } as const;
const CORNER_NAMES = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
} as const;

function OverlayControls({
  store,
  settings,
  save,
}: {
  readonly store: OptionsStore;
  readonly settings: UiSettings;
  readonly save: Save;
}) {
  const { overlay } = settings;
  const withOverlay = (next: Partial<UiSettings['overlay']>) => {
    save({ ...settings, overlay: { ...overlay, ...next } });
  };
  return (
    <>
      <fieldset>
        <legend>Show the overlay on</legend>
        {OVERLAY_SITE_IDS.map((site) => (
          <CheckField
            key={site}
            label={SITE_NAMES[site]}
            checked={overlay.sites[site]}
            onChange={(on) => {
              withOverlay({ sites: { ...overlay.sites, [site]: on } });
            }}
          />
        ))}
      </fieldset>
      <ExtraSites store={store} settings={settings} />
      <h3>On the chart</h3>
      <CheckField
        label="Privacy mode: hide amounts (sizes, PnL, balances) on charting pages"
        checked={overlay.privacy}
        onChange={(privacy) => {
          withOverlay({ privacy });
        }}
      />
      <SelectField
        label="Badge corner"
        value={overlay.badge.corner}
        choices={BADGE_CORNERS.map((corner) => ({ value: corner, label: CORNER_NAMES[corner] }))}
        onChange={(corner) => {
          withOverlay({ badge: { ...overlay.badge, corner } });
        }}
      />
    </>
  );
}

/** Where the chart overlay runs and what it shows. */
export function OverlaySection({ store }: { readonly store: OptionsStore }) {
  return (
    <SettingsSection store={store} id="overlay-heading" title="Chart overlay" level={2}>
      {(settings, save) => <OverlayControls store={store} settings={settings} save={save} />}
    </SettingsSection>
  );
}
